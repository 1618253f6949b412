import type { Root, Heading, Nodes, PhrasingContent } from 'mdast';
import type { MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Element as HastElement, ElementContent, Root as HastRoot } from 'hast';
import type { VFile } from 'vfile';
import { toString } from 'mdast-util-to-string';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { walk, PHRASING_PARENTS } from './walk.ts';

/**
 * The table of contents' entries as Docusaurus makes them (its `toc` export): after the
 * heading ids and the emoji, each heading's text, and its markup where it has some. In
 * Docusaurus an entry's value is HTML: inline code, emphasis, strong and strikethrough
 * keep their tags, a link gives its text, an element written in the heading (a badge's
 * `<span class>`, an MDX element) keeps its tag and class, and anything else its text.
 * Here that HTML is `HeadingInfo.html`, present only when it is more than the escaped text,
 * and held to phrasing tags with a class (no link, script, handler or style): the theme
 * draws it into the sidebar, where an author's raw HTML must not run as it would not in the
 * page (whose elements React draws).
 */
export function remarkTocEntries() {
  return (tree: Root, file: VFile) => {
    const headings = file.data.headings;
    if (!headings || headings.length === 0) return;
    let n = 0;
    walk(tree as never, (node) => {
      if (node.type === 'heading') {
        const heading = headings[n++];
        if (heading) {
          const { value, html } = tocEntryOf(node as unknown as Heading);
          heading.value = value;
          if (html !== undefined) heading.html = html;
        }
      }
      return !PHRASING_PARENTS.has(node.type);
    });
  };
}

/** A heading's text, and its HTML for the table of contents when that is more than its text. */
export function tocEntryOf(heading: Heading): { value: string; html?: string } {
  const value = toString(heading).trim();
  const written = { raw: false };
  const html = contentHtml(heading.children, written).trim();
  if (html === escapeHtml(value)) return { value };
  return { value, html: written.raw ? sanitized(html) : html };
}

function contentHtml(nodes: readonly (PhrasingContent | Nodes)[], written: { raw: boolean }): string {
  return nodes.map((node) => nodeHtml(node, written)).join('');
}

function nodeHtml(node: PhrasingContent | Nodes, written: { raw: boolean }): string {
  switch (node.type) {
    case 'text':
      return escapeHtml(node.value);
    case 'inlineCode':
      return `<code>${escapeHtml(node.value)}</code>`;
    case 'emphasis':
      return `<em>${contentHtml(node.children, written)}</em>`;
    case 'strong':
      return `<strong>${contentHtml(node.children, written)}</strong>`;
    case 'delete':
      return `<del>${contentHtml(node.children, written)}</del>`;
    case 'link':
    case 'linkReference':
      return contentHtml(node.children, written);
    case 'html':
      // Raw HTML is written as it is (a tag may open in one node and close in another), then held to safe tags.
      written.raw = true;
      return node.value;
    case 'mdxJsxTextElement': {
      written.raw = true;
      const element = node as MdxJsxTextElement;
      const tag = element.name && /^[a-z][a-z0-9]*$/.test(element.name) ? element.name : 'span';
      const className = element.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && (attribute.name === 'className' || attribute.name === 'class'));
      const classValue = className && typeof className.value === 'string' ? ` class="${escapeHtml(className.value)}"` : '';
      return `<${tag}${classValue}>${contentHtml(element.children as PhrasingContent[], written)}</${tag}>`;
    }
    default: {
      // Lower-case JSX with literal attributes, made an element by the MDX stage (`asHtmlElement`).
      const converted = node as unknown as { type: string; data?: { hName?: string; hProperties?: { className?: unknown } }; children?: PhrasingContent[] };
      if (converted.type === 'mdxHtmlText' && converted.data?.hName) {
        written.raw = true;
        const className = converted.data.hProperties?.className;
        const classValue = Array.isArray(className) ? ` class="${escapeHtml(className.join(' '))}"` : '';
        return `<${converted.data.hName}${classValue}>${contentHtml(converted.children ?? [], written)}</${converted.data.hName}>`;
      }
      return escapeHtml(toString(node));
    }
  }
}

/** Tags an entry keeps from raw HTML and MDX elements: inline text formatting, nothing that links, loads or runs. */
const KEPT_TAGS = new Set(['abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var']);

/** The HTML with only `KEPT_TAGS` (and their class) kept; any other element gives its text, a script or style nothing. */
function sanitized(html: string): string {
  const tree = fromHtml(html, { fragment: true });
  const clean = (nodes: readonly (ElementContent | HastRoot['children'][number])[]): ElementContent[] =>
    nodes.flatMap((node): ElementContent[] => {
      if (node.type === 'text') return [node];
      if (node.type !== 'element') return [];
      if (node.tagName === 'script' || node.tagName === 'style' || node.tagName === 'template') return [];
      const children = clean(node.children);
      if (!KEPT_TAGS.has(node.tagName)) return children;
      const className = node.properties.className;
      const element: HastElement = { type: 'element', tagName: node.tagName, properties: Array.isArray(className) ? { className } : {}, children };
      return [element];
    });
  return toHtml({ type: 'root', children: clean(tree.children) });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
