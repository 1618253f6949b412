import type { ResolvedConfig } from '../config/types.ts';
import type { RouteGraph } from '../graph/types.ts';
import { FILE_LINK_MARK } from '../content/markdown/links.ts';
import { findRoute, markdownLinkRoute } from '../links/resolveLink.ts';
import { escapeHtml } from '../../runtime/escape.ts';
import { encodeSegment } from '../graph/paths.ts';

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

const MARK_RE = new RegExp(`(href|src)="${FILE_LINK_MARK}([^"#?]*)(\\?[^"#]*)?(#[^"]*)?"`, 'g');
const ABSOLUTE_RE = /(href|src)="(\/(?!\/)[^"#?]*)([^"]*)"/g;
// A link's relative URL: not a fragment, not absolute, no scheme, not a marker. Only in
// an <a> tag: code samples hold "href=" as text, where "<" is escaped.
const RELATIVE_RE = /(<a\s[^>]*?)href="(?![#/]|[a-zA-Z][a-zA-Z\d+.-]*:|\uE000)([^"]+)"/g;

/**
 * Finishes a document's HTML once routes are known: links to `.md` files become their
 * routes, co-located files their published URL; with `trailingSlash` set, absolute links
 * to routes take the route's canonical form; the base URL is prefixed. Relative URL links
 * ("configuration#x", "../x") are resolved against `pageUrl`, the page's Docusaurus URL
 * ("/docs/cli", no slash), as the link check resolves them, and written as absolute
 * routes: the page's own folder-style address ("/docs/cli/") would resolve them one
 * level deeper.
 */
export function resolveContentLinks(html: string, graph: RouteGraph, config: ResolvedConfig, pageUrl?: string): string {
  // Written into attributes of HTML that is already escaped: what is added is escaped too.
  const base = escapeHtml(config.baseUrl);
  let out = html;
  if (pageUrl !== undefined) {
    out = out.replace(RELATIVE_RE, (whole, tag: string, written: string) => {
      let url: URL;
      try {
        url = new URL(unescapeAttribute(written), `http://site${pageUrl}`);
      } catch {
        return whole;
      }
      const route = findRoute(url.pathname, graph);
      const path = route && route.path !== '/404.html' ? route.path : url.pathname;
      // Absolute within the site: the base URL is added below, as for authors' absolute links.
      return `${tag}href="${escapeHtml(path + url.search + url.hash)}"`;
    });
  }
  // Authors' absolute links first: the resolved markers below already carry the base URL.
  if (config.trailingSlash !== undefined || base !== '/') {
    out = out.replace(ABSOLUTE_RE, (_, attr: string, path: string, rest: string) => {
      const route = config.trailingSlash !== undefined && attr === 'href' ? findRoute(path, graph) : undefined;
      const target = route && route.path !== '/404.html' ? escapeHtml(route.path) : path;
      return `${attr}="${base}${target.slice(1)}${rest}"`;
    });
  }
  out = out.replace(MARK_RE, (_, attr: string, encoded: string, query = '', hash = '') => {
    // The marker holds the candidate files encoded, comma-separated; a file's published URL
    // is encoded too (the copy on disk has the decoded name, which is what the host looks up).
    const files = encoded.split(',').map((one) => one.split('/').map(decodeURIComponent).join('/'));
    const file = files[0]!;
    if (attr === 'src' || !/\.mdx?$/i.test(file)) return `${attr}="${base}${contentFileUrl(file).split('/').map(encodeSegment).join('/')}${query}${hash}"`;
    const route = markdownLinkRoute(files, graph);
    return `${attr}="${route ? base + escapeHtml(route.slice(1)) + query : '#'}${hash}"`;
  });
  return sizeImages(out, graph.imageSizes, base);
}

function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#39);/g, (_, name: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" })[name]!);
}

const IMG_RE = /<img src="([^"]+)"([^>]*)>/g;

/** Gives images their intrinsic size, so the page does not shift when they arrive. */
function sizeImages(html: string, sizes: RouteGraph['imageSizes'], base: string): string {
  if (sizes.size === 0) return html;
  return html.replace(IMG_RE, (whole, src: string, rest: string) => {
    const size = sizes.get(base === '/' ? src : `/${src.slice(base.length)}`);
    if (!size || / (width|height)=/.test(rest)) return whole;
    return `<img src="${src}"${rest} width="${size.width}" height="${size.height}">`;
  });
}
