import { searchPagePath, type SearchSite } from '../SiteContext.ts';

/**
 * Tiny: the search page imports it on first load. The modal's 'See all results' link,
 * followed while the search page is open, cannot navigate (same route); it sends this
 * event with the query instead.
 */
export const SEARCH_QUERY_EVENT = 'site:search-query';

export { searchPagePath };

/** The search page's URL for a query (`q` URL-encoded, SPEC §2). */
export const searchPageUrl = (site: SearchSite, query: string) => `${searchPagePath(site)}?q=${encodeURIComponent(query)}`;
