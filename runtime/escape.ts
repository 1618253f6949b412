/**
 * The one place strings are escaped for HTML, XML and inline scripts, shared by the
 * server render (cli/render) and the browser (search highlights). Every value from
 * config, front matter or content that is written into markup goes through here.
 */

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text → HTML (or XML) that shows it as text, in an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => HTML_ENTITIES[c]!);
}

/**
 * A value as JSON (or a JavaScript literal) that is safe inside `<script>`: `<`, `>` and
 * `&` become `\u003c`…, so no `</script>`, `<!--` or `]]>` can end or change the element,
 * and U+2028/U+2029 are escaped (line terminators in older JavaScript, and invisible).
 * The result parses to the same value with `JSON.parse` and as a script expression.
 */
export function scriptJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
