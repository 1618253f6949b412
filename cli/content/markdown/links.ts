import path from 'node:path';
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { walk, isComponent } from './walk.ts';

/** A link or image reference found in a document, with its place in the source file. */
export interface LinkRef {
  /** As written by the author. */
  url: string;
  kind: 'link' | 'image';
  line: number;
  column: number;
  /** For `.md` links and co-located files: the target's path relative to the site folder. */
  file?: string;
}

/** Marks a link the render stage rewrites once routes are known (never in real text). */
export const FILE_LINK_MARK = '\uE000file:';

const SCHEME_RE = /^[a-z][a-z\d+.-]*:/i;

/**
 * Collects every `a[href]` and `img[src]` (including those from raw HTML) with its source
 * position, and turns links to `.md` files and co-located files into markers: a file's
 * route is only known after the graph is built, and the loader stays per-file and pure.
 */
export function rehypeCollectLinks() {
  return (tree: Root, vfile: VFile) => {
    const dir = path.posix.dirname(vfile.path);
    const lineOffset = vfile.data.lineOffset ?? 0;
    const links: LinkRef[] = [];
    walk(tree as never, (any) => {
      if (any.type !== 'element') return isComponent(any);
      const node = any as unknown as Element;
      // Highlighted code is most of the tree and holds no links.
      if (node.tagName === 'pre') return false;
      const attr = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : null;
      if (!attr) return;
      const url = node.properties[attr];
      if (typeof url !== 'string' || url === '') return;
      const start = node.position?.start;
      const ref: LinkRef = {
        url,
        kind: attr === 'src' ? 'image' : 'link',
        line: (start?.line ?? 1) + lineOffset,
        column: start?.column ?? 1,
      };
      if (!SCHEME_RE.test(url) && !url.startsWith('//') && !url.startsWith('#')) {
        const [pathname, hash = ''] = splitHash(url);
        const isMarkdown = /\.mdx?$/i.test(pathname);
        const isRelativeFile = ref.kind === 'image' && !pathname.startsWith('/');
        if (isMarkdown || isRelativeFile) {
          ref.file = path.posix.normalize(path.posix.join(dir, decodeSafe(pathname)));
          // Encoded in the marker: a file name may hold "#", '"' or "%".
          node.properties[attr] = `${FILE_LINK_MARK}${ref.file.split('/').map(encodeURIComponent).join('/')}${hash ? `#${hash}` : ''}`;
        }
      }
      if (ref.kind === 'image') {
        node.properties.loading ??= 'lazy';
        node.properties.decoding ??= 'async';
      }
      links.push(ref);
    });
    vfile.data.links = links;
  };
}

export function splitHash(url: string): [string, string | undefined] {
  const i = url.indexOf('#');
  return i === -1 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

declare module 'vfile' {
  interface DataMap {
    links: LinkRef[];
    /** Lines of front matter before the Markdown body. */
    lineOffset: number;
  }
}
