import { raw } from 'hast-util-raw';
import type { Element, Root, RootContent } from 'hast';

/**
 * React writes the elements a component returns exactly as nested, but a browser does not
 * read every nesting as written: `<p><div>…</div></p>` becomes `<p></p><div>…</div><p></p>`
 * (a `<div>` closes the open `<p>`), a `<tr>` straight in a `<table>` gets a `<tbody>`, an
 * `<a>` in an `<a>` closes the first. Hydration then finds other elements than it rendered
 * and React reports a mismatch (error #418). Docusaurus sites carry such markup (Jest's home
 * page puts a block component in a `<p>`), so the render stage looks for it: it builds the
 * tree the markup says, the tree the HTML parser makes of it (parse5, through hast-util-raw),
 * and names the first element where they part.
 */
export interface Misnesting {
  /** The element the browser moves, as written (`div`). */
  element: string;
  /** Its parent as written (`p`). */
  parent: string;
}

/** Void elements end at their start tag (React writes them as `<br/>`). */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content is text to the parser: skipped to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'template']);

interface Written {
  tag: string;
  children: Written[];
}

/** The first element of React's `html` that a browser's parser would place elsewhere, if any. */
export function findMisnesting(html: string): Misnesting | undefined {
  const parsed = raw({ type: 'root', children: [{ type: 'raw', value: html }] } as Root) as Root;
  return compare({ tag: '#root', children: writtenTree(html) }, parsed.children);
}

function compare(written: Written, parsed: RootContent[]): Misnesting | undefined {
  const elements = parsed.filter((node): node is Element => node.type === 'element');
  for (let i = 0; i < Math.max(written.children.length, elements.length); i++) {
    const mine = written.children[i];
    const theirs = elements[i];
    // A written element the parser did not keep in place, or one the parser added (a `<tbody>`).
    if (!mine || !theirs || mine.tag !== theirs.tagName.toLowerCase()) return { element: mine?.tag ?? theirs!.tagName.toLowerCase(), parent: written.tag };
    if (RAW_TEXT.has(mine.tag)) continue;
    const deeper = compare(mine, theirs.children);
    if (deeper) return deeper;
  }
  return undefined;
}

/**
 * The element tree as written. React escapes `<`, `>` and quotes in text and attribute
 * values, so outside comments and raw-text elements every `<` starts a tag.
 */
function writtenTree(html: string): Written[] {
  const root: Written = { tag: '#root', children: [] };
  const stack = [root];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>|<!--[\s\S]*?-->/g;
  let match: RegExpExecArray | null;
  while ((match = tag.exec(html))) {
    const [, closing, rawName, selfClosing] = match;
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (closing) {
      const open = stack.map((e) => e.tag).lastIndexOf(name);
      if (open > 0) stack.length = open;
      continue;
    }
    const element: Written = { tag: name, children: [] };
    stack[stack.length - 1]!.children.push(element);
    if (RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, tag.lastIndex);
      tag.lastIndex = end < 0 ? html.length : end + name.length + 2;
    } else if (!VOID.has(name) && !selfClosing) stack.push(element);
  }
  return root.children;
}
