import { SearchEngine } from './engine.ts';
import { decodeShard, MANIFEST_FILE, SEARCH_DIR, type SearchManifest, type SearchShard } from './indexFormat.ts';
import { compileFacetFilters, facetAttributes } from './facetFilters.ts';
import { DEFAULT_HITS_PER_PAGE, toAlgoliaResponse, type SearchRequest, type SearchResponse } from './algoliaResponse.ts';
import type { SearchRecord } from './searchRecord.ts';

/** Facets every record of a page shares (DocSearch's contextual filters use only these). */
const PAGE_FACETS = new Set(['language', 'docusaurus_tag', 'url_without_anchor']);

/** What DocSearch (and the search page) call: Algolia's `search({ requests })`. */
export interface SearchClient {
  search(params: { requests: SearchRequest[] } | SearchRequest[]): Promise<{ results: SearchResponse[] }>;
}

export interface LocalClientOptions {
  /** Site base URL; the index is at `{baseUrl}search/manifest.json`. */
  baseUrl: string;
  /** Defaults to the global `fetch`; Node tests and the benchmark pass a file reader. */
  fetch?: (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
}

/** The DocSearch client's extras (Algolia agents), which the local client ignores. */
export interface LocalSearchClient extends SearchClient {
  /** Loads the index now (on hover or focus of the search button), once. */
  preload(): Promise<SearchEngine>;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: { algoliaAgent: { value: string; add(options: { segment: string; version?: string }): unknown } };
}

/**
 * A failed load surfaces as Algolia's `RetryError`, the one error DocSearch turns into
 * 'Unable to fetch results' (any other error leaves the modal silently empty).
 */
export class IndexLoadError extends Error {
  override name = 'RetryError';
}

/**
 * The search client of the local index: fetches the manifest and its shards on first use
 * (a failure is not cached, so the next keystroke tries again), then answers in Algolia's
 * response shape so that one UI serves both providers.
 */
export function createLocalSearchClient(options: LocalClientOptions): LocalSearchClient {
  const fetchJson = async <T>(url: string, init?: RequestInit): Promise<T> => {
    let response;
    try {
      response = await (options.fetch ?? fetch)(url, init);
    } catch (error) {
      throw new IndexLoadError(`Could not load the search index (${url}): ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) throw new IndexLoadError(`Could not load the search index (${url}): HTTP ${response.status}.`);
    return (await response.json()) as T;
  };
  const dir = `${options.baseUrl}${SEARCH_DIR}/`;
  let loading: Promise<SearchEngine> | null = null;
  const load = () => {
    loading ??= (async () => {
      // The manifest's address is fixed, so it is revalidated; shards are immutable.
      const manifest = await fetchJson<SearchManifest>(dir + MANIFEST_FILE, { cache: 'no-cache' });
      const engine = new SearchEngine();
      const shards = manifest.shards.map((name) => fetchJson<SearchShard>(dir + name));
      // The first failure is reported; the others must not surface as unhandled.
      for (const shard of shards) shard.catch(() => undefined);
      // Indexed in order as each arrives, letting the page breathe between shards.
      for (const shard of shards) {
        engine.addPages(decodeShard(await shard));
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return engine;
    })();
    loading.catch(() => (loading = null));
    return loading;
  };
  return {
    preload: load,
    async search(params) {
      const requests = Array.isArray(params) ? params : params.requests;
      const engine = await load();
      return {
        results: requests.map((request) => {
          const startedAt = performance.now();
          const limit = ((request.page ?? 0) + 1) * (request.hitsPerPage ?? DEFAULT_HITS_PER_PAGE);
          const passes = compileFacetFilters(request.facetFilters);
          const filter = (record: SearchRecord) => passes(record as unknown as Record<string, unknown>);
          const perPage = [...facetAttributes(request.facetFilters)].every((attribute) => PAGE_FACETS.has(attribute));
          return toAlgoliaResponse(request, engine.search(request.query ?? '', { limit, filter, perPage }), startedAt);
        }),
      };
    },
    addAlgoliaAgent() {},
    transporter: { algoliaAgent: { value: 'coinvoy-local-search', add: () => undefined } },
  };
}
