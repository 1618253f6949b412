import type { RouteGraph, Route } from '../graph/types.ts';
import { canonicalPath } from '../graph/paths.ts';

export type LinkTarget =
  | { type: 'external' }
  | { type: 'route'; route: Route; hash?: string }
  | { type: 'static'; file: string }
  | { type: 'missing'; pathname: string; hash?: string };

const SCHEME_RE = /^[a-z][a-z\d+.-]*:/i;

/**
 * Resolves a link written on the page at `from` against the route graph:
 * - outside URLs (any scheme, or `//host`) are not checked;
 * - paths are resolved like a browser would (relative to the page's route), then the
 *   base URL is removed;
 * - `x/index.html` and `x.html` mean the route `x/`; `x` means `x/` (the host redirects);
 * - routes are compared in their encoded form, as a browser sends the path: a file named
 *   `a#b.md` is reached by `/a%23b/`, never by `/a#b/` (that is `/a` and a fragment);
 *   broken escapes (`/100%/`) reach nothing;
 * - otherwise the path may name a file of the static folder (by its decoded name).
 */
export function resolveLink(url: string, from: string, graph: RouteGraph, deps: { baseUrl: string; staticFiles: Set<string> }): LinkTarget {
  if (SCHEME_RE.test(url) || url.startsWith('//')) return { type: 'external' };
  let parsed: URL;
  try {
    parsed = new URL(url, `http://site${from}`);
  } catch {
    return { type: 'missing', pathname: url };
  }
  const hash = parsed.hash ? decodePart(parsed.hash.slice(1)) : undefined;
  let pathname = canonicalPath(parsed.pathname);
  if (pathname === undefined) return { type: 'missing', pathname: parsed.pathname, hash };
  const base = canonicalPath(deps.baseUrl) ?? deps.baseUrl;
  if (base !== '/' && pathname.startsWith(base)) pathname = `/${pathname.slice(base.length)}`;
  const route = findRoute(pathname, graph);
  if (route) return { type: 'route', route, hash };
  // Stryker disable next-line Regex: the pathname always starts with "/", so its first "/" is its leading one.
  const file = decodePart(pathname).replace(/^\//, '');
  if (deps.staticFiles.has(file)) return { type: 'static', file };
  if (deps.staticFiles.has(`${file.replace(/\/$/, '')}/index.html`)) return { type: 'static', file };
  return { type: 'missing', pathname, hash };
}

/** The route a URL path names, allowing for the forms a static host serves it under. */
export function findRoute(urlPath: string, graph: RouteGraph): Route | undefined {
  const pathname = canonicalPath(urlPath);
  if (pathname === undefined) return undefined;
  const candidates = [pathname];
  if (pathname.endsWith('/index.html')) candidates.push(pathname.slice(0, -'index.html'.length));
  else if (pathname.endsWith('.html') && pathname !== '/404.html') candidates.push(`${pathname.slice(0, -'.html'.length)}/`);
  else if (!pathname.endsWith('/')) candidates.push(`${pathname}/`);
  for (const c of candidates) {
    const route = graph.byPath.get(c);
    if (route) return route;
  }
  return undefined;
}

/** Percent-decodes a path or #hash; a malformed escape ("%zz") is kept as written. */
export function decodePart(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The route of a Markdown link to a file: the first of its candidate files (see
 * `markdownFileCandidates`) that is published as a page.
 */
export function markdownLinkRoute(candidates: string[], graph: Pick<RouteGraph, 'fileRoutes'>): string | undefined {
  for (const file of candidates) {
    const route = graph.fileRoutes.get(file);
    if (route) return route;
  }
  return undefined;
}
