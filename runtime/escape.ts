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
 * Text → XML that shows it as text (feeds, the sitemap), without the characters XML cannot
 * hold: one would make the whole file not XML, and a feed reader refuses it whole. (Content
 * refuses them where an author can write them; a config string may still hold one.)
 */
export function escapeXml(text: string): string {
  // What XML 1.0 cannot hold at all, not even as a character reference: C0 controls but tab,
  // line feed and carriage return, U+FFFE and U+FFFF, and halves of surrogate pairs alone.
  // Here, not at the top: esbuild writes a lookbehind as `new RegExp(…)`, which it cannot
  // drop from the browser's bundle, where nothing calls this.
  const notXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  return escapeHtml(text.replace(notXml, ''));
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
