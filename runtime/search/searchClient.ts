import type { DocsData, SiteData } from '../pageData.ts';
import type { FacetFilters } from './facetFilters.ts';
import { storage, storageKeys } from '../storage.ts';
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
 * tags (plain pages, one docs version, the blog). The docs version is the one of the page
 * shown (`pathname`), else the reader's preferred one, else the latest: the other
 * versions are not searched (Docusaurus's useDocsContextualSearchTags). None when
 * Algolia's `contextualSearch` is off.
 */
export function contextualFacetFilters(site: SiteData, pathname = typeof location === 'undefined' ? '' : location.pathname): FacetFilters | undefined {
  if (!site.search.contextualSearch) return undefined;
  // Each docs instance (Docusaurus's docs plugins) keeps to its own active version.
  const active = new Map<string, string>();
  for (const docs of [site.docs, ...(site.docsPlugins ?? [])]) {
    const latest = docs.versions.find((v) => v.isLast);
    const version = latest && searchedVersion(site, docs, pathname);
    if (latest && version) active.set(`docs-${docs.pluginId}-${latest.name}`, `docs-${docs.pluginId}-${version}`);
  }
  const tags = site.search.tags.map((tag) => active.get(tag) ?? tag);
  return [`language:${site.locale}`, tags.map((tag) => `docusaurus_tag:${tag}`)];
}

/** The version whose base path holds the page (the longest), else the stored preferred one, else the latest. */
function searchedVersion(site: SiteData, docs: DocsData, pathname: string): string | undefined {
  const route = pathname.startsWith(site.baseUrl) ? `/${pathname.slice(site.baseUrl.length)}` : pathname;
  const byDepth = [...docs.versions].sort((a, b) => b.path.length - a.path.length);
  const here = byDepth.find((v) => route.startsWith(v.path));
  if (here) return here.name;
  const preferred = docs.versionPersistence === 'localStorage' ? storage.get(storageKeys.preferredVersion(docs.pluginId)) : null;
  return docs.versions.find((v) => v.name === preferred)?.name ?? docs.versions.find((v) => v.isLast)?.name;
}

/** Where 'Let us know.' leads for a query, or undefined when no target is configured. */
export function missingResultsUrl(site: SiteData, query: string): string | undefined {
  return site.search.missingResultsUrl?.replace('{query}', encodeURIComponent(query));
}
