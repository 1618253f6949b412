import type { Root, Paragraph, PhrasingContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { walk, PHRASING_PARENTS } from './walk.ts';
import { toString } from 'mdast-util-to-string';
import { ADMONITIONS } from './directives.ts';

const DEFAULT_TITLES: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  secondary: 'Secondary',
  success: 'Success',
};

/** Keywords drawn as another kind, as Docusaurus's classic theme draws them. */
const LOOKS_LIKE: Record<string, string> = { caution: 'warning', important: 'info', secondary: 'note', success: 'tip' };

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
 * `:::tip[Title]` … `:::` → `<div class="admonition admonition-tip">` with a heading and a
 * body, as the classic theme lays it out. `caution` looks like `warning`, `important` like
 * `info`, `secondary` like `note`, `success` like `tip`.
 */
export function remarkAdmonitions() {
  return (tree: Root) => {
    walk(tree as never, (any) => {
      if (PHRASING_PARENTS.has(any.type)) return false;
      if (any.type !== 'containerDirective') return;
      const node = any as unknown as ContainerDirective;
      if (!(ADMONITIONS as readonly string[]).includes(node.name)) return;
      const kind = LOOKS_LIKE[node.name] ?? node.name;
      const first = node.children[0];
      const hasLabel = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel;
      const titleChildren: PhrasingContent[] = hasLabel
        ? (first as Paragraph).children
        : [{ type: 'text', value: DEFAULT_TITLES[node.name]! }];
      const body = hasLabel ? node.children.slice(1) : node.children;
      const label = hasLabel ? toString(first) : DEFAULT_TITLES[node.name]!;
      node.data = {
        hName: 'div',
        hProperties: { className: ['admonition', `admonition-${kind}`], role: 'note', ariaLabel: label },
      };
      node.children = [
        { type: 'paragraph', data: { hName: 'div', hProperties: { className: ['admonition-heading'] } }, children: titleChildren },
        { type: 'blockquote', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children: body },
      ] as ContainerDirective['children'];
    });
  };
}
