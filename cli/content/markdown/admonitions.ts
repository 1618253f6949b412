import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { walk, PHRASING_PARENTS } from './walk.ts';
import { toString } from 'mdast-util-to-string';
import { ADMONITIONS } from './directives.ts';
import { attribute, toJsxElement } from './jsxElement.ts';

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
