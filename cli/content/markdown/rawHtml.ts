import type { Root, Comment } from 'hast';
import type { VFile } from 'vfile';
import { raw } from 'hast-util-raw';

const COMMENT_RE = /^\s*<!--([\s\S]*?)-->\s*$/;

/**
 * Parses raw HTML in Markdown into real elements (so its ids and links are seen by the
 * link check), only for documents that have any: re-parsing the whole tree through an
 * HTML parser costs more than parsing the Markdown did. HTML comments alone (the most
 * common raw HTML: `<!-- prettier-ignore -->`, `<!-- truncate -->`) need no parser: they
 * become comment nodes directly (20 changelog posts: this step took 60–170 ms instead of
 * 190–990 ms, on a busy machine).
 */
export function rehypeRawWhenNeeded(passThrough: string[]) {
  return (tree: Root, file: VFile): Root => {
    const raws: { value: string }[] = [];
    const visit = (node: { type: string; value?: string; children?: unknown[] }) => {
      if (node.type === 'raw') raws.push(node as { value: string });
      else node.children?.forEach((c) => visit(c as typeof node));
    };
    visit(tree);
    if (raws.length === 0) return tree;
    if (raws.every((node) => COMMENT_RE.test(node.value) && !node.value.slice(node.value.indexOf('-->') + 3).includes('<'))) {
      for (const node of raws) {
        const comment = node as unknown as Comment;
        comment.type = 'comment';
        comment.value = COMMENT_RE.exec(node.value)![1]!;
      }
      return tree;
    }
    // MDX elements are kept as they are; their children are HTML-parsed with the rest.
    return raw(tree, { file, passThrough }) as Root;
  };
}
