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
};

/**
 * `:::tip[Title]` … `:::` → `<div class="admonition admonition-tip">` with a heading and a
 * body, as the classic theme lays it out. `caution` is an alias of `warning`.
 */
export function remarkAdmonitions() {
  return (tree: Root) => {
    walk(tree as never, (any) => {
      if (PHRASING_PARENTS.has(any.type)) return false;
      if (any.type !== 'containerDirective') return;
      const node = any as unknown as ContainerDirective;
      if (!(ADMONITIONS as readonly string[]).includes(node.name)) return;
      const kind = node.name === 'caution' ? 'warning' : node.name;
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
