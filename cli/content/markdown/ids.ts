import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { walk, isComponent } from './walk.ts';

/**
 * Collects every id the rendered content carries (headings, custom ids, raw HTML,
 * footnotes), which is what `#anchor` links are checked against. (A heading's "Direct
 * link" anchor is the theme's Heading component's.)
 */
const ANCHOR_COMPONENTS = new Set(['Link']);

export function rehypeCollectIds() {
  return (tree: Root, vfile: VFile) => {
    const ids: string[] = [];
    walk(tree as never, (any) => {
      if (any.type !== 'element') {
        // Docusaurus's Link registers its id as an anchor (`<Link id="x" />` marks a place, as <a id> does), and draws it.
        if ((any.type === 'mdxJsxFlowElement' || any.type === 'mdxJsxTextElement') && ANCHOR_COMPONENTS.has(String(any.name))) {
          const id = (any.attributes as { type: string; name?: string; value?: unknown }[] | undefined)?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'id')?.value;
          if (typeof id === 'string' && id) ids.push(id);
        }
        return isComponent(any);
      }
      const node = any as unknown as Element;
      const id = node.properties.id;
      if (typeof id === 'string' && id) ids.push(id);
      else if (typeof id === 'number') ids.push(String(id));
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
