/**
 * Tiny and dependency-free: the search page imports it on first load. The modal's 'See
 * all results' link, followed while the search page is open, cannot navigate (same
 * route); it sends this event with the query instead.
 */
export const SEARCH_QUERY_EVENT = 'site:search-query';

/** The search page's path under the base URL. */
export const searchPagePath = (baseUrl: string) => `${baseUrl}search/`;

/** The search page's URL for a query (`q` URL-encoded, SPEC §2). */
export const searchPageUrl = (baseUrl: string, query: string) => `${searchPagePath(baseUrl)}?q=${encodeURIComponent(query)}`;
