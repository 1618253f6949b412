import type { ContainerDirective } from 'mdast-util-directive';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';

/**
 * Markdown's own forms of the theme's components (`:::tip`, `:::tabs`, fenced code) become
 * the MDX elements authors would write (`<Admonition>`, `<Tabs>`, `<CodeBlock>`), so one
 * component renders both and the render stage sees one kind of tree.
 */

/** A literal attribute (`null`: present without a value, as `default` in `<TabItem default>`). */
export function attribute(name: string, value: string | null): MdxJsxAttribute {
  return { type: 'mdxJsxAttribute', name, value };
}

/** Turns a directive into an MDX element in place, so a walk goes on into its children; its position stays, for messages. */
export function toJsxElement(node: ContainerDirective, name: string, attributes: MdxJsxAttribute[], children: ContainerDirective['children']): MdxJsxFlowElement {
  const element = node as unknown as MdxJsxFlowElement;
  delete (node as { data?: unknown }).data;
  Object.assign(element, { type: 'mdxJsxFlowElement', name, attributes, children });
  return element;
}
