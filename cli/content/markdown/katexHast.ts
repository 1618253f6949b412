import type { ElementContent, Element, Properties, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { h, s } from 'hastscript';

/**
 * KaTeX's HTML for one formula as hast, the tree hast-util-from-html makes of it, about
 * seven times sooner. KaTeX's markup is machine-made and regular (every element closed or
 * self-closed, attributes quoted, only its own escapes), so it needs no HTML parser's
 * recovery rules: parse5 was two thirds of the time a formula took (0.34 ms of 0.51), and a
 * page of lecture notes has thousands. Each distinct tag with its attributes is made into
 * properties once, by hastscript (as hast-util-from-html makes them); anything this reader
 * does not expect (a stray `<`, an unclosed element) goes to hast-util-from-html instead.
 * tests/unit/math.test.ts holds both to the same trees over KaTeX's constructs.
 */
export function katexHast(html: string): ElementContent[] {
  return (readKatexMarkup(html) ?? fromHtml(html, { fragment: true })).children as ElementContent[];
}

const TOKEN = /<\/([a-zA-Z][\w-]*)>|<([a-zA-Z][\w-]*)((?:\s+[^\s=/>]+(?:="[^"]*"|='[^']*')?)*)\s*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /([^\s=/>]+)(?:="([^"]*)"|='([^']*)')?/g;
const VOID_ELEMENTS = new Set(['img', 'br', 'hr', 'wbr', 'input']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with KaTeX's escapes (and numeric references) decoded; undefined for any other `&`, which HTML's rules read (`&not` in `&notin;`). */
function decode(text: string): string | undefined {
  if (!text.includes('&')) return text;
  let unknown = false;
  const decoded = text.replace(/&(#[xX][\da-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]+);|&/g, (whole, name: string | undefined) => {
    const code = name?.[0] !== '#' ? NaN : name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    const value = name === undefined ? undefined : name[0] === '#' ? (code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : undefined) : ENTITIES[name];
    if (value === undefined) unknown = true;
    return value ?? whole;
  });
  return unknown ? undefined : decoded;
}

/** Properties by namespace, tag and attribute text: KaTeX repeats the same few (`<span class="mord mathnormal">`) thousands of times. */
const made = new Map<string, { tagName: string; properties: Properties }>();
const MAX_MADE = 20_000;

function elementOf(tag: string, attributes: string, svg: boolean): Element | undefined {
  const key = `${svg ? 's' : 'h'}<${tag}${attributes}`;
  let template = made.get(key);
  if (!template) {
    const values: Record<string, string> = {};
    for (const a of attributes.matchAll(ATTRIBUTE)) {
      const value = decode(a[2] ?? a[3] ?? '');
      if (value === undefined) return undefined;
      values[a[1]!] = value;
    }
    const element = (svg ? s : h)(tag, values);
    // Heights and widths make most keys distinct on a large site: the table starts again rather than grow.
    if (made.size >= MAX_MADE) made.clear();
    made.set(key, (template = { tagName: element.tagName, properties: element.properties }));
  }
  const properties: Properties = {};
  for (const name in template.properties) {
    const value = template.properties[name];
    properties[name] = Array.isArray(value) ? value.slice() : value;
  }
  return { type: 'element', tagName: template.tagName, properties, children: [] };
}

/** KaTeX's markup read as described above; undefined where it is not that regular. */
function readKatexMarkup(html: string): Root | undefined {
  const root: Root = { type: 'root', children: [] };
  const open: { node: Root | Element; tag: string; svg: boolean }[] = [{ node: root, tag: '', svg: false }];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const match = TOKEN.exec(html);
    if (!match) return undefined;
    const top = open[open.length - 1]!;
    const [, closing, tag, attributes, selfClosing, text] = match;
    if (text !== undefined) {
      const value = decode(text);
      if (value === undefined) return undefined;
      top.node.children.push({ type: 'text', value });
    }
    else if (closing !== undefined) {
      if (closing !== top.tag || open.length === 1) return undefined;
      open.pop();
    } else {
      const svg = top.svg || tag === 'svg';
      const element = elementOf(tag!, attributes!, svg);
      if (!element) return undefined;
      top.node.children.push(element);
      if (!selfClosing && !VOID_ELEMENTS.has(tag!)) open.push({ node: element, tag: tag!, svg });
    }
  }
  return open.length === 1 ? root : undefined;
}
