/** A node of any unist tree (mdast or hast). */
export interface AnyNode {
  type: string;
  children?: AnyNode[];
  [key: string]: unknown;
}

/**
 * Depth-first walk, parents before children, a cheap stand-in for unist-util-visit on
 * the hot path (it allocates a closure and an ancestor list per node). Return `false`
 * to skip a node's children. The children array may be edited at and after `index`.
 */
export function walk<T extends AnyNode>(node: T, visitor: (node: AnyNode, index: number, parent: AnyNode) => boolean | void): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (visitor(child, i, node) !== false) walk(child, visitor);
  }
}

/** Phrasing (inline) mdast nodes hold no blocks: walks for block nodes skip them. */
export const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'link', 'linkReference', 'emphasis', 'strong', 'delete']);

/** An MDX element (`<Tabs>`, or `:::tip` turned into `<Admonition>`): its children are content to walk into. */
export function isComponent(node: AnyNode): boolean {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}
