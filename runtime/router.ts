import { createContext, useContext } from 'react';
import type { PageData, SidebarItem } from './pageData.ts';
import { pageDataUrl, sidebarDataUrl } from './pageData.ts';
export { sameRoute } from './pageData.ts';
import { withBase } from './SiteContext.ts';

export interface RouterState {
  /** The route shown (clean path, trailing slash). */
  path: string;
  /** True while the next page's data is loading. */
  loading: boolean;
  /** Set when the next page could not be loaded while offline (SPEC §4: loaded or error, with retry). */
  failure?: { message: string; retry: () => void };
}

export const RouterContext = createContext<RouterState>({ path: '/', loading: false });

export function useRouter(): RouterState {
  return useContext(RouterContext);
}

/**
 * `x/index.html` and `x.html` are the same page as `x/` (SPEC §2). Throws a clear error for
 * a path with broken percent-encoding, which no route can match.
 */
export function normalizePath(pathname: string): string {
  let path = pathname;
  try {
    decodeURIComponent(path);
  } catch {
    throw new Error(`Invalid percent-encoded path "${pathname}".`);
  }
  if (path.endsWith('/index.html')) path = path.slice(0, -'index.html'.length);
  else if (path.endsWith('.html') && !path.endsWith('/404.html')) path = `${path.slice(0, -'.html'.length)}/`;
  return path;
}

/** The site's base URL, and whether its pages are "x.html" files shown at "/x" (trailingSlash false). */
type SiteForm = { baseUrl: string; trailingSlash?: false };

/**
 * The page a static host answered with its 404 page is really at its clean path when the
 * address ends in `.html` or `/index.html` (SPEC §2: `x.html` is `x/`), or, on a site whose
 * pages are "x.html" files (trailingSlash false), when it is "x/" (no folder on the host:
 * GitHub Pages gives its 404 where `serve` redirects to "x"): the address to show (the
 * clean path, or that page's own URL on such a site) and its page, or null when the
 * address is clean already or the clean path is no page.
 */
export async function pageAtCleanPath(site: SiteForm, pathname: string): Promise<{ url: string; page: PageData } | null> {
  const { baseUrl } = site;
  let url: string;
  try {
    url = normalizePath(pathname);
  } catch {
    return null;
  }
  const htmlFiles = site.trailingSlash === false;
  if ((url === pathname && !(htmlFiles && url.endsWith('/') && url !== baseUrl)) || !url.startsWith(baseUrl)) return null;
  try {
    const page = await loadPageData(baseUrl, `/${url.slice(baseUrl.length)}`);
    return { url: htmlFiles ? pageAddress(page, site) : url, page };
  } catch {
    return null;
  }
}

/**
 * Where a page is shown on a site whose pages are "x.html" files (trailingSlash false):
 * its URL, without the slash ("/docs/intro"), which the host answers with docs/intro.html;
 * "/docs/intro/" would be its 404 (no such folder).
 */
export function pageAddress(page: { path: string; permalink?: string }, site: SiteForm): string {
  return withBase(site.baseUrl, page.permalink ?? page.path);
}

/**
 * The route a URL path shows: its normal form without the site's base URL (`/docs/a/` →
 * `/a/` under `/docs/`). Routes end with a slash; a link written without one (`/docs/a`,
 * as Docusaurus sites write them) is the same route, which the host serves either way.
 */
export function routePath(pathname: string, baseUrl: string): string {
  let path = normalizePath(pathname);
  if (!path.endsWith('/')) path = `${path}/`;
  return path.startsWith(baseUrl) ? `/${path.slice(baseUrl.length)}` : path;
}

/**
 * The address to show for a page reached by a link: the link's own when it is the route
 * without its slash, else the route's; on a site whose pages are "x.html" files
 * (trailingSlash false), always the page's URL (pageAddress), whatever form the link had.
 */
export function addressOf(pathname: string, page: { path: string; permalink?: string }, site: SiteForm): string {
  if (site.trailingSlash === false) return pageAddress(page, site);
  const address = withBase(site.baseUrl, page.path);
  return pathname === address.slice(0, -1) ? pathname : address;
}

/**
 * Fetches a JSON file once. A failure is forgotten, so the next try fetches again, except
 * a 404: that file is not there, and asking again (each hover of a link to it) would only
 * repeat the same failed request.
 */
function fetchOnce<T>(cache: Map<string, Promise<T>>, key: string, url: string, what: string): Promise<T> {
  let pending = cache.get(key);
  if (!pending) {
    let missing = false;
    pending = fetch(url).then((res) => {
      missing = res.status === 404;
      if (!res.ok) throw new Error(`Could not load ${what} (HTTP ${res.status}).`);
      return res.json() as Promise<T>;
    });
    pending.catch(() => missing || cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

const pages = new Map<string, Promise<PageData>>();
const sidebars = new Map<string, Promise<SidebarItem[]>>();

let sidebarsVersion = 0;

/** Drops cached payloads (dev mode: the pages changed on disk). */
export function forgetPageData(paths: string[], allSidebars: boolean): void {
  for (const path of paths) pages.delete(path);
  if (allSidebars) {
    sidebars.clear();
    sidebarsVersion++;
  }
}

/** Changes whenever cached sidebars were dropped, so views holding one fetch it again. */
export function currentSidebarsVersion(): number {
  return sidebarsVersion;
}

/** Fetches (once) a sidebar's whole item tree. */
export function loadSidebar(baseUrl: string, sidebarId: string): Promise<SidebarItem[]> {
  return fetchOnce(sidebars, sidebarId, sidebarDataUrl(baseUrl, sidebarId), `the sidebar "${sidebarId}"`);
}

/**
 * Fetches (once) the payload of a route, with its sidebar (payloads carry only the
 * sidebar's id). Rejects on a network error or a non-200 answer.
 */
export async function loadPageData(baseUrl: string, path: string): Promise<PageData> {
  return withSidebar(baseUrl, await fetchOnce(pages, path, pageDataUrl(baseUrl, path), path));
}

/** A payload with its sidebar filled in (payloads carry only the sidebar's id). */
export async function withSidebar(baseUrl: string, page: PageData): Promise<PageData> {
  if ((page.kind === 'doc' || page.kind === 'category-index') && page.sidebarId && !page.sidebar) {
    page.sidebar = await loadSidebar(baseUrl, page.sidebarId);
  }
  return page;
}

/** Prefetching costs the reader's data: skipped on 2g and with data-saver on (SPEC §2). */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !(connection?.saveData || connection?.effectiveType?.includes('2g'));
}

/** The internal route a link leads to, or null when the browser should follow it itself. */
export function internalTarget(anchor: HTMLAnchorElement, baseUrl: string): URL | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.getAttribute('rel')?.includes('external')) return null;
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#') && anchor.pathname === location.pathname) return href ? new URL(anchor.href) : null;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(baseUrl)) return null;
  // Files (images, feeds, sitemap) are not routes.
  if (/\.(?!html$)[a-z\d]{2,5}$/i.test(url.pathname)) return null;
  return url;
}

/** History entries carry a short random key, so scroll positions can be restored (SPEC §9: length 6). */
export function createHistoryKey(): string {
  return Math.random().toString(36).slice(2, 8).padEnd(6, '0');
}
