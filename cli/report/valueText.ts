/**
 * A value as an error message shows what was found: JSON, except what JSON cannot say
 * (`.nan` and `.inf` in YAML are NaN and Infinity, which JSON writes as null; a function
 * or undefined has no JSON), cut at `max` characters.
 */
export function valueText(value: unknown, max = 60): string {
  if (value === undefined) return 'nothing';
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? `\u0000${v}\u0000` : typeof v === 'bigint' ? `\u0000${v}n\u0000` : v));
  } catch {
    // A value that holds itself.
    text = undefined;
  }
  text = text?.replace(/"\\u0000(.*?)\\u0000"/g, '$1') ?? withArticle(typeof value);
  return text.length > max ? `${text.slice(0, max - 3)}…` : text;
}

/** A noun with its article, as a message says what was expected or found: "an array", "a string". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
