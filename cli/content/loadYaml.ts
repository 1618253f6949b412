import { load } from 'js-yaml';
import { yamlKeyLine } from './yamlPlaces.ts';

/**
 * YAML whose aliases stand for far more values than its text holds: ten lines of
 * `a2: &a2 [*a1, *a1, …]` name billions of values ("billion laughs"). js-yaml shares the
 * aliased values instead of copying them, so loading is quick; but every later step that
 * walks the result (validating, hashing, serialising it) visits each value once per
 * alias, and the build hangs. `mark`: the first alias in the text (0-based line and
 * column, as js-yaml's marks).
 */
export class YamlExpansionError extends Error {
  constructor(
    readonly limit: number,
    readonly alias: string,
    readonly mark: { line: number; column: number },
  ) {
    super(`its aliases (such as *${alias}) stand for more than ${limit.toLocaleString('en-US')} values`);
  }
}

/**
 * A string of YAML (or JSON) data holds a control character no text shows, written as an
 * escape (`"\u0007"`, `"\a"`; the file itself cannot hold one, decodeText.ts): a page
 * would show garbage, and an RSS or Atom feed holding it is not XML. `path`: the keys (and
 * list places) down to it; `mark`: the line of the deepest of those keys found (0-based).
 */
export class ControlCharacterError extends Error {
  constructor(
    readonly path: string[],
    readonly char: number,
    readonly mark: { line: number; column: number },
  ) {
    super(`"${path.join('.')}" holds the control character U+${char.toString(16).toUpperCase().padStart(4, '0')}`);
  }
}

/** How deep YAML (js-yaml's own limit, its default) and JSON data may nest: no front matter or data file needs a tenth of it. */
export const MAX_DATA_DEPTH = 100;

/**
 * YAML or JSON data nesting deeper than MAX_DATA_DEPTH (`[[[[…` thousands deep). js-yaml
 * stops there on its own; JSON.parse does not, and walking such a value takes time that
 * grows with the square of its depth. `mark`: where it passes the limit (0-based).
 */
export class DataDepthError extends Error {
  constructor(readonly mark: { line: number; column: number }) {
    super(`it nests more than ${MAX_DATA_DEPTH} levels deep`);
  }
}

/** C0 controls but tab, line feed and carriage return (form feed too: XML has none), and DEL. */
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Values any document may expand to beyond one a character of its text. */
const SLACK = 10_000;

/**
 * js-yaml's `load`, refused (YamlExpansionError) when the result, with its aliases
 * expanded, holds more values than the text has characters plus 10,000. A document
 * without aliases holds at most one value a character, so only aliases can reach the
 * limit, and reusing an anchor a few times stays far below it. The count stops at the
 * limit, so refusing costs at most that many steps (about 10 ms for 1 MB).
 */
export function loadYaml(text: string): unknown {
  let value: unknown;
  try {
    value = load(text);
  } catch (error) {
    // Its "nesting exceeded maxDepth" is not a syntax error: said as what it is, where it is.
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    if (mark && /^nesting exceeded maxDepth/.test((error as { reason?: string }).reason ?? '')) throw new DataDepthError(mark);
    throw error;
  }
  const limit = text.length + SLACK;
  if (expandedSize(value, limit) > limit) {
    const at = firstAlias(text);
    throw new YamlExpansionError(limit, at?.name ?? '', at ?? { line: 0, column: 0 });
  }
  const control = findControl(value);
  if (control) throw new ControlCharacterError(control.path, control.char, { line: Math.max(0, yamlKeyLine(text.split('\n'), control.path)), column: 0 });
  return value;
}

/** Where JSON text opens its container past MAX_DATA_DEPTH, outside strings (0-based), or undefined. */
export function jsonDepthMark(text: string): { line: number; column: number } | undefined {
  let depth = 0;
  let line = 0;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
    } else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > MAX_DATA_DEPTH) return { line, column: i - lineStart };
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
    else if (ch === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return undefined;
}

/** The first string (a key or a value) holding a control character `CONTROL_RE` matches, and its path. */
export function findControl(value: unknown): { path: string[]; char: number } | undefined {
  // A stack, not recursion, as `expandedSize` (which has bounded how many values there
  // are); children pushed last first, so strings are met in the text's order.
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length > 0) {
    const [next, path] = stack.pop()!;
    if (typeof next === 'string') {
      const at = CONTROL_RE.exec(next);
      if (at) return { path, char: at[0].charCodeAt(0) };
    }
    if (next === null || typeof next !== 'object' || next instanceof Date) continue;
    const entries: [string, unknown][] = Array.isArray(next) ? next.map((item, i) => [String(i), item]) : Object.entries(next);
    for (const [key, item] of entries.reverse()) {
      const at = Array.isArray(next) ? null : CONTROL_RE.exec(key);
      if (at) return { path: [...path, key], char: at[0].charCodeAt(0) };
      stack.push([item, [...path, key]]);
    }
  }
  return undefined;
}

/** How many values `value` holds with shared ones counted each time they are reached; stops counting past `limit`. */
export function expandedSize(value: unknown, limit: number): number {
  let count = 0;
  // A stack, not recursion: a value may nest as deep as the parser allows.
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const next = stack.pop();
    count++;
    if (next === null || typeof next !== 'object' || next instanceof Date) continue;
    if (Array.isArray(next)) for (const item of next) stack.push(item);
    else for (const key of Object.keys(next)) stack.push((next as Record<string, unknown>)[key]);
  }
  return count;
}

/** The first alias (`*name`) in YAML text outside quotes and comments, with its 0-based line and column. */
function firstAlias(text: string): { name: string; line: number; column: number } | undefined {
  const lines = text.split('\n');
  for (let line = 0; line < lines.length; line++) {
    // An alias starts a value: after the start, a space, "[", "{" or ",".
    const unquoted = lines[line]!.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, (q) => ' '.repeat(q.length)).replace(/(^|\s)#.*$/, '');
    const m = /(^|[\s[{,])\*([^\s,[\]{}]+)/.exec(unquoted);
    if (m) return { name: m[2]!, line, column: m.index + m[1]!.length };
  }
  return undefined;
}
