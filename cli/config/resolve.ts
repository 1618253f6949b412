import { createRequire } from 'node:module';
import path from 'node:path';
import * as z from 'zod';
import { userConfigSchema } from './schema.ts';
import type { ResolvedConfig } from './types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import { nearest } from '../report/nearest.ts';
import { configKeyLine } from './keyLine.ts';
import { describeIssueRule } from '../errors/zodIssue.ts';
import { valueShapeDiagnostic } from './valueShape.ts';
import { valueText } from '../report/valueText.ts';
import { isInside } from './sitePaths.ts';

export type ResolveResult = { ok: true; config: ResolvedConfig } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Validates the author's config and fills in every default. Reports all problems at
 * once, each naming its key path, the bad value and what is allowed.
 */
export function resolveConfig(input: unknown, where: { siteDir: string; configFile: string | null; source?: string }): ResolveResult {
  const file = where.configFile ? path.relative(where.siteDir, where.configFile) || where.configFile : undefined;
  // With the config's text, each problem points at the line of its key (best effort).
  const place = (keys: PropertyKey[]) => {
    const line = where.source === undefined ? undefined : configKeyLine(where.source, keys.map((k) => (typeof k === 'number' ? k : String(k))));
    return line === undefined ? { file } : { file, line, column: 1 };
  };
  // Before the validator walks it: a value that holds itself would never let it finish.
  const shape = valueShapeDiagnostic(input, { file, source: where.source, showKey: (at) => at.join('.'), subject: (key) => `Config key "${key}"` });
  if (shape) return { ok: false, diagnostics: [shape] };
  // Without zod's compiled fast path: it is made (new Function) on a schema's first parse, and a
  // config is parsed once per command, so compiling it cost every command about 15 ms (loading this site's config: 43 -> 27 ms).
  const parsed = userConfigSchema.safeParse(input, { jitless: true });
  if (!parsed.success) {
    return { ok: false, diagnostics: parsed.error.issues.flatMap((issue) => describeIssue(issue, input, place)) };
  }
  // Everything in the static folder is published as it is: one that holds the site folder would publish the
  // config, the sources and whatever secret lies beside them (`static: '.'` published .env).
  const staticDir = path.resolve(where.siteDir, parsed.data.paths.static);
  if (isInside(where.siteDir, staticDir)) {
    const at = place(['paths', 'static']).line !== undefined ? place(['paths', 'static']) : place(['staticDirectories']);
    return { ok: false, diagnostics: [{ severity: 'error', ...at, ...catalog.staticHoldsSite(parsed.data.paths.static) }] };
  }
  // A grammar Prism does not have only leaves its code plain (Docusaurus fails to build): said, at its key wherever the config writes it.
  const unknownLanguages = (parsed.data.prism?.additionalLanguages ?? []).filter((name) => !isPrismLanguage(name));
  const configWarnings: Diagnostic[] = unknownLanguages.length > 0 ? [{ severity: 'warning', file, configKey: '**.additionalLanguages', ...catalog.prismLanguageUnknown(unknownLanguages) }] : [];
  return { ok: true, config: { ...parsed.data, siteDir: where.siteDir, configFile: where.configFile, ...(configWarnings.length > 0 && { configWarnings }) } };
}

const requireHere = createRequire(import.meta.url);

/** Whether Prism has a grammar by this id (refractor's file of it, not another of its entry points), found without loading it. */
function isPrismLanguage(name: string): boolean {
  try {
    return requireHere.resolve(`refractor/${name}`).endsWith(`${path.sep}lang${path.sep}${name}.js`);
  } catch {
    return false;
  }
}

type Place = (keys: PropertyKey[]) => Pick<Diagnostic, 'file' | 'line' | 'column'>;

function describeIssue(issue: z.core.$ZodIssue, input: unknown, place: Place): Diagnostic[] {
  const keyPath = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const allowed = allowedKeysAt(issue.path);
    return issue.keys.map((key) => ({
      severity: 'error' as const,
      ...place([...issue.path, key]),
      ...catalog.configUnknownKey(keyPath, key, nearest(key, allowed, 1, Math.max(2, key.length / 3))[0], allowed),
    }));
  }
  const value = valueAt(input, issue.path);
  // Not an object at all: most often the export was forgotten.
  if (issue.path.length === 0 && (value === null || typeof value !== 'object' || Array.isArray(value))) return [{ severity: 'error', ...place([]), ...catalog.configNotObject(show(value)) }];
  return [{ severity: 'error', ...place(issue.path), ...catalog.configInvalid(keyPath || '(root)', describeIssueRule(issue, { unionNote: 'check its "type" or "provider" and the keys that go with it' }), show(value)) }];
}


const show = (value: unknown) => valueText(value);

function valueAt(input: unknown, keys: PropertyKey[]): unknown {
  let cur = input;
  for (const k of keys) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

/** Keys the schema accepts at a path, for "did you mean" (best effort through wrappers). */
function allowedKeysAt(keys: PropertyKey[]): string[] {
  let schema: unknown = userConfigSchema;
  for (const k of [...keys, null]) {
    schema = unwrap(schema);
    if (k === null) break;
    const s = schema as { shape?: Record<string, unknown>; element?: unknown };
    if (typeof k === 'number' && s.element) schema = s.element;
    else if (s.shape && typeof k === 'string') schema = s.shape[k];
    else return [];
  }
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

function unwrap(schema: unknown): unknown {
  let s = schema as { unwrap?: () => unknown; _zod?: { def?: { innerType?: unknown; out?: unknown; options?: unknown[] } } };
  for (let i = 0; i < 5 && s; i++) {
    const def = s._zod?.def;
    if (def?.innerType) s = def.innerType as typeof s;
    else if (def?.out) s = def.out as typeof s;
    else if (def?.options) {
      // A value or an object (`zoom: false`, or its options): the keys are the object's.
      const objects = def.options.map(unwrap).filter((o) => (o as { shape?: unknown }).shape);
      if (objects.length !== 1) break;
      s = objects[0] as typeof s;
    } else break;
  }
  return s;
}
