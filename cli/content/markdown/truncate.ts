import type { Root, Html } from 'mdast';
import type { Root as HastRoot, Element } from 'hast';
import type { VFile } from 'vfile';

const TRUNCATE_RE = /^<!--\s*truncate\s*-->$/;

/** `<!-- truncate -->` ends a blog post's summary; it becomes a marker element. */
export function remarkTruncateMarker() {
  return (tree: Root) => {
    tree.children.forEach((node, i) => {
      if (node.type === 'html' && TRUNCATE_RE.test((node as Html).value.trim())) {
        tree.children[i] = { type: 'thematicBreak', data: { hName: 'template', hProperties: { dataTruncate: true } } };
      }
    });
  };
}

/** Removes the marker; `file.data.excerptEnd` is the number of top-level nodes before it. */
export function rehypeTruncate() {
  return (tree: HastRoot, file: VFile) => {
    const index = tree.children.findIndex(
      (n) => n.type === 'element' && (n as Element).tagName === 'template' && 'dataTruncate' in (n as Element).properties,
    );
    if (index === -1) return;
    tree.children.splice(index, 1);
    file.data.excerptEnd = index;
  };
}

declare module 'vfile' {
  interface DataMap {
    excerptEnd: number;
  }
}
