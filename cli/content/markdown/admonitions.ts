import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { walk, PHRASING_PARENTS } from './walk.ts';
import { toString } from 'mdast-util-to-string';
import { ADMONITIONS } from './directives.ts';
import { attribute, toJsxElement } from './jsxElement.ts';

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;
const TITLE_RE = new RegExp(`^((?:> ?)*)( +|\t+)?(:{3,}(?:${ADMONITIONS.join('|')})) +(.*)$`);

/**
 * `:::tip Some title` → `:::tip[Some title]`, as Docusaurus's mdx1 compatibility
 * (admonitionTitleToDirectiveLabel) rewrites it before parsing, also in blockquotes and
 * indented blocks. Unlike Docusaurus, lines inside fenced code are left alone, so a code
 * sample showing the syntax shows it as written. One line in, one line out: positions
 * keep their line numbers.
 */
export function admonitionTitlesToLabels(markdown: string): string {
  if (!markdown.includes(':::')) return markdown;
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      // Most lines can neither open or close a fence nor hold a title: no pattern is run for them.
      if (!line.includes(':::') && !line.includes('```') && !line.includes('~~~')) return line;
      const open = FENCE_RE.exec(line.replace(/^(> ?)+/, ''))?.[1];
      if (fence) {
        if (open && open[0] === fence[0] && open.length >= fence.length) fence = undefined;
        return line;
      }
      if (open) {
        fence = open;
        return line;
      }
      const m = TITLE_RE.exec(line.replace(/\r$/, ''));
      if (!m || m[4]!.trim() === '') return line;
      return `${m[1] ?? ''}${m[2] ?? ''}${m[3]}[${m[4]!.trim()}]${line.endsWith('\r') ? '\r' : ''}`;
    })
    .join('\n');
}

/**
 * `:::tip[Title]` … `:::` → the theme's `<Admonition type="tip" title="Title">`, the same
 * element MDX authors write, so both render through one component. The default title is
 * the theme's; a label keeps its markup.
 */
export function remarkAdmonitions() {
  return (tree: Root) => {
    walk(tree as never, (any) => {
      if (PHRASING_PARENTS.has(any.type)) return false;
      if (any.type !== 'containerDirective') return;
      const node = any as unknown as ContainerDirective;
      if (!(ADMONITIONS as readonly string[]).includes(node.name)) return;
      const first = node.children[0];
      const hasLabel = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel;
      const title = hasLabel ? toString(first).trim() : undefined;
      // The label's markup (`[Read *this*]`) travels as the first child, as Docusaurus's
      // `mdxAdmonitionTitle`; its plain text is the title attribute (the box's accessible name).
      const label = hasLabel ? [{ type: 'mdxJsxFlowElement', name: 'mdxAdmonitionTitle', attributes: [], children: first.children } as never] : [];
      // Changed in place, so the walk goes on into its children (nested admonitions).
      toJsxElement(node, 'Admonition', [attribute('type', node.name), ...(title ? [attribute('title', title)] : [])], [...label, ...(hasLabel ? node.children.slice(1) : node.children)]);
    });
  };
}
