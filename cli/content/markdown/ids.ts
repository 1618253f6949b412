import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { walk } from './walk.ts';
import { toString } from 'hast-util-to-string';

/**
 * Collects every id the rendered content carries (headings, custom ids, raw HTML,
 * footnotes), which is what `#anchor` links are checked against, and gives h2–h6 the
 * classic theme's "Direct link" anchor.
 */
export function rehypeIdsAndAnchors() {
  return (tree: Root, vfile: VFile) => {
    const ids: string[] = [];
    walk(tree as never, (any) => {
      if (any.type !== 'element') return false;
      const node = any as unknown as Element;
      const id = node.properties.id;
      if (typeof id === 'string' && id) ids.push(id);
      else if (typeof id === 'number') ids.push(String(id));
      if (/^h[2-6]$/.test(node.tagName) && typeof id === 'string') {
        const label = `Direct link to ${toString(node).trim()}`;
        node.properties.className = ['anchor'];
        node.children.push({
          type: 'element',
          tagName: 'a',
          properties: { href: `#${id}`, className: ['hash-link'], ariaLabel: label, title: label },
          children: [{ type: 'text', value: '\u200b' }],
        });
      }
      // Highlighted code is most of the tree and holds no ids.
      return node.tagName !== 'pre';
    });
    vfile.data.ids = ids;
  };
}

declare module 'vfile' {
  interface DataMap {
    ids: string[];
  }
}
