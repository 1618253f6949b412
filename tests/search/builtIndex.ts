import fs from 'node:fs';
import path from 'node:path';
import { createLocalSearchClient, type LocalSearchClient } from '../../runtime/search/localSearchClient.ts';

/** The local search client over an index written to disk (the browser's code, fed by files). */
export function clientForBuild(outDir: string): LocalSearchClient {
  return createLocalSearchClient({
    baseUrl: '/',
    fetch: async (url) => {
      const file = path.join(outDir, url);
      if (!fs.existsSync(file)) return { ok: false, status: 404, json: async () => null };
      return { ok: true, status: 200, json: async () => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown };
    },
  });
}

/** Pages in the order a reader meets them in the results (first hit of each page). */
export async function rankedPages(client: LocalSearchClient, query: string, count = 3): Promise<string[]> {
  const { results } = await client.search({ requests: [{ query, hitsPerPage: 50 }] });
  const pages: string[] = [];
  for (const hit of results[0]!.hits) {
    if (!pages.includes(hit.url_without_anchor)) pages.push(hit.url_without_anchor);
    if (pages.length === count) break;
  }
  return pages;
}
