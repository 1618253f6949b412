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
 * Iterative (its own stack of positions), so a deep tree cannot overflow the call stack.
 */
export function walk<T extends AnyNode>(node: T, visitor: (node: AnyNode, index: number, parent: AnyNode) => boolean | void): void {
  const parents: AnyNode[] = [node];
  const next: number[] = [0];
  while (parents.length > 0) {
    const top = parents.length - 1;
    const parent = parents[top]!;
    const index = next[top]!;
    const children = parent.children;
    if (!children || index >= children.length) {
      parents.pop();
      next.pop();
      continue;
    }
    next[top] = index + 1;
    const child = children[index]!;
    if (visitor(child, index, parent) !== false && child.children) {
      parents.push(child);
      next.push(0);
    }
  }
}

/** Phrasing (inline) mdast nodes hold no blocks: walks for block nodes skip them. */
export const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'link', 'linkReference', 'emphasis', 'strong', 'delete']);

/** An MDX element (`<Tabs>`, or `:::tip` turned into `<Admonition>`): its children are content to walk into. */
export function isComponent(node: AnyNode): boolean {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}
