import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import { configKeyLine } from './keyLine.ts';

/**
 * Config and sidebars files are code: what they export can hold itself (`c.items.push(c)`)
 * or nest thousands of levels deep when built in a loop. Validating, mapping, hashing or
 * serialising such a value ends in "Maximum call stack size exceeded" or "Converting
 * circular structure to JSON", with no file and no key. This finds the first such place,
 * before anything else walks the value, so the error can name the key.
 */

/** Deeper than any real config or sidebar goes (the deepest sidebars seen nest 6 categories), and far from the stack's limit. */
export const MAX_VALUE_DEPTH = 100;

/**
 * Values a config may hold when written out as a tree (a value used twice counts twice, as
 * JSON.stringify and the validators see it): `x = [x, x]` forty times over is a few
 * bytes of code and 2^40 values. The largest real sidebars hold a few thousand items.
 */
export const MAX_VALUE_SIZE = 1_000_000;

export const VALUE_LIMITS = { depth: MAX_VALUE_DEPTH, size: MAX_VALUE_SIZE };

export type KeyPath = (string | number)[];

/** A value JSON carries as it is (no functions, class instances or cycles): what can reach worker threads and a cache key. */
export function isJsonValue(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth > MAX_VALUE_DEPTH || typeof value !== 'object') return false;
  return Array.isArray(value) ? value.every((v) => isJsonValue(v, depth + 1)) : Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every((v) => isJsonValue(v, depth + 1));
}

export interface ValueShapeProblem {
  /** The key path of the value that holds one of its own ancestors, nests too deep, or grows too large. */
  at: KeyPath;
  kind: 'self-reference' | 'too-deep' | 'too-large' | 'unreadable' | 'bigint';
  /** For a self-reference: the key path of the ancestor it refers back to. */
  ancestor?: KeyPath;
  /** For a value that could not be read (a getter or a Proxy that throws): what it threw; for a BigInt, its digits. */
  thrown?: string;
}

/**
 * The first place where `value` refers back to one of its ancestors, nests deeper than
 * `limits.depth`, or holds more than `limits.size` values written out as a tree; undefined
 * when there is none. Only plain objects and arrays are walked: functions and class
 * instances (a RegExp, a plugin object) are left as they are, as the config's consumers
 * leave them. A value used twice in different branches (`const common = {…}`) is no
 * cycle, and is walked once: its height and size are kept. Recursion stops at the depth
 * limit, so the walk itself cannot overflow the stack.
 */
export function valueShapeProblem(value: unknown, limits = VALUE_LIMITS): ValueShapeProblem | undefined {
  const ancestors = new Map<object, KeyPath>();
  /** Plain containers walked whole without a problem: their height and size as a tree. */
  const done = new Map<object, { height: number; size: number }>();
  let problem: ValueShapeProblem | undefined;
  /** The height and size of `v`'s tree, or undefined once a problem is found. */
  const visit = (value: unknown, at: KeyPath): { height: number; size: number } | undefined => {
    let plain: boolean;
    try {
      plain = isPlainContainer(value);
    } catch (error) {
      // A Proxy whose trap throws.
      problem = { at, kind: 'unreadable', thrown: thrownText(error) };
      return undefined;
    }
    if (typeof value === 'bigint') {
      // The site's data is JSON, which has no BigInt: writing it out would throw, with no key.
      problem = { at, kind: 'bigint', thrown: `${value}n` };
      return undefined;
    }
    if (!plain) return { height: 0, size: 1 };
    const v = value as object;
    const known = done.get(v);
    if (known) {
      if (at.length + known.height > limits.depth) problem = { at, kind: 'too-deep' };
      return problem ? undefined : known;
    }
    const seenAt = ancestors.get(v);
    if (seenAt) {
      problem = { at, kind: 'self-reference', ancestor: seenAt };
      return undefined;
    }
    if (at.length >= limits.depth) {
      problem = { at, kind: 'too-deep' };
      return undefined;
    }
    ancestors.set(v, at);
    // Read key by key: a getter that throws is named by its key.
    const entries: [string | number, unknown][] = [];
    let key: string | number | undefined;
    try {
      const keys: (string | number)[] = Array.isArray(v) ? [...v.keys()] : Object.keys(v);
      for (key of keys) entries.push([key, (v as Record<string | number, unknown>)[key]]);
    } catch (error) {
      problem = { at: key === undefined ? at : [...at, key], kind: 'unreadable', thrown: thrownText(error) };
      return undefined;
    }
    const shape = { height: 1, size: 1 };
    for (const [key, child] of entries) {
      const inner = visit(child, [...at, key]);
      if (!inner) return undefined;
      shape.height = Math.max(shape.height, inner.height + 1);
      shape.size += inner.size;
    }
    ancestors.delete(v);
    if (shape.size > limits.size) {
      problem = { at, kind: 'too-large' };
      return undefined;
    }
    done.set(v, shape);
    return shape;
  };
  visit(value, []);
  return problem;
}

const thrownText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function isPlainContainer(v: unknown): v is object {
  if (Array.isArray(v)) return true;
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

const SHOWN_KEYS = 8;

/**
 * The error for a value with a shape problem, at the line of its key in `source` (best
 * effort), or undefined. `showKey` writes a key path as the file's reader knows it
 * (`docs.sidebars.main` in a site config, `main[0].items` in a sidebars file); `subject`
 * names the value from it.
 */
export function valueShapeDiagnostic(value: unknown, where: { file?: string; source?: string; showKey: (at: KeyPath) => string; subject: (key: string) => string }): Diagnostic | undefined {
  const problem = valueShapeProblem(value);
  if (!problem) return undefined;
  const line = where.source === undefined ? undefined : configKeyLine(where.source, problem.at);
  // A path a hundred keys deep is shown by its start.
  const key = problem.at.length > SHOWN_KEYS ? `${where.showKey(problem.at.slice(0, SHOWN_KEYS))}…` : where.showKey(problem.at);
  const subject = problem.at.length > 0 ? where.subject(key) : 'The exported value';
  const ancestor = problem.ancestor && problem.ancestor.length > 0 ? where.showKey(problem.ancestor) : undefined;
  return { severity: 'error', file: where.file, ...(line === undefined ? {} : { line, column: 1 }), ...catalog.valueShape(subject, { kind: problem.kind, ancestor, thrown: problem.thrown }, VALUE_LIMITS) };
}
