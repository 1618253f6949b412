import type { Root } from 'mdast';
import { walk, type AnyNode } from './walk.ts';

/*
 * GFM autolink literals (`https://…`, `www.…`, `a@b.c`) are found after parsing, by
 * mdast-util-gfm-autolink-literal's transform: four regular expressions over every text
 * node, through unist-util-visit-parents, which copies the ancestor list per node. On a
 * large page that is a fifth of the parse (a 2 MB table: 4.5 s; 50,000 headings: 2.6 s),
 * nearly all of it on text that cannot hold a literal: each of them starts with
 * `http://`, `https://` or `www.`, or has an `@`.
 *
 * This wraps the transform: one cheap walk collects the nearest parents of the text nodes
 * that could hold one (never going into links, which the transform leaves alone too), and
 * the original transform runs over those parents only, held in a stand-in root. Their
 * ancestors are never links (the walk does not enter them), so it finds and replaces
 * exactly what it would over the whole tree.
 */

const CANDIDATE = /https?:\/\/|www\.|@/i;
const IGNORED = new Set(['link', 'linkReference']);

type Transform = (tree: Root) => Root | undefined | void;

/** The parents whose text could hold an autolink literal, outermost only, in document order. */
function candidateParents(tree: Root): AnyNode[] {
  const found: AnyNode[] = [];
  const holds = (node: AnyNode) => node.children!.some((child) => child.type === 'text' && CANDIDATE.test(child.value as string));
  if (holds(tree as unknown as AnyNode)) return [tree as unknown as AnyNode];
  walk(tree as unknown as AnyNode, (node) => {
    if (IGNORED.has(node.type) || !node.children) return false;
    if (holds(node)) {
      found.push(node);
      return false;
    }
  });
  return found;
}

function onlyWhereNeeded(transform: Transform): Transform {
  const wrapped: Transform = (tree) => {
    const parents = candidateParents(tree);
    if (parents.length > 0) transform({ type: 'root', children: parents } as unknown as Root);
    return tree;
  };
  return Object.assign(wrapped, { original: transform });
}

/**
 * A unified plugin, used after remark-gfm: its mdast extensions are made per processor,
 * so the transform is wrapped in the extensions the processor holds.
 */
export function remarkAutolinkLiteralsWhereNeeded(this: { data(key: 'fromMarkdownExtensions'): unknown[] | undefined }): void {
  const visit = (extensions: unknown[]) => {
    for (const extension of extensions as (unknown[] | { transforms?: Transform[] })[]) {
      if (Array.isArray(extension)) visit(extension);
      else if (extension.transforms) {
        extension.transforms = extension.transforms.map((t) => (t.name === 'transformGfmAutolinkLiterals' ? onlyWhereNeeded(t) : t));
      }
    }
  };
  visit(this.data('fromMarkdownExtensions') ?? []);
}
