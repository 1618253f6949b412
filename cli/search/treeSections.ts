import type { Element, Nodes, Root } from 'hast';
import type { PageSection } from '../../runtime/search/searchPage.ts';

/** Elements whose text is not prose: scripts, styles, pictures, controls. */
const SKIPPED_TAGS = new Set(['script', 'style', 'svg', 'button', 'template', 'pre']);
/**
 * Typeset math (content/markdown/math.ts) is KaTeX's MathML, its TeX source and its drawing,
 * each with the formula's text: only the MathML's is indexed, once ("eiπ+1=0"), not
 * the same symbols three times over.
 */
const isMathCopy = (node: Element) => node.tagName === 'annotation' || (node.tagName === 'span' && Array.isArray(node.properties.className) && node.properties.className.includes('katex-html'));
/**
 * Content components whose children are not prose: a code block's code (most of an index's
 * size), and an admonition's label (a box's title, as the HTML index never had it).
 */
const SKIPPED_COMPONENTS = new Set(['CodeBlock', 'mdxAdmonitionTitle']);
/** Ends of these separate words ("<li>a</li><li>b</li>" is "a b", not "ab"). */
const BLOCK_TAGS = new Set(['p', 'li', 'td', 'th', 'tr', 'div', 'br', 'dt', 'dd', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figcaption', 'summary', 'details', 'table', 'ul', 'ol', 'hr']);

const clean = (s: string) => s.replace(/[\s\u200b]+/g, ' ').trim();

/**
 * Splits a document's content tree into sections at its `h2` and `h3` headings, as
 * DocSearch's crawler does with the rendered page. Deeper headings stay in their
 * section's text. Code blocks are left out (not what readers search for, and most of an
 * index's size); a component's props (a tab's label, an admonition's title) are not
 * content either. Read from the tree: no HTML is parsed back.
 */
export function treeSections(tree: Root): PageSection[] {
  const sections: PageSection[] = [];
  let current: PageSection = { level: 1, anchor: null, heading: null, text: '' };
  let parts: string[] = [];

  const finish = () => {
    current.text = clean(parts.join(''));
    if (current.text || current.heading !== null) sections.push(current);
    parts = [];
  };

  const textOf = (node: Nodes, out: string[]): void => {
    if (node.type === 'text') {
      out.push(node.value);
      return;
    }
    if (node.type === 'element') {
      if (SKIPPED_TAGS.has(node.tagName) || isMathCopy(node)) return;
      const block = BLOCK_TAGS.has(node.tagName);
      if (block) out.push(' ');
      for (const child of node.children) textOf(child, out);
      if (block) out.push(' ');
      return;
    }
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && SKIPPED_COMPONENTS.has(node.name ?? '')) return;
    if ('children' in node) {
      out.push(' ');
      for (const child of node.children as Nodes[]) textOf(child, out);
      out.push(' ');
    }
  };

  const visit = (nodes: Nodes[]): void => {
    for (const node of nodes) {
      if (node.type === 'element' && (node.tagName === 'h2' || node.tagName === 'h3')) {
        finish();
        const heading: string[] = [];
        textOf(node, heading);
        const id = node.properties.id;
        current = { level: node.tagName === 'h2' ? 2 : 3, anchor: typeof id === 'string' ? id : null, heading: clean(heading.join('')), text: '' };
      } else if (node.type === 'element' && !SKIPPED_TAGS.has(node.tagName) && containsSectionHeading(node)) {
        // A wrapper holding headings (a tab panel, an admonition): its headings still split.
        visit(node.children as Nodes[]);
      } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && !SKIPPED_COMPONENTS.has(node.name ?? '') && containsSectionHeading(node)) {
        visit(node.children as Nodes[]);
      } else {
        textOf(node, parts);
      }
    }
  };

  visit(tree.children as Nodes[]);
  finish();
  return sections;
}

function containsSectionHeading(node: Nodes): boolean {
  if (!('children' in node)) return false;
  return (node.children as Nodes[]).some((child) => (child.type === 'element' && (child.tagName === 'h2' || child.tagName === 'h3')) || containsSectionHeading(child));
}
