import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { raw } from 'hast-util-raw';

/**
 * Parses raw HTML in Markdown into real elements (so its ids and links are seen by the
 * link check) — only for documents that have any, since re-parsing costs time.
 */
export function rehypeRawWhenNeeded() {
  return (tree: Root, file: VFile): Root => {
    let found = false;
    const visit = (node: { type: string; children?: unknown[] }) => {
      if (found) return;
      if (node.type === 'raw') found = true;
      else node.children?.forEach((c) => visit(c as typeof node));
    };
    visit(tree);
    return found ? (raw(tree, { file }) as Root) : tree;
  };
}
