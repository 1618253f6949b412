import type { SiteData } from '../pageData.ts';
import type { SearchHit } from './algoliaResponse.ts';
import { contextualFacetFilters, searchClientFor } from './searchClient.ts';
import { escapeHtml } from '../escape.ts';

/** One result of the search page: where it leads and what to show (HTML with `<mark>`). */
export interface PageResult {
  url: string;
  /** The matched title or heading. */
  titleHtml: string;
  /** lvl0 › lvl1 › …, above the title (plain text). */
  breadcrumb: string[];
  /** Words around the match in the section's text (HTML, escaped, marked). */
  snippetHtml: string | null;
}

export interface PageResults {
  results: PageResult[];
  nbHits: number;
  nbPages: number;
}

export const RESULTS_PER_PAGE = 20;

/**
 * One page (zero-based) of results for the search page, from the configured provider
 * with the same contextual filters as the modal. Loaded on demand with the index.
 */
export async function searchPageResults(site: SiteData, query: string, page: number): Promise<PageResults> {
  const client = await searchClientFor(site);
  const facetFilters = contextualFacetFilters(site);
  const { results } = await client.search({
    requests: [
      {
        indexName: site.search.indexName,
        query,
        page,
        hitsPerPage: RESULTS_PER_PAGE,
        attributesToSnippet: ['content:30'],
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        ...(facetFilters && { facetFilters }),
      },
    ],
  });
  const response = results[0]!;
  return { results: response.hits.map((hit) => toResult(hit, site)), nbHits: response.nbHits, nbPages: response.nbPages };
}

function toResult(hit: SearchHit, site: SiteData): PageResult {
  const levels = (['lvl0', 'lvl1', 'lvl2', 'lvl3'] as const).filter((level) => hit.hierarchy[level]);
  // The title is the deepest heading; a text match is shown under its section.
  const titleLevel = hit.type === 'content' ? levels[levels.length - 1]! : hit.type;
  const url = site.url && hit.url.startsWith(`${site.url}/`) ? hit.url.slice(site.url.length) : hit.url;
  return {
    url,
    titleHtml: hit._highlightResult.hierarchy[titleLevel]?.value ?? escapeHtml(hit.hierarchy[titleLevel] ?? ''),
    breadcrumb: levels.slice(0, levels.indexOf(titleLevel)).map((level) => hit.hierarchy[level]!),
    snippetHtml: hit.content ? (hit._snippetResult.content?.value ?? escapeHtml(hit.content)) : null,
  };
}
