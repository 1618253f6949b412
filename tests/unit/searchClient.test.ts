import { describe, expect, it } from 'vitest';
import { graphOf } from '../helpers/memorySite.ts';
import { searchPages } from '../../cli/search/records.ts';
import { buildLocalIndex } from '../../cli/search/buildIndex.ts';
import { createLocalSearchClient } from '../../runtime/search/localSearchClient.ts';
import { matchesFacetFilters } from '../../runtime/search/facetFilters.ts';
import { snippet } from '../../runtime/search/highlight.ts';
import { toTerm } from '../../runtime/search/terms.ts';

const site = {
  'docs/intro.md': '---\nslug: /\n---\n# Welcome\n\nStart with the `<guide>` tag.\n',
  'docs/callbacks.md': '# Callbacks\n\nCoinvoy sends callbacks.\n\n## Verify the signature\n\nCompute the HMAC signature of the body and compare it.\n',
  'docs/wallets.md': '# Wallets\n\nCreate wallets and withdraw funds to your bank account.\n',
  'blog/2024-01-02-hello.md': '---\ntitle: Hello callbacks\n---\n\nWe like callbacks.\n',
};

async function clientFor(files: Record<string, string>, fail = false) {
  const { graph, config } = await graphOf(files);
  const index = buildLocalIndex(searchPages(graph, config), 0);
  const fetched: string[] = [];
  const client = createLocalSearchClient({
    baseUrl: '/',
    fetch: async (url) => {
      fetched.push(url);
      if (fail) throw new TypeError('Failed to fetch');
      const text = index.files.get(url.slice(1));
      return text ? { ok: true, status: 200, json: async () => JSON.parse(text) as unknown } : { ok: false, status: 404, json: async () => null };
    },
  });
  return { client, fetched };
}

const request = (query: string, extra: Record<string, unknown> = {}) => ({ requests: [{ indexName: 'local', query, ...extra }] });

describe('local search client', () => {
  it('answers in the Algolia shape DocSearch reads, with marks and snippets', async () => {
    const { client, fetched } = await clientFor(site);
    const { results } = await client.search(request('callback signature', { attributesToSnippet: ['content:5'], snippetEllipsisText: '…' }));
    const [result] = results;
    expect(fetched[0]).toBe('/search/manifest.json');
    expect(result!.nbHits).toBe(result!.hits.length);
    const top = result!.hits.find((h) => h.anchor === 'verify-the-signature' && h.type === 'content')!;
    expect(top).toBeDefined();
    expect(top._highlightResult.hierarchy.lvl2!.value).toBe('Verify the <mark>signature</mark>');
    expect(top._snippetResult.content!.value).toBe('…the HMAC <mark>signature</mark> of the…');
    expect(top._highlightResult.hierarchy.lvl1!.matchLevel).toBe('partial');
    // The page's title comes right before its first section.
    const index = result!.hits.indexOf(top);
    expect(result!.hits.slice(0, index).some((h) => h.type === 'lvl1' && h.url === '/callbacks/')).toBe(true);
    expect(result!.hits[0]!.url_without_anchor).toBe('/callbacks/');
  });

  it('matches prefixes, tolerates typos and escapes HTML', async () => {
    const { client } = await clientFor(site);
    const first = async (q: string) => (await client.search(request(q))).results[0]!.hits[0]?.url_without_anchor;
    expect(await first('withdr')).toBe('/wallets/');
    expect(await first('signatrue')).toBe('/callbacks/');
    const { results } = await client.search(request('guide'));
    expect(results[0]!.hits.find((h) => h.type === 'content')!._highlightResult.content!.value).toBe('Start with the &lt;<mark>guide</mark>&gt; tag.');
  });

  it('honours facet filters, pages and hitsPerPage', async () => {
    const { client } = await clientFor(site);
    const blogOnly = await client.search(request('callbacks', { facetFilters: ['language:en', ['docusaurus_tag:blog-posts-default']] }));
    expect(new Set(blogOnly.results[0]!.hits.map((h) => h.docusaurus_tag))).toEqual(new Set(['blog-posts-default']));
    const all = (await client.search(request('callbacks'))).results[0]!;
    const paged = (await client.search(request('callbacks', { hitsPerPage: 2, page: 1 }))).results[0]!;
    expect(paged.hits.map((h) => h.objectID)).toEqual(all.hits.slice(2, 4).map((h) => h.objectID));
    expect(paged.nbPages).toBe(Math.ceil(all.nbHits / 2));
  });

  it('answers each filter as a fresh client would, whatever filters came before', async () => {
    const { client } = await clientFor(site);
    const blog = ['language:en', ['docusaurus_tag:blog-posts-default']];
    const docs = ['language:en', ['docusaurus_tag:docs-default-current']];
    const answer = async (of: typeof client, facetFilters?: unknown[]) => {
      const [result] = (await of.search(request('callbacks', facetFilters ? { facetFilters } : {}))).results;
      return { nbHits: result!.nbHits, urls: result!.hits.map((hit) => hit.url) };
    };
    for (const facetFilters of [blog, docs, undefined, blog]) expect(await answer(client, facetFilters)).toEqual(await answer((await clientFor(site)).client, facetFilters));
    expect(await answer(client, blog)).not.toEqual(await answer(client, docs));
  });

  it('fails with a RetryError (what DocSearch reports as a fetch failure), and tries again later', async () => {
    const { client, fetched } = await clientFor(site, true);
    await expect(client.search(request('wallet'))).rejects.toMatchObject({ name: 'RetryError' });
    await expect(client.search(request('wallet'))).rejects.toMatchObject({ name: 'RetryError' });
    expect(fetched.length).toBe(2);
  });
});

describe('search helpers', () => {
  it('reads facet filters as Algolia does', () => {
    const record = { language: 'en', docusaurus_tag: 'docs-default-current' };
    expect(matchesFacetFilters(record, ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']])).toBe(true);
    expect(matchesFacetFilters(record, ['language:fr'])).toBe(false);
    expect(matchesFacetFilters(record, 'docusaurus_tag:-docs-default-current')).toBe(false);
    expect(matchesFacetFilters(record, undefined)).toBe(true);
  });

  it('makes terms: lower case, accents folded, stop words out, plurals in', () => {
    expect(['Callbacks', 'currencies', 'the', 'Café', 'address', 'status'].map(toTerm)).toEqual(['callback', 'currency', null, 'cafe', 'address', 'status']);
  });

  it('cuts snippets around the first match', () => {
    const text = 'one two three four five six seven eight nine ten';
    expect(snippet(text, { terms: new Set(['seven']), queryTermCount: 1, size: 4 }).value).toBe('…five six <mark>seven</mark> eight…');
    expect(snippet(text, { terms: new Set(['zzz']), queryTermCount: 1, size: 3 }).value).toBe('one two three…');
  });
});
