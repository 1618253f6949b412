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

/** `withBase` for this site: route paths in page data carry no base URL; every link rendered from them must. */
export function useBaseUrl(): (to: string) => string {
  const { baseUrl } = useSite();
  return (to) => withBase(baseUrl, to);
}
