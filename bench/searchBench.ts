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
import { buildLocalIndex } from '../cli/search/buildIndex.ts';
import { createLocalSearchClient } from '../runtime/search/localSearchClient.ts';
import { QUESTIONS } from '../tests/search/questions.ts';
import { writeSyntheticSite } from './syntheticSite.ts';
import { miniSearchTimes } from './searchBaseline.ts';

const SYNTHETIC_QUERIES = ['payment', 'wallet network', 'callback signature', 'swap fee limit', 'document 4711', 'usage', 'ledger status', 'confrim', 'checkout invoice merchant', 'token'];

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

async function measure(siteDir: string, queries: string[]): Promise<SearchFigures> {
  const config = await loadConfig(siteDir);
  const { graph } = await analyze(config, { reporter: createReporter({ quiet: true }) });
  const pages = searchPages(graph, config);
  const index = buildLocalIndex(pages, 0);
  let raw = 0;
  let gz = 0;
  for (const contents of index.files.values()) {
    raw += Buffer.byteLength(contents);
    gz += zlib.gzipSync(contents, { level: 9 }).byteLength;
  }
  const client = createLocalSearchClient({
    baseUrl: '/',
    fetch: async (url) => ({ ok: true, status: 200, json: async () => JSON.parse(index.files.get(url.slice(1))!) as unknown }),
  });
  const loadStart = performance.now();
  await client.preload();
  const loadMs = performance.now() - loadStart;
  const request = (query: string) => ({ requests: [{ query, hitsPerPage: 20, attributesToSnippet: ['content:10'], facetFilters: ['language:en'] }] });
  for (const q of queries.slice(0, 20)) await client.search(request(q)); // warm up
  const times: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    await client.search(request(q));
    times.push(performance.now() - start);
  }
  return { pages: pages.length, shards: index.manifest.shards.length, raw, gz, loadMs, ...summary(times), baseline: summary(miniSearchTimes(pages, queries)) };
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
  rows.push([`Search index, synthetic ${docs} docs (${big.pages} pages, ${big.shards} shards)`, `${kb(big.gz)} gzip`, `${kb(big.raw)} raw`, `load ${ms(big.loadMs)}; query median ${ms(big.median)}, p95 ${ms(big.p95)} (target p95 < 50 ms)`, baseline(big)]);
  return rows;
}
