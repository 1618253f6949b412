import { createLocalSearchClient } from '../../runtime/search/localSearchClient.ts';

/** A search client over an index's files in memory (a missing file is a 404), and the files it fetched, in order. */
export function clientOf(files: Map<string, string>) {
  const fetched: string[] = [];
  const client = createLocalSearchClient({
    baseUrl: '/',
    fetch: async (url) => {
      fetched.push(url.slice('/search/'.length));
      const text = files.get(url.slice(1));
      return text ? { ok: true, status: 200, json: async () => JSON.parse(text) as unknown } : { ok: false, status: 404, json: async () => null };
    },
  });
  return { client, fetched };
}

/** A search response without its timing, to compare two. */
export const comparable = (result: { processingTimeMS?: number }) => ({ ...result, processingTimeMS: 0 });
