/**
 * Tiny and dependency-free: the search page imports it on first load. The modal's 'See
 * all results' link, followed while the search page is open, cannot navigate (same
 * route); it sends this event with the query instead.
 */
export const SEARCH_QUERY_EVENT = 'site:search-query';

/** The site's base URL, and whether its pages are "x.html" files linked without their slash (trailingSlash false). */
type SearchSite = { baseUrl: string; trailingSlash?: false };

/** The search page's path under the base URL ("/search" with trailingSlash false: the page is search.html). */
export const searchPagePath = (site: SearchSite) => `${site.baseUrl}search${site.trailingSlash === false ? '' : '/'}`;

/** The search page's URL for a query (`q` URL-encoded, SPEC §2). */
export const searchPageUrl = (site: SearchSite, query: string) => `${searchPagePath(site)}?q=${encodeURIComponent(query)}`;
