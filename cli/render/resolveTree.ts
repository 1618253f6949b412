import type { Element, Nodes, Properties, Root } from 'hast';
import type { ResolvedConfig } from '../config/types.ts';
import type { RouteGraph } from '../graph/types.ts';
import { FILE_LINK_MARK, PATHNAME_MARK } from '../content/markdown/links.ts';
import { findRoute, markdownLinkRoute } from '../links/resolveLink.ts';
import { encodeSegment } from '../graph/paths.ts';
import { urlOf } from '../graph/permalinks.ts';

/** Where files referenced next to Markdown (not in static/) are published. */
export const CONTENT_FILES_PREFIX = 'assets/files/';

/**
 * The output path of a file referenced next to its Markdown, relative to the output
 * folder: its site-relative path under `assets/files/`. A content folder outside the site
 * folder (`../docs`) gives paths starting with "..": each such segment becomes "_", so
 * the file stays inside `assets/files/`.
 */
export function contentFileUrl(file: string): string {
  return CONTENT_FILES_PREFIX + file.split('/').map((segment) => (segment === '..' ? '_' : segment)).join('/');
}

/** The URL of such a file (site-relative path) under the base URL, each segment encoded. */
export function contentFileHref(baseUrl: string, file: string): string {
  return baseUrl + contentFileUrl(file).split('/').map(encodeSegment).join('/');
}

/**
 * A document's content tree finished for its page, once routes are known:
 * - links to `.md` files become their routes' URLs (`urlOf`: "/docs/b" without
 *   `trailingSlash`, as Docusaurus writes them), files next to the Markdown their
 *   published URL (the load stage marked both, see links.ts);
 * - relative URL links in `<a>` ("configuration#x", "../x") are resolved against `pageUrl`,
 *   the page's Docusaurus URL ("/docs/cli", no slash), as the link check resolves them, and
 *   written as the absolute URLs of their routes: the page's folder-style address ("/docs/cli/") would
 *   resolve them one level deeper;
 * - with `trailingSlash` set, absolute links to routes take the route's URL ("/docs/b/"
 *   with `true`, "/docs/b" with `false`, as Docusaurus's `<Link>` writes them);
 * - absolute links get the base URL;
 * - `pathname://` URLs lose their scheme, a link's path getting the base URL (links.ts);
 * - images of the static folder get their intrinsic width and height.
 * Pure, and the tree is not changed: nodes on the way to a change are copied, the rest
 * is shared with the document (which the cache keeps).
 */
export function resolveTree(tree: Root, graph: RouteGraph, config: ResolvedConfig, pageUrl?: string): Root {
  const base = config.baseUrl;
  const rewriteAbsolute = config.trailingSlash !== undefined || base !== '/';

  const url = (value: string, attr: 'href' | 'src', inLink: boolean): string => {
    if (value.startsWith(PATHNAME_MARK)) {
      const path = value.slice(PATHNAME_MARK.length);
      return attr === 'href' && path.startsWith('/') && !path.startsWith('//') ? base + path.slice(1) : path;
    }
    if (value.startsWith(FILE_LINK_MARK)) {
      const rest = value.slice(FILE_LINK_MARK.length);
      const at = rest.indexOf('#');
      const hash = at === -1 ? '' : rest.slice(at);
      const beforeHash = at === -1 ? rest : rest.slice(0, at);
      const q = beforeHash.indexOf('?');
      const query = q === -1 ? '' : beforeHash.slice(q);
      // The marker holds the candidate files encoded, comma-separated (a name may hold "#",
      // "%" or ","); a file's URL is encoded too, while the copy on disk has the decoded name.
      const files = (q === -1 ? beforeHash : beforeHash.slice(0, q)).split(',').map((one) => one.split('/').map(decodeURIComponent).join('/'));
      const file = files[0]!;
      if (attr === 'src' || !/\.mdx?$/i.test(file)) return contentFileHref(base, file) + query + hash;
      const path = markdownLinkRoute(files, graph);
      const route = path === undefined ? undefined : graph.byPath.get(path);
      return `${route ? base + urlOf(route, config.trailingSlash).slice(1) + query : '#'}${hash}`;
    }
    if (inLink && pageUrl !== undefined && attr === 'href' && !/^([#/]|[a-zA-Z][a-zA-Z\d+.-]*:)/.test(value)) {
      let resolved: URL;
      try {
        resolved = new URL(value, `http://site${pageUrl}`);
      } catch {
        return value;
      }
      const route = findRoute(resolved.pathname, graph);
      const path = route && route.path !== '/404.html' ? urlOf(route, config.trailingSlash) : resolved.pathname;
      // Absolute within the site now: the base URL is added as for authors' absolute links.
      return url(path + resolved.search + resolved.hash, attr, false);
    }
    if (rewriteAbsolute && value.startsWith('/') && !value.startsWith('//')) {
      const end = value.search(/[?#]/);
      const path = end === -1 ? value : value.slice(0, end);
      const route = config.trailingSlash !== undefined && attr === 'href' ? findRoute(path, graph) : undefined;
      const target = route && route.path !== '/404.html' ? urlOf(route, config.trailingSlash) : path;
      return base + target.slice(1) + (end === -1 ? '' : value.slice(end));
    }
    return value;
  };

  const element = (node: Element): Element => {
    let properties: Properties | undefined;
    for (const attr of ['href', 'src'] as const) {
      const value = node.properties[attr];
      if (typeof value !== 'string') continue;
      const resolved = url(value, attr, node.tagName === 'a');
      if (resolved !== value) (properties ??= { ...node.properties })[attr] = resolved;
    }
    if (node.tagName === 'img' && typeof node.properties.src === 'string' && node.properties.width === undefined && node.properties.height === undefined) {
      const size = graph.imageSizes.get(node.properties.src.split(/[?#]/)[0]!);
      if (size) Object.assign((properties ??= { ...node.properties }), { width: size.width, height: size.height });
    }
    const children = childrenOf(node);
    return properties || children !== node.children ? { ...node, properties: properties ?? node.properties, children: children as Element['children'] } : node;
  };

  const childrenOf = <T extends { children: Nodes[] }>(parent: T): Nodes[] => {
    let out: Nodes[] | undefined;
    parent.children.forEach((child, i) => {
      const next = 'children' in child && child.type !== 'root' ? (child.type === 'element' ? element(child) : withChildren(child)) : child;
      if (next !== child) (out ??= parent.children.slice())[i] = next;
    });
    return out ?? parent.children;
  };

  // MDX elements and other parents: only their children can change.
  const withChildren = <T extends Nodes & { children: Nodes[] }>(node: T): T => {
    const children = childrenOf(node);
    return children === node.children ? node : { ...node, children };
  };

  const children = childrenOf(tree);
  return children === tree.children ? tree : { ...tree, children: children as Root['children'] };
}
