import { createContext, useContext } from 'react';
import type { SiteData } from './pageData.ts';

export const SiteContext = createContext<SiteData | null>(null);

/** The site-wide data; throws when used outside `<SiteContext.Provider>` (SPEC §8). */
export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() was used outside its provider: wrap the tree in <SiteContext.Provider>.');
  return site;
}

/**
 * A route or static path (`/a/`, `/img/x.png`) as the browser must ask for it: under the
 * site's base URL. Anchors, relative and outside URLs are left as they are.
 */
export function withBase(baseUrl: string, to: string): string {
  return to.startsWith('/') && !to.startsWith('//') ? baseUrl + to.slice(1) : to;
}

/**
 * A link to a page as the site writes it, as Docusaurus's `<Link>` applies `trailingSlash`:
 * with `trailingSlash: false` the path loses its slash ("/search/?q=x" → "/search?q=x"),
 * except the root and the base URL; otherwise it is left as it is.
 */
export function applyTrailingSlash(url: string, site: Pick<SiteData, 'baseUrl' | 'trailingSlash'>): string {
  if (site.trailingSlash !== false) return url;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.startsWith('/') || path.startsWith('//') || !path.endsWith('/') || path === '/' || path === site.baseUrl) return url;
  return path.slice(0, -1) + (end === -1 ? '' : url.slice(end));
}

/** The site's base URL, whether its pages are "x.html" files linked without their slash (trailingSlash false), and its search page's path. */
export type SearchSite = Pick<SiteData, 'baseUrl' | 'trailingSlash'> & { search: Pick<SiteData['search'], 'pagePath'> };

/**
 * The search page's path ("/search/"; "/search" with trailingSlash false: the page is
 * search.html); "" when the site has none. Here, not in search/: the navbar's search entry
 * links to it on every page's first load.
 */
export const searchPagePath = (site: SearchSite): string => (site.search.pagePath === false ? '' : `${site.baseUrl}${site.search.pagePath}${site.trailingSlash === false ? '' : '/'}`);

/** `withBase` for this site: route paths in page data carry no base URL; every link rendered from them must. */
export function useBaseUrl(): (to: string) => string {
  const { baseUrl } = useSite();
  return (to) => withBase(baseUrl, to);
}
