import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../runtime/search/engine.ts';
import { compileFacetFilters } from '../../runtime/search/facetFilters.ts';
import type { SearchPage } from '../../runtime/search/searchPage.ts';
import { selectTop } from '../../runtime/search/selectTop.ts';
import { BM25, nthSmallest, Scorer, TERM_CAP } from '../../runtime/search/scoring.ts';
import { TermIndex } from '../../runtime/search/termIndex.ts';
import { editDistance } from '../../runtime/search/editDistance.ts';

const VOCABULARY = 'payment wallet network invoice refund callback signature token ledger status'.split(' ');

/** Deterministic pages sharing a small vocabulary, so scores tie and pages interleave. */
function pages(count: number): SearchPage[] {
  const word = (n: number) => VOCABULARY[n % VOCABULARY.length]!;
  return [...Array(count)].map((_, p) => ({
    url: `/page-${p}/`,
    lvl0: p % 2 ? 'Guides' : 'Reference',
    lvl1: `${word(p)} page ${p}`,
    language: 'en',
    docusaurus_tag: p % 3 ? 'docs-default-current' : 'blog-posts-default',
    sections: [
      { level: 1, anchor: null, heading: null, text: `${word(p + 1)} and ${word(p * 7)} explained.` },
      { level: 2, anchor: 'setup', heading: `Set up ${word(p + 3)}`, text: `${word(p + 2)} ${word(p + 5)} ${word(p + 2)}.` },
      { level: 3, anchor: 'limits', heading: `${word(p * 3)} limits`, text: `${word(p + 4)} limits apply.` },
    ],
  }));
}

function engineOf(list: SearchPage[]): SearchEngine {
  const engine = new SearchEngine();
  engine.addPages(list);
  return engine;
}

const ids = (hits: { record: { objectID: string } }[]) => hits.map((hit) => hit.record.objectID);

describe('search engine', () => {
  it('returns the same first hits at any page size as the whole ranking does, and counts them all', () => {
    const engine = engineOf(pages(60));
    for (const query of ['payment', 'wallet network', 'sig', 'ledger limits', 'refund status token']) {
      const all = engine.search(query, { limit: 10_000 });
      expect(all.total).toBe(all.hits.length);
      expect(all.total).toBeGreaterThan(20);
      for (const limit of [1, 2, 5, 13, 20, 50, all.total]) expect(ids(engine.search(query, { limit }).hits)).toEqual(ids(all.hits).slice(0, limit));
    }
  });

  it('shows each page title once, right before the first hit of its page', () => {
    const { hits } = engineOf(pages(30)).search('callback', { limit: 10_000 });
    const seen = new Set<string>();
    hits.forEach((hit, i) => {
      const page = hit.record.url_without_anchor;
      if (!seen.has(page)) {
        expect(hit.record.type).toBe('lvl1');
        seen.add(page);
      } else expect(hit.record.type, `hit ${i}`).not.toBe('lvl1');
    });
  });

  it('ranks titles over headings over text, and records matching more query terms higher', () => {
    // Pages without the word, so that it is rare, as a real query's words are.
    const others = pages(40).map((page) => ({ ...page, lvl1: 'Other', sections: [] }));
    const engine = engineOf([
      ...others,
      { url: '/text/', lvl0: 'Docs', lvl1: 'Other', language: 'en', docusaurus_tag: 'd', sections: [{ level: 1, anchor: null, heading: null, text: 'About refunds here.' }] },
      { url: '/title/', lvl0: 'Docs', lvl1: 'Refunds', language: 'en', docusaurus_tag: 'd', sections: [{ level: 1, anchor: null, heading: null, text: 'Money back.' }] },
      { url: '/heading/', lvl0: 'Docs', lvl1: 'Misc', language: 'en', docusaurus_tag: 'd', sections: [{ level: 2, anchor: 'refunds', heading: 'Refunds', text: 'Money back.' }] },
      { url: '/both/', lvl0: 'Docs', lvl1: 'Partial refund', language: 'en', docusaurus_tag: 'd', sections: [{ level: 1, anchor: null, heading: null, text: 'A partial refund of a payment.' }] },
    ]);
    const order = [...new Set(engine.search('refund', { limit: 20 }).hits.map((hit) => hit.record.url_without_anchor))];
    // All three must be found (an indexOf of -1 would pass a plain "less than"), in this order.
    expect(order.filter((url) => ['/title/', '/heading/', '/text/'].includes(url))).toEqual(['/title/', '/heading/', '/text/']);
    expect(engine.search('partial refund', { limit: 1 }).hits[0]!.record.url).toBe('/both/');
  });

  it('applies the filter to every hit and to the count, and forgets one query before the next', () => {
    const engine = engineOf(pages(40));
    const docs = engine.search('payment', { limit: 10_000, filter: (record) => record.docusaurus_tag !== 'blog-posts-default' });
    expect(docs.hits.every((hit) => hit.record.docusaurus_tag !== 'blog-posts-default')).toBe(true);
    expect(docs.total).toBe(docs.hits.length);
    const askedPerPage = engine.search('payment', { limit: 10_000, filter: (record) => record.docusaurus_tag !== 'blog-posts-default', perPage: true });
    expect(ids(askedPerPage.hits)).toEqual(ids(docs.hits));
    // Facets may name record attributes too, not only the page's.
    const noHeadings = compileFacetFilters(['type:-lvl2', 'type:-lvl3']);
    const sections = engine.search('payment', { limit: 10_000, filter: (record) => noHeadings(record as never) });
    expect(sections.hits.length).toBeGreaterThan(0);
    expect(sections.hits.filter((hit) => hit.record.type === 'lvl2' || hit.record.type === 'lvl3')).toEqual([]);
    expect(sections.total).toBe(sections.hits.length);
    const fresh = engineOf(pages(40)).search('ledger', { limit: 50 });
    expect(ids(engine.search('ledger', { limit: 50 }).hits)).toEqual(ids(fresh.hits));
    expect(engine.search('', { limit: 20 }).total).toBe(0);
  });

  it("keeps each filter's page verdicts under its own name, for the pages there are", () => {
    const engine = engineOf(pages(40));
    const docs = { filter: (record: { docusaurus_tag: string }) => record.docusaurus_tag !== 'blog-posts-default', perPage: true, filterKey: 'docs' };
    const blog = { filter: (record: { docusaurus_tag: string }) => record.docusaurus_tag === 'blog-posts-default', perPage: true, filterKey: 'blog' };
    const answer = (of: SearchEngine, query: string, options: object) => {
      const result = of.search(query, { limit: 10_000, ...options });
      return { ids: ids(result.hits), total: result.total };
    };
    for (const options of [docs, blog, docs, {}, blog]) {
      for (const query of ['payment', 'wal', 'ledger limits']) expect(answer(engine, query, options)).toEqual(answer(engineOf(pages(40)), query, options));
    }
    // Pages added later are asked; those asked before keep their verdicts.
    engine.addPages(pages(60).slice(40));
    for (const options of [blog, docs]) expect(answer(engine, 'payment', options)).toEqual(answer(engineOf(pages(60)), 'payment', options));
    expect(answer(engine, 'payment', blog).total).toBeGreaterThan(0);
  });
});

describe('term cap (each term scores only its TERM_CAP best records)', () => {
  /** `count` pages whose text says 'zebra' 1…6 times in 12 words, and 'okapi' in every seventh. */
  const zebraPages = (count: number): SearchPage[] =>
    [...Array(count)].map((_, p) => {
      const times = 1 + ((p * 7) % 6);
      const words = [...Array(12)].map((_, i) => (i < times ? 'zebra' : i === 11 && p % 7 === 0 ? 'okapi' : `filler${i}`));
      return { url: `/z-${p}/`, lvl0: 'Docs', lvl1: `Page ${p}`, language: 'en', docusaurus_tag: 'docs', sections: [{ level: 1, anchor: null, heading: null, text: words.join(' ') }] };
    });
  const zebraCount = (text: string) => text.split(' ').filter((w) => w === 'zebra').length;

  it('ranks only the cap of a common term (its best records), and still counts every record that holds it', () => {
    const list = zebraPages(TERM_CAP + 300);
    const engine = engineOf(list);
    const result = engine.search('zebra', { limit: 10_000 });
    const texts = result.hits.filter((hit) => hit.record.type === 'content').map((hit) => hit.record.content!);
    expect(texts).toHaveLength(TERM_CAP);
    // The best records are those saying 'zebra' most; ties go to the earlier page.
    const expected = list
      .map((page, p) => ({ p, times: zebraCount(page.sections[0]!.text) }))
      .sort((a, b) => b.times - a.times || a.p - b.p)
      .slice(0, TERM_CAP)
      .map(({ p }) => list[p]!.sections[0]!.text);
    expect(new Set(texts)).toEqual(new Set(expected));
    // Every page and its text hold the word: all of them are counted.
    expect(result.total).toBe(2 * list.length);
    expect(engine.search('zebra', { limit: 10_000, filter: (record) => !record.url.startsWith('/z-1') }).total).toBe(2 * list.filter((page) => !page.url.startsWith('/z-1')).length);
  });

  it('leaves a site whose terms are all in fewer records than the cap ranked as before', () => {
    const engine = engineOf(zebraPages(TERM_CAP - 1));
    const result = engine.search('zebra', { limit: 10_000 });
    expect(result.hits.filter((hit) => hit.record.type === 'content')).toHaveLength(TERM_CAP - 1);
    expect(result.total).toBe(2 * (TERM_CAP - 1));
  });

  it("scores a record beyond one term's cap by the other terms that reach it", () => {
    const list = zebraPages(TERM_CAP + 300);
    const engine = engineOf(list);
    const result = engine.search('okapi zebra', { limit: 10_000 });
    const okapi = list.filter((page) => page.sections[0]!.text.includes('okapi')).length;
    const shown = result.hits.filter((hit) => hit.record.type === 'content');
    // Every okapi page is a hit, the capped zebra records too, none twice.
    const zebraOnly = shown.filter((hit) => !hit.record.content!.includes('okapi')).length;
    expect(shown.filter((hit) => hit.record.content!.includes('okapi'))).toHaveLength(okapi);
    expect(zebraOnly).toBeLessThanOrEqual(TERM_CAP);
    expect(result.total).toBe(2 * list.length);
  });
});

describe('term index', () => {
  it('reaches longer terms by prefix and near terms by typo, weighting exact above both', () => {
    const index = new TermIndex(1);
    index.add(0, 0, ['signature', 'sign', 'signal', 'design'], 4);
    const weights = new Map(index.expand('sign', { prefix: true, maxTypos: 0 }).map((e) => [e.term, e.weight]));
    expect([...weights.keys()].sort()).toEqual(['sign', 'signal', 'signature']);
    expect(weights.get('sign')).toBe(1);
    expect(weights.get('signal')!).toBeGreaterThan(weights.get('signature')!);
    expect(index.expand('signatrue', { prefix: true, maxTypos: 2 }).map((e) => e.term)).toEqual(['signature']);
    expect(index.expand('desing', { prefix: false, maxTypos: 1 }).map((e) => e.term)).toEqual([]);
    expect(index.expand('desing', { prefix: false, maxTypos: 2 }).map((e) => e.term)).toEqual(['design']);
  });

  it('scores a record by BM25+ per field: idf × boost × (d + tf(k+1) / (tf + k(1-b) + k·b·length/average)), the same when the term is scored again', () => {
    const index = new TermIndex(2);
    index.add(0, 0, ['fee', 'fee', 'fee', 'limit'], 4);
    index.add(0, 1, ['fee'], 1);
    index.add(1, 0, ['fee'], 1);
    index.add(2, 0, ['other', 'word'], 2);
    const scorer = new Scorer(index, [4, 1]);
    const idf = (df: number, records: number) => Math.log(1 + (records - df + 0.5) / (df + 0.5));
    const part = (tf: number, length: number, average: number) => BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b) + (BM25.k * BM25.b * length) / average);
    const expected = [4 * idf(2, 3) * part(3, 4, 7 / 3) + idf(1, 3) * part(1, 1, 1), 4 * idf(2, 3) * part(1, 1, 7 / 3), 0];
    for (let round = 0; round < 2; round++) {
      const scores = scorer.score('fee', 3);
      expected.forEach((value, record) => expect(scores.score(record)).toBeCloseTo(value, 12));
    }
    // A record added changes idf and the averages: the term is scored anew.
    index.add(3, 0, ['fee', 'fee'], 2);
    const again = scorer.score('fee', 4);
    const fresh = new Scorer(index, [4, 1]).score('fee', 4);
    for (let record = 0; record < 4; record++) expect(again.score(record)).toBe(fresh.score(record));
    expect(again.score(1)).toBeCloseTo(4 * idf(3, 4) * part(1, 1, 9 / 4), 12);
  });

  it('counts a term repeated in a field as one posting with its frequency', () => {
    const index = new TermIndex(2);
    index.add(0, 0, ['fee', 'fee', 'fee', 'limit'], 4);
    index.add(0, 1, ['fee'], 1);
    index.add(1, 0, ['fee'], 1);
    const [fee] = index.expand('fee', { prefix: false, maxTypos: 0 });
    expect(fee!.entry.postings.length).toBe(3);
    expect(fee!.entry.frequency).toEqual([2, 1]);
    expect(fee!.entry.postings[0]! & 63).toBe(3);
  });

  it('measures edit distance, giving up past the bound', () => {
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('callback', 'calback', 2)).toBe(1);
    expect(editDistance('wallet', 'ledger', 2)).toBe(3);
    expect(editDistance('', 'abc', 5)).toBe(3);
  });
});

describe('selectTop', () => {
  it('keeps the best items in order, as a full sort would', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const scores = [...Array(500)].map(() => Math.floor(random() * 40));
    const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
    const items = scores.map((_, i) => i);
    const sorted = [...items].sort((a, b) => (before(a, b) ? -1 : 1));
    for (const count of [0, 1, 7, 50, 499, 500, 900]) expect(selectTop(items, count, before)).toEqual(sorted.slice(0, count));
  });
});

describe('the threshold of a capped term', () => {
  it('is the value a sort of its scores puts at the cut (ties and all)', () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let trial = 0; trial < 2000; trial++) {
      const values = Float64Array.from({ length: 1 + Math.floor(random() * 200) }, () => (trial % 2 ? Math.floor(random() * 6) / 3 : random()));
      const k = Math.floor(random() * values.length);
      expect(nthSmallest(values.slice(), k)).toBe(values.slice().sort()[k]);
    }
  });
});
