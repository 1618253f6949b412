import { SearchEngine } from './engine.ts';
import { decodeCounts, decodePagePart, decodeShard, decodeVocabulary, FORMAT_VERSION, fragmentFile, fragmentHash, MANIFEST_FILE, PAGE_PART_RECORDS, pageParts, SEARCH_DIR, splitPageFile, type PagePart, type SearchManifest, type SearchShard, type SplitMeta, type TermFragment } from './indexFormat.ts';
import { SplitTermIndex } from './splitTermIndex.ts';
import { matchOptions, queryTerms } from './scoring.ts';
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
  let loading: Promise<SearchEngine | SplitIndex> | null = null;
  const load = () => {
    loading ??= (async () => {
      // The manifest's address is fixed, so it is revalidated; shards are immutable.
      const manifest = await fetchJson<SearchManifest>(dir + MANIFEST_FILE, { cache: 'no-cache' });
      if (manifest.split !== undefined) return openSplitIndex(fetchJson, dir, manifest.split);
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
  // A split index's engine holds a query's state between ranking and its first hits: one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    preload: async () => {
      const loaded = await load();
      return loaded instanceof SearchEngine ? loaded : loaded.engine;
    },
    async search(params) {
      const requests = Array.isArray(params) ? params : params.requests;
      const engine = await load();
      if (!(engine instanceof SearchEngine)) {
        const split = engine;
        const run = queue.then(async () => {
          const results: SearchResponse[] = [];
          for (const request of requests) results.push(await split.answer(request));
          return { results };
        });
        queue = run.catch(() => undefined);
        return run;
      }
      return {
        results: requests.map((request) => {
          const startedAt = performance.now();
          const limit = ((request.page ?? 0) + 1) * (request.hitsPerPage ?? DEFAULT_HITS_PER_PAGE);
          const passes = compileFacetFilters(request.facetFilters);
          const filter = (record: SearchRecord) => passes(record as unknown as Record<string, unknown>);
          const perPage = [...facetAttributes(request.facetFilters)].every((attribute) => PAGE_FACETS.has(attribute));
          return toAlgoliaResponse(request, engine.search(request.query ?? '', { limit, filter, perPage, filterKey: filterKeyOf(request) }), startedAt);
        }),
      };
    },
    addAlgoliaAgent() {},
    transporter: { algoliaAgent: { value: 'coinvoy-local-search', add: () => undefined } },
  };
}

type FetchJson = <T>(url: string, init?: RequestInit) => Promise<T>;

/** A split index opened: its engine and how it answers a request (loading what the query needs). */
interface SplitIndex {
  engine: SearchEngine;
  answer(request: SearchRequest): Promise<SearchResponse>;
}

/**
 * Opens a split index (`SplitMeta`): the metadata now; for each query, the fragments of
 * the terms its words reach, then the files of the records it shows, in parallel and each
 * once (a failure is forgotten, so the next keystroke tries again).
 */
async function openSplitIndex(fetchJson: FetchJson, dir: string, metaFile: string): Promise<SplitIndex> {
  const meta = await fetchJson<SplitMeta>(dir + metaFile);
  if (meta.version !== FORMAT_VERSION) throw new IndexLoadError(`Search index format ${String(meta.version)} is not supported (expected ${FORMAT_VERSION}); rebuild the site.`);
  const engine = new SearchEngine(new SplitTermIndex(meta, decodeVocabulary(meta.vocabulary), (record, key) => engine.setUrlKey(record, key)));
  const index = engine.index as SplitTermIndex;
  const skeletons = [];
  const pageRecordCounts = decodeCounts(meta.pages);
  let page = 0;
  for (const [count, language, tag] of meta.facets) {
    for (let i = 0; i < count; i++, page++) skeletons.push({ records: pageRecordCounts[page]!, language: meta.strings[language]!, docusaurus_tag: meta.strings[tag]! });
  }
  engine.addSkeletons(skeletons);
  const files = new Map<string, Promise<unknown>>();
  const file = <T>(name: string, init?: RequestInit): Promise<T> => {
    let pending = files.get(name);
    if (!pending) {
      pending = fetchJson<T>(dir + name, init);
      files.set(name, pending);
      pending.catch(() => files.delete(name));
    }
    return pending as Promise<T>;
  };
  /** Page files whose records have arrived (`page-part`). */
  const arrivedParts = new Set<string>();
  const loadParts = async (parts: [page: number, part: number][]) => {
    const missing = parts.filter(([page, part]) => !arrivedParts.has(`${page}-${part}`));
    // A page file's address is its place, not its content: revalidated, as the manifest.
    const arrived = await settleAll(missing.map(([page, part]) => file<PagePart>(splitPageFile(page, part), { cache: 'no-cache' })));
    arrived.forEach((data, i) => {
      const [page, part] = missing[i]!;
      if (arrivedParts.has(`${page}-${part}`)) return;
      const { title, records } = decodePagePart(data, part);
      engine.addRecords(page, part * PAGE_PART_RECORDS, records, title);
      arrivedParts.add(`${page}-${part}`);
    });
  };
  /** Loads the text of these records (and their pages' titles): the files that hold them. */
  const loadRecords = (records: Iterable<number>) => {
    const parts = new Map<string, [number, number]>();
    for (const record of records) {
      const page = engine.pageOfRecord(record);
      const part = Math.floor((record - engine.firstRecordOf(page)) / PAGE_PART_RECORDS);
      parts.set(`${page}-${part}`, [page, part]);
    }
    return loadParts([...parts.values()]);
  };
  let whole: Promise<SearchEngine> | null = null;
  const loadTerms = async (query: string) => {
    const terms = queryTerms(query);
    const reached = terms.flatMap((term, i) => index.reach(term, matchOptions(term, i === terms.length - 1)).map((found) => found.term));
    const fragments = index.fragmentsFor(reached);
    const arrived = await settleAll(fragments.map((n) => file<TermFragment>(fragmentFile(index.firstTerm(n), fragmentHash(meta, n)))));
    arrived.forEach((fragment, i) => index.addFragment(fragments[i]!, fragment));
  };
  return {
    engine,
    async answer(request) {
      const query = request.query ?? '';
      const limit = ((request.page ?? 0) + 1) * (request.hitsPerPage ?? DEFAULT_HITS_PER_PAGE);
      const attributes = facetAttributes(request.facetFilters);
      const passes = compileFacetFilters(request.facetFilters);
      const filter = (record: SearchRecord) => passes(record as unknown as Record<string, unknown>);
      // Stand-ins hold a page's language and tag. A filter on anything else (DocSearch and
      // the search page send none) reads every record: the whole index answers it.
      if (![...attributes].every((attribute) => STUB_FACETS.has(attribute))) {
        whole ??= (async () => {
          const parts: [number, number][] = [];
          pageRecordCounts.forEach((count, page) => {
            for (let part = 0; part < pageParts(count); part++) parts.push([page, part]);
          });
          await loadParts(parts);
          const all = new SearchEngine();
          all.addPageRecords(pageRecordCounts.map((count, page) => engine.records.slice(engine.firstRecordOf(page), engine.firstRecordOf(page) + count)));
          return all;
        })();
        whole.catch(() => (whole = null));
        const all = await whole;
        const startedAt = performance.now();
        return toAlgoliaResponse(request, all.search(query, { limit, filter }), startedAt);
      }
      await loadTerms(query);
      const startedAt = performance.now();
      const ranking = engine.rank(query, { filter, perPage: true, filterKey: filterKeyOf(request) });
      try {
        const mayHold = (record: number, phrase: string) => index.mayHoldPhrase(record, phrase);
        for (let records; (records = engine.phraseRecords(ranking, limit, mayHold)).length > 0; ) await loadRecords(records);
        await loadRecords(engine.recordsToShow(ranking, limit));
      } catch (error) {
        engine.finish(ranking, 0);
        throw error;
      }
      return toAlgoliaResponse(request, engine.finish(ranking, limit), startedAt);
    },
  };
}

/** A request's facet filters as a name (`EngineQuery.filterKey`). */
const filterKeyOf = (request: SearchRequest) => JSON.stringify(request.facetFilters ?? null);

/** Facets a split index's stand-in records hold truly (the page's). */
const STUB_FACETS = new Set(['language', 'docusaurus_tag']);

/** All the promises' values; the first failure is thrown and the others are not left unhandled. */
async function settleAll<T>(promises: Promise<T>[]): Promise<T[]> {
  for (const promise of promises) promise.catch(() => undefined);
  return Promise.all(promises);
}
