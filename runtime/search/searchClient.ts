import type { SiteData } from '../pageData.ts';
import type { FacetFilters } from './facetFilters.ts';
import { createLocalSearchClient, type LocalSearchClient, type SearchClient } from './localSearchClient.ts';

// One local client per page session: the modal and the search page share its index, and
// a later search never downloads it again. (Browser-side and lazy; nothing at build time.)
let localClient: LocalSearchClient | null = null;

/** The built-in index's client for this site. */
export function localSearchClient(site: SiteData): LocalSearchClient {
  localClient ??= createLocalSearchClient({ baseUrl: site.baseUrl });
  return localClient;
}

/** The client of the configured provider; Algolia's is loaded only when configured. */
export async function searchClientFor(site: SiteData): Promise<SearchClient> {
  if (site.search.provider === 'local') return localSearchClient(site);
  const { liteClient } = await import('algoliasearch/lite');
  return liteClient(site.search.appId ?? '', site.search.apiKey ?? '') as unknown as SearchClient;
}

/**
 * Contextual search (as Docusaurus does it): the reader's language, and any of the site's
 * tags (plain pages, the docs version, the blog). None when Algolia's `contextualSearch`
 * is off.
 */
export function contextualFacetFilters(site: SiteData): FacetFilters | undefined {
  if (!site.search.contextualSearch) return undefined;
  return [`language:${site.locale}`, site.search.tags.map((tag) => `docusaurus_tag:${tag}`)];
}

/** Where 'Let us know.' leads for a query, or undefined when no target is configured. */
export function missingResultsUrl(site: SiteData, query: string): string | undefined {
  return site.search.missingResultsUrl?.replace('{query}', encodeURIComponent(query));
}
