import type { PageData, SiteData } from './pageData.ts';

/** The document title of a page: "Page | Site" (SPEC §2), or the site title alone. */
export function pageTitle(site: Pick<SiteData, 'title' | 'titleDelimiter'>, page: Pick<PageData, 'title'>): string {
  return page.title && page.title !== site.title ? `${page.title} ${site.titleDelimiter} ${site.title}` : site.title;
}

/** The absolute URL of a route. */
export function absoluteUrl(site: Pick<SiteData, 'url' | 'baseUrl'>, path: string): string {
  return `${site.url}${site.baseUrl}${path.replace(/^\//, '')}`;
}

/** Updates the head after a client-side navigation, as the server wrote it for a full load. */
export function applyHead(site: SiteData, page: PageData): void {
  const title = pageTitle(site, page);
  document.title = title;
  const set = (selector: string, attr: string, value: string) => document.head.querySelector(selector)?.setAttribute(attr, value);
  set('meta[name="description"]', 'content', page.description);
  set('meta[property="og:title"]', 'content', title);
  set('meta[property="og:description"]', 'content', page.description);
  set('meta[property="og:url"]', 'content', absoluteUrl(site, page.permalink ?? page.path));
  set('link[rel="canonical"]', 'href', absoluteUrl(site, page.canonical ?? page.permalink ?? page.path));
}
