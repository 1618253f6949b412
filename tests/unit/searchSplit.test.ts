import { describe, expect, it } from 'vitest';
import { buildLocalIndex } from '../../cli/search/buildIndex.ts';
import { clientOf, comparable } from '../helpers/searchFiles.ts';
import { decodeCounts, encodeCounts, fragmentFile, termFileName, type SearchManifest, type SplitMeta } from '../../runtime/search/indexFormat.ts';
import { fragmentNames } from '../../cli/search/splitIndex.ts';
import { pageRecords, type SearchPage } from '../../runtime/search/searchPage.ts';
import { TERM_CAP } from '../../runtime/search/scoring.ts';
import { random } from '../../bench/random.ts';

/**
 * The split index (a large site's) answers every query exactly as the whole index does
 * under the same rule (each term scores its TERM_CAP best records): same hits in the same
 * order, same count, same marks and snippets; and it fetches only the fragments and pages
 * a query needs.
 */

const WORDS = 'payment wallet network address checkout invoice merchant confirm balance transfer callback signature token swap route ledger asset fee limit status payout payload paying walled netting'.split(' ');

/** Pages whose words follow a Zipf law over WORDS (the first few are in most records: past the cap), with stop words and plurals. */
function corpus(count: number): SearchPage[] {
  const rng = random(7);
  const word = () => (rng() < 0.25 ? ['the', 'of', 'and', 'to'][Math.floor(rng() * 4)]! : WORDS[Math.min(WORDS.length - 1, Math.floor(WORDS.length ** rng()) - 1)]! + (rng() < 0.1 ? 's' : ''));
  const text = (n: number) => Array.from({ length: n }, word).join(' ');
  return Array.from({ length: count }, (_, p) => ({
    url: `/docs/p${p}/`,
    lvl0: p % 3 ? 'Guides' : 'Reference',
    lvl1: `Page ${p} ${text(2)}`,
    language: p % 10 === 9 ? 'fr' : 'en',
    docusaurus_tag: p % 4 ? 'docs-default-current' : 'docs-default-4.7',
    sections: [
      { level: 1 as const, anchor: null, heading: null, text: text(5 + Math.floor(rng() * 30)) },
      { level: 2 as const, anchor: 'usage', heading: `Usage ${text(1)}`, text: text(5 + Math.floor(rng() * 40)) },
      { level: 3 as const, anchor: `more-${p % 7}`, heading: `More ${text(2)}`, text: rng() < 0.3 ? '' : text(10 + Math.floor(rng() * 40)) },
      { level: 2 as const, anchor: 'usage', heading: 'Usage again', text: text(8) },
    ],
  }));
}

const QUERIES = [
  'payment', 'pay', 'p', 'wa', 'wal', 'wallet', 'walet', 'wallet network', 'network wallet', 'payment wallet network', 'the payment', 'payments',
  'confirm balance', 'signature', 'signatrue', 'swap fee limit', 'fee limit', 'page 17', 'usage', 'usage again', 'more payment', 'led', 'ledger status', 'xyz', '',
];

const requestOf = (query: string, extra: Record<string, unknown> = {}) => ({ indexName: 'local', query, hitsPerPage: 20, attributesToSnippet: ['content:10'], ...extra });

describe('split search index', () => {
  const pages = corpus(900);
  const whole = buildLocalIndex(pages, 0, { splitPages: Infinity });
  const split = buildLocalIndex(pages, 0, { splitPages: 1 });

  it('is used from the threshold on, and caps the common terms', () => {
    expect(whole.manifest.split).toBeUndefined();
    const manifest = JSON.parse(split.files.get('search/manifest.json')!) as SearchManifest;
    expect(manifest.shards).toEqual([]);
    const meta = JSON.parse(split.files.get(`search/${manifest.split!}`)!) as SplitMeta;
    expect(meta.records).toBe(whole.manifest.records === 0 ? meta.records : whole.manifest.records);
    expect(decodeCounts(meta.pages)).toHaveLength(pages.length);
    expect(decodeCounts(meta.pages)).toEqual(pages.map((page) => pageRecords(page).length));
    // The corpus has terms past the cap, or the test would not test it.
    expect(meta.records).toBeGreaterThan(2 * TERM_CAP);
    const capped = [...split.files].filter(([name]) => name.includes('/terms-')).some(([, json]) => json.includes(',"'));
    expect(capped).toBe(true);
  });

  it('ranks, counts, marks and snips every query as the whole index does (filters and later pages too)', async () => {
    const a = clientOf(whole.files).client;
    const b = clientOf(split.files).client;
    const requests = QUERIES.flatMap((query) => [
      requestOf(query),
      requestOf(query, { facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']] }),
      requestOf(query, { page: 2, hitsPerPage: 10 }),
      requestOf(query, { facetFilters: ['type:content'] }),
    ]);
    // Deep enough to show where each term's cap falls.
    for (const query of ['payment', 'pay', 'wallet network', 'payment wallet network', 'confirm balance', 'wal']) requests.push(requestOf(query, { hitsPerPage: 1500, attributesToSnippet: [] }));
    for (const request of requests) {
      const [expected] = (await a.search({ requests: [request] })).results;
      const [actual] = (await b.search({ requests: [request] })).results;
      expect({ request, result: comparable(actual!) }).toEqual({ request, result: comparable(expected!) });
    }
  });

  it('answers each filter as a fresh client would, whatever filters came before', async () => {
    const { client } = clientOf(split.files);
    const french = { facetFilters: ['language:fr'] };
    const current = { facetFilters: ['language:en', ['docusaurus_tag:docs-default-current']] };
    for (const extra of [french, current, {}, french, current]) {
      for (const query of ['payment', 'wa', 'ledger status']) {
        const [expected] = (await clientOf(split.files).client.search({ requests: [requestOf(query, extra)] })).results;
        const [actual] = (await client.search({ requests: [requestOf(query, extra)] })).results;
        expect({ query, extra, result: comparable(actual!) }).toEqual({ query, extra, result: comparable(expected!) });
      }
    }
  });

  it('writes the record count of each page as a character, and a count too large for one in digits', () => {
    const counts = [0, 1, 56, 57, 58, 1000, 55_260, 55_261, 400_000, 3];
    const encoded = encodeCounts(counts);
    expect(decodeCounts(JSON.parse(JSON.stringify(encoded)) as string)).toEqual(counts);
    expect(encoded.length).toBeLessThan(counts.length + 20);
  });

  it('names a fragment by its first term and a short hash, apart from any other', () => {
    expect(fragmentFile('payment', 'AbC-')).toBe('terms-payment-AbC-.json');
    // Other terms as '~' and base64url of their UTF-8 (no '/', '+' or '='), cut at 40 characters.
    for (const term of ['straße', 'данные', '東京', 'ü'.repeat(60)]) {
      expect(termFileName(term)).toMatch(/^~[A-Za-z0-9_-]{1,39}$/);
      if (term.length < 20) expect(Buffer.from(termFileName(term).slice(1), 'base64url').toString('utf8')).toBe(term);
    }
    expect(termFileName('x'.repeat(60))).toBe('x'.repeat(40));
    // Two fragments with the same first term and hashes that begin alike: the later one is named again.
    const names = fragmentNames(['abcdefgh', 'abcdxyzw', 'abcdqqqq'], ['pay', 'pay', 'wallet'], (f) => `bytes ${f}`);
    expect(names.slice(0, 4)).toBe('abcd');
    expect(names.slice(4, 8)).not.toBe('abcd');
    expect(names.slice(8, 12)).toBe('abcd');
  });

  it('fetches the metadata, the fragments of the words a query reaches and the pages it shows, each once', async () => {
    const { client, fetched } = clientOf(split.files);
    const { results } = await client.search({ requests: [requestOf('signature')] });
    const fragments = [...split.files.keys()].filter((name) => name.includes('/terms-')).length;
    expect(fetched[0]).toBe('manifest.json');
    expect(fetched[1]).toMatch(/^meta-/);
    const terms = fetched.filter((name) => name.startsWith('terms-'));
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.length).toBeLessThan(fragments / 4);
    const shownPages = new Set(results[0]!.hits.map((hit) => hit.url_without_anchor));
    expect(fetched.filter((name) => name.startsWith('pages/'))).toHaveLength(shownPages.size);
    expect(new Set(fetched).size).toBe(fetched.length);
    // Typing on: what arrived is not fetched again.
    const before = fetched.length;
    await client.search({ requests: [requestOf('signature')] });
    expect(fetched.length).toBe(before);
  });
});
