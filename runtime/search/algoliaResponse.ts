import type { SearchRecord } from './searchRecord.ts';
import type { EngineResult } from './engine.ts';
import { marks, type HighlightedValue, type MarkOptions } from './highlight.ts';
import { queryTerms } from './scoring.ts';
import type { FacetFilters } from './facetFilters.ts';

/** The part of an Algolia search request the local client understands. */
export interface SearchRequest {
  indexName?: string;
  query?: string;
  /** Zero-based. @default 0 */
  page?: number;
  /** @default 20 */
  hitsPerPage?: number;
  facetFilters?: FacetFilters;
  /** `attribute:words`, e.g. `content:10`; the attributes to cut to a snippet of that many words. */
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  [other: string]: unknown;
}

type Levels = Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', HighlightedValue>;

/** A record as Algolia returns it: the record, `_highlightResult` and `_snippetResult`. */
export type SearchHit = SearchRecord & {
  _highlightResult: { hierarchy: Partial<Levels>; hierarchy_camel: Partial<Levels>[]; content?: HighlightedValue };
  _snippetResult: { hierarchy: Partial<Levels>; hierarchy_camel: Partial<Levels>[]; content?: HighlightedValue };
};

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
}

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** `['content:10', 'hierarchy.lvl1:10']` → attribute → words. */
function snippetSizes(attributes: string[] | undefined): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const entry of attributes ?? []) {
    const [name, count] = entry.split(':');
    if (name) sizes.set(name, Number(count) || 10);
  }
  return sizes;
}

export const DEFAULT_HITS_PER_PAGE = 20;

/** Turns the engine's result (hits up to the end of the requested page) into Algolia's response, with marks and snippets. */
export function toAlgoliaResponse(request: SearchRequest, result: EngineResult, startedAt: number): SearchResponse {
  const { hits, total, terms } = result;
  const query = request.query ?? '';
  const hitsPerPage = request.hitsPerPage ?? DEFAULT_HITS_PER_PAGE;
  const page = request.page ?? 0;
  const queryTermCount = queryTerms(query).length;
  const sizes = snippetSizes(request.attributesToSnippet);
  const options: MarkOptions = { terms, queryTermCount, pre: request.highlightPreTag, post: request.highlightPostTag };
  // Section and page titles repeat across the hits of a page: mark each text once.
  const marked = new Map<string, ReturnType<typeof marks>>();
  const mark = (attribute: string, text: string) => {
    const size = sizes.get(attribute);
    const key = `${size ?? 0}\0${text}`;
    let result = marked.get(key);
    if (!result) {
      result = marks(text, { ...options, size, ellipsis: request.snippetEllipsisText });
      marked.set(key, result);
    }
    return result;
  };
  const shown = hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((hit): SearchHit => {
    const h: Partial<Levels> = {};
    const s: Partial<Levels> = {};
    for (const level of LEVELS) {
      const value = hit.record.hierarchy[level];
      if (value === null) continue;
      ({ highlight: h[level], snippet: s[level] } = mark(`hierarchy.${level}`, value));
    }
    const content = hit.record.content === null ? null : mark('content', hit.record.content);
    return {
      ...hit.record,
      _highlightResult: { hierarchy: h, hierarchy_camel: [h], ...(content && { content: content.highlight }) },
      _snippetResult: { hierarchy: s, hierarchy_camel: [s], ...(content && { content: content.snippet }) },
    };
  });
  return {
    hits: shown,
    nbHits: total,
    page,
    nbPages: Math.ceil(total / hitsPerPage),
    hitsPerPage,
    exhaustiveNbHits: true,
    query,
    params: new URLSearchParams({ query }).toString(),
    index: request.indexName ?? '',
    processingTimeMS: Math.round(performance.now() - startedAt),
  };
}
