import { load } from 'js-yaml';

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
  const value = load(text);
  const limit = text.length + SLACK;
  if (expandedSize(value, limit) > limit) {
    const at = firstAlias(text);
    throw new YamlExpansionError(limit, at?.name ?? '', at ?? { line: 0, column: 0 });
  }
  return value;
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
