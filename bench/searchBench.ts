/**
 * Search figures for `npm run bench`: the local index's size (raw and gzip) and query
 * latency (median and p95) for this site and for the 10,000-doc synthetic site, measured
 * in Node with the browser's own client code (the index is served from memory), next to
 * MiniSearch over the same records as a baseline.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../cli/config/load.ts';
import { analyze } from '../cli/pipeline/analyze.ts';
import { createReporter } from '../cli/pipeline/reporter.ts';
import { searchPages } from '../cli/search/records.ts';
import { buildLocalIndex, type LocalIndex } from '../cli/search/buildIndex.ts';
import type { SearchPage } from '../runtime/search/searchPage.ts';
import { createLocalSearchClient } from '../runtime/search/localSearchClient.ts';
import { QUESTIONS } from '../tests/search/questions.ts';
import { SYNTHETIC_CONTENTS, writeSyntheticSite } from './syntheticSite.ts';
import { miniSearchTimes } from './searchBaseline.ts';

const SYNTHETIC_QUERIES = ['payment', 'wallet network', 'callback signature', 'swap fee limit', 'document 4711', 'usage', 'ledger status', 'confrim', 'checkout invoice merchant', 'token'];
/**
 * A reader's first query: single words (common and rare), prefixes as typed, a typo, and
 * two and three common words (the costliest: each word's best records, and a phrase
 * reads the text of its 50 best hits).
 */
export const FIRST_QUERIES = [
  'payment', 'wallet network', 'callback signature', 'swap fee limit', 'document 4711', 'usage', 'ledger status', 'confrim',
  'checkout invoice merchant', 'token', 'pay', 'wal', 'net', 'conf', 'sig', 'tok', 'led', 'doc',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

/** Every query typed out letter by letter, as the modal searches it. */
function asTyped(queries: string[]): string[] {
  return queries.flatMap((q) => [...Array(q.length)].map((_, i) => q.slice(0, i + 1)).filter((prefix) => prefix.trim().length >= 2));
}

interface SearchFigures {
  pages: number;
  shards: number;
  raw: number;
  gz: number;
  loadMs: number;
  median: number;
  p95: number;
  baseline: { median: number; p95: number };
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
};

const gzipBytes = (text: string) => zlib.gzipSync(text, { level: 9 }).byteLength;

/** A client over files in memory; `fetched` lists what it asked for. */
function memoryClient(files: LocalIndex['files'], fetched: string[] = []) {
  return createLocalSearchClient({
    baseUrl: '/',
    fetch: async (url) => {
      fetched.push(url.slice(1));
      return { ok: true, status: 200, json: async () => JSON.parse(files.get(url.slice(1))!) as unknown };
    },
  });
}

/**
 * Bytes (gzip, each file on its own as a server sends it) a reader's first query
 * downloads: each query asked of a fresh client, as DocSearch asks it.
 */
export async function firstQueryBytes(files: LocalIndex['files'], queries: string[]): Promise<{ query: string; bytes: number; files: number; meta: number }[]> {
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => sizes.get(file) ?? sizes.set(file, gzipBytes(files.get(file)!)).get(file)!;
  const out = [];
  for (const query of queries) {
    const fetched: string[] = [];
    await memoryClient(files, fetched).search(request(query));
    const meta = fetched.filter((file) => /\/(manifest|meta-[^/]*)\.json$/.test(file)).reduce((n, file) => n + sizeOf(file), 0);
    out.push({ query, bytes: fetched.reduce((n, file) => n + sizeOf(file), 0), files: fetched.length, meta });
  }
  return out;
}

const request = (query: string) => ({ requests: [{ query, hitsPerPage: 20, attributesToSnippet: ['content:10'], facetFilters: ['language:en'] }] });

async function measure(siteDir: string, queries: string[]): Promise<SearchFigures & { pageList: SearchPage[]; index: LocalIndex }> {
  const config = await loadConfig(siteDir);
  const { graph } = await analyze(config, { reporter: createReporter({ quiet: true }) });
  const pages = searchPages(graph, config);
  return { ...(await measurePages(pages, queries, buildLocalIndex(pages, 0))), pageList: pages };
}

/** Size and speed of `index` (made of `pages`): load, then every query (warmed up), in the browser's code. */
export async function measurePages(pages: SearchPage[], queries: string[], index: LocalIndex): Promise<SearchFigures & { index: LocalIndex }> {
  let raw = 0;
  let gz = 0;
  for (const contents of index.files.values()) {
    raw += Buffer.byteLength(contents);
    gz += zlib.gzipSync(contents, { level: 9 }).byteLength;
  }
  const client = memoryClient(index.files);
  const loadStart = performance.now();
  await client.preload();
  const loadMs = performance.now() - loadStart;
  for (const q of queries.slice(0, 20)) await client.search(request(q)); // warm up
  const times: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    await client.search(request(q));
    times.push(performance.now() - start);
  }
  return { pages: pages.length, shards: index.manifest.shards.length, raw, gz, loadMs, ...summary(times), baseline: summary(miniSearchTimes(pages, queries)), index };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const baseline = (figures: SearchFigures) => `baseline: MiniSearch 7.2 alone (ranking only, no snippets) on the same records and queries, median ${ms(figures.baseline.median)}, p95 ${ms(figures.baseline.p95)}`;

/** The benchmark's rows: this site, then a synthetic site of `syntheticDocs` docs. */
export async function searchBench(options: { root: string; work: string; syntheticDocs?: number }): Promise<string[][]> {
  const rows: string[][] = [];
  const own = await measure(options.root, asTyped(QUESTIONS.map((q) => q.query)));
  rows.push([`Search index, this site (${own.pages} pages, ${own.shards} shards)`, `${kb(own.gz)} gzip`, `${kb(own.raw)} raw`, `load ${ms(own.loadMs)}; query median ${ms(own.median)}, p95 ${ms(own.p95)} (target p95 < 10 ms)`, baseline(own)]);
  const docs = options.syntheticDocs ?? 10000;
  const dir = path.join(options.work, `search-synthetic-${docs}`);
  writeSyntheticSite(dir, docs);
  const big = await measure(dir, asTyped(SYNTHETIC_QUERIES));
  const kind = big.index.manifest.split ? 'split index' : `${big.shards} shards`;
  rows.push([`Search index, synthetic ${docs} docs (${big.pages} pages, ${kind}; ${SYNTHETIC_CONTENTS})`, `${kb(big.gz)} gzip`, `${kb(big.raw)} raw`, `load ${ms(big.loadMs)}; query p50 ${ms(big.median)}, p95 ${ms(big.p95)} as typed, fragments and pages decoded as they arrive (target p95 ≤ 20 ms)`, baseline(big)]);
  const first = await firstQueryBytes(big.index.files, FIRST_QUERIES);
  const worst = first.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const median = [...first].sort((a, b) => a.bytes - b.bytes)[Math.floor((first.length - 1) / 2)]!;
  const whole = buildLocalIndex(big.pageList, 0, { splitPages: Infinity });
  const wholeBytes = (await firstQueryBytes(whole.files, ['payment']))[0]!.bytes;
  rows.push([
    `Search, synthetic ${docs} docs: bytes a first query downloads (${FIRST_QUERIES.length} queries: words, prefixes as typed, two and three common words)`,
    `worst ${kb(worst.bytes)} gzip ('${worst.query}', ${worst.files} files), median ${kb(median.bytes)} (target ≤ 100 KB)`,
    `of which manifest and metadata ${kb(worst.meta)}`,
    `baseline: the whole index (every shard) ${kb(wholeBytes)} gzip`,
  ]);
  return rows;
}
