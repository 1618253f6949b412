import path from 'node:path';
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { walk, isComponent } from './walk.ts';
import { IMAGE_EXT, LINKED_FILE_EXT } from '../assetFiles.ts';

/** A link or image reference found in a document, with its place in the source file. */
export interface LinkRef {
  /** As written by the author. */
  url: string;
  kind: 'link' | 'image';
  line: number;
  column: number;
  /** For `.md` links and co-located files: the target's path relative to the site folder. */
  file?: string;
  /**
   * For `.md` links: every file the link may mean, in Docusaurus's order of preference
   * (`markdownFileCandidates`); the first that is a page wins. `file` is the first.
   */
  candidates?: string[];
}

/** Marks a link the render stage rewrites once routes are known (never in real text). */
export const FILE_LINK_MARK = '\uE000file:';

/**
 * Marks a `pathname://` URL, Docusaurus's escape hatch, after the load stage took its
 * scheme off: the path as written, which the render stage gives the base URL in a link
 * (as Docusaurus's `<Link>` does; an image's is left as it is, as Docusaurus leaves it).
 */
export const PATHNAME_MARK = '\uE000pathname:';
const PATHNAME_SCHEME = 'pathname://';

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
      if (url.startsWith(PATHNAME_SCHEME)) {
        // Neither a route nor a file of the site to Docusaurus: not checked, not published; a
        // link to it is no internal one (it opens a new tab, as there).
        node.properties[attr] = PATHNAME_MARK + url.slice(PATHNAME_SCHEME.length);
        if (attr === 'href' && node.properties.target === undefined) Object.assign(node.properties, { target: '_blank', rel: ['noopener', 'noreferrer'] });
        return;
      }
      const start = node.position?.start;
      const ref: LinkRef = {
        url,
        kind: attr === 'src' ? 'image' : 'link',
        line: (start?.line ?? 1) + lineOffset,
        column: start?.column ?? 1,
      };
      if (!SCHEME_RE.test(url) && !url.startsWith('//') && !url.startsWith('#')) {
        const [beforeHash, hash] = splitHash(url);
        const [pathname, query = ''] = splitQuery(beforeHash);
        const isMarkdown = /\.mdx?$/i.test(pathname);
        // Images, `@site/` files (never a route) and files a link names by their extension are published beside the page.
        const isRelativeFile = !pathname.startsWith('/') && (ref.kind === 'image' || pathname.startsWith('@site/') || LINKED_FILE_EXT.test(pathname));
        if (isMarkdown || isRelativeFile) {
          const candidates = isMarkdown
            ? markdownFileCandidates(decodeSafe(pathname), vfile.path, vfile.data.contentRoot ?? '')
            : [pathname.startsWith('@site/') ? path.posix.normalize(decodeSafe(pathname.slice('@site/'.length))) : path.posix.normalize(path.posix.join(dir, decodeSafe(pathname)))];
          ref.file = candidates[0]!;
          if (candidates.length > 1) ref.candidates = candidates;
          // Encoded in the marker: a file name may hold "#", '"', "%" or ",".
          const encoded = candidates.map((c) => c.split('/').map(encodeURIComponent).join('/')).join(',');
          node.properties[attr] = `${FILE_LINK_MARK}${encoded}${query}${hash !== undefined ? `#${hash}` : ''}`;
        }
      }
      if (ref.kind === 'image') {
        node.properties.loading ??= 'lazy';
        node.properties.decoding ??= 'async';
      }
      links.push(ref);
    });
    // Files MDX imports for their URL (mdx.ts) are published and checked like the images beside a page.
    const files = Object.values(vfile.data.mdx?.bindings ?? {}).flatMap((binding): LinkRef[] =>
      binding.kind === 'file' ? [{ url: binding.source, kind: IMAGE_EXT.test(binding.file) ? 'image' : 'link', line: binding.line + lineOffset, column: binding.column, file: binding.file }] : [],
    );
    vfile.data.links = files.length > 0 ? [...files, ...links] : links;
  };
}

/**
 * The files a Markdown link to `x.md` may mean, as Docusaurus's resolveMarkdownLinkPathname
 * tries them (site-relative paths; `contentRoot` is the docs, blog or pages folder with a
 * trailing "/", or "" when unknown):
 * - `@site/a/x.md`: that file of the site folder only;
 * - `/a/x.md`: from the content folder, then from the site folder;
 * - `./x.md`, `../x.md`: from the linking file's folder only;
 * - `a/x.md`: from the linking file's folder, then the content folder, then the site folder.
 */
export function markdownFileCandidates(pathname: string, fromFile: string, contentRoot: string): string[] {
  const join = (...parts: string[]) => path.posix.normalize(path.posix.join(...parts));
  if (pathname.startsWith('@site/')) return [join(pathname.slice('@site/'.length))];
  if (pathname.startsWith('/')) return unique([join(contentRoot, pathname.slice(1)), join(pathname.slice(1))]);
  const here = join(path.posix.dirname(fromFile), pathname);
  if (/^\.\.?\//.test(pathname)) return [here];
  return unique([here, join(contentRoot, pathname), join(pathname)]);
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

function splitQuery(pathname: string): [string, string | undefined] {
  const i = pathname.indexOf('?');
  return i === -1 ? [pathname, undefined] : [pathname.slice(0, i), pathname.slice(i)];
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
    /** The content folder the file belongs to, site-relative with a trailing "/" ("docs/"). */
    contentRoot: string;
  }
}
