import { describe, expect, it } from 'vitest';
import { buildLocalIndex } from '../../cli/search/buildIndex.ts';
import { clientOf, comparable } from '../helpers/searchFiles.ts';
import { pageRecords, type SearchPage } from '../../runtime/search/searchPage.ts';
import { TERM_CAP } from '../../runtime/search/scoring.ts';
import { random } from '../../bench/random.ts';

/**
 * A phrase query on a split index reads the text of only the pages whose phrase boost
 * could change the hits shown, and still answers as the whole index does. Here every page
 * holds the phrase and the first pages hold it in their titles too, so the 50 best pages
 * are candidates but those far below the 20th hit cannot pass it even boosted.
 */
const FILLER = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed tempor'.split(' ');

function corpus(count: number): SearchPage[] {
  return Array.from({ length: count }, (_, p) => {
    const filler = Array.from({ length: 5 + 20 * p }, (_, i) => FILLER[(i * 7 + p) % FILLER.length]).join(' ');
    // Every third page has the words apart (no phrase), the others together.
    const words = p % 3 === 0 ? 'alpha lorem beta' : 'alpha beta';
    return {
      url: `/docs/p${p}/`,
      lvl0: 'Docs',
      lvl1: p < 15 ? `Alpha beta ${p}` : `Page ${p}`,
      language: 'en',
      docusaurus_tag: 'docs-default-current',
      sections: [
        { level: 1 as const, anchor: null, heading: null, text: `${words} ${filler}` },
        { level: 2 as const, anchor: 'more', heading: p === 30 ? 'Alpha beta' : 'More', text: `${filler} gamma` },
      ],
    };
  });
}

const requestOf = (query: string, hitsPerPage = 20) => ({ indexName: 'local', query, hitsPerPage, attributesToSnippet: ['content:10'] });

describe('split search index, phrase queries', () => {
  const pages = corpus(200);
  const whole = buildLocalIndex(pages, 0, { splitPages: Infinity });
  const split = buildLocalIndex(pages, 0, { splitPages: 1 });

  it('reads the text of the pages shown and of those that could pass them, not of all 50 candidates', async () => {
    const expected = clientOf(whole.files).client;
    const { client, fetched } = clientOf(split.files);
    const [want] = (await expected.search({ requests: [requestOf('alpha beta')] })).results;
    const [got] = (await client.search({ requests: [requestOf('alpha beta')] })).results;
    expect(comparable(got!)).toEqual(comparable(want!));
    const shown = new Set(got!.hits.map((hit) => hit.url_without_anchor)).size;
    const read = fetched.filter((name) => name.startsWith('pages/')).length;
    expect(shown).toBeGreaterThan(5);
    // Without the bound, each of the 50 best pages (all may hold the phrase) is read.
    expect(read).toBeLessThan(shown + 10);
  });

  it('answers phrase queries as the whole index does, whatever the page size and phrase', async () => {
    const a = clientOf(whole.files).client;
    const b = clientOf(split.files).client;
    for (const query of ['alpha beta', 'beta alpha', 'alpha lorem beta', 'lorem ipsum', 'alpha beta gamma', 'more alpha', 'page 7', 'alpha be']) {
      for (const hitsPerPage of [1, 5, 20, 60]) {
        const [want] = (await a.search({ requests: [requestOf(query, hitsPerPage)] })).results;
        const [got] = (await b.search({ requests: [requestOf(query, hitsPerPage)] })).results;
        expect({ query, hitsPerPage, result: comparable(got!) }).toEqual({ query, hitsPerPage, result: comparable(want!) });
      }
    }
  });

  it('answers as the whole index does on random pages where boosts reorder close scores', async () => {
    for (let seed = 1; seed <= 6; seed++) {
      const rng = random(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(rng() * xs.length)]!;
      // Titles, headings and text with the phrase, its words apart or reversed, at random lengths.
      const bit = () => pick(['alpha beta', 'beta alpha', 'alpha lorem beta', 'alpha', 'beta', 'lorem', 'alpha beta gamma', 'gamma alpha beta']);
      const text = () => Array.from({ length: 1 + Math.floor(rng() * 12) }, bit).join(' ');
      const random_: SearchPage[] = Array.from({ length: 150 }, (_, p) => ({
        url: `/docs/r${p}/`,
        lvl0: 'Docs',
        lvl1: `${rng() < 0.2 ? bit() : 'Page'} ${p}`,
        language: 'en',
        docusaurus_tag: 'docs-default-current',
        sections: [
          { level: 1 as const, anchor: null, heading: null, text: text() },
          { level: 2 as const, anchor: 'a', heading: rng() < 0.3 ? bit() : 'Usage', text: text() },
          { level: 3 as const, anchor: 'b', heading: rng() < 0.3 ? bit() : 'More', text: rng() < 0.5 ? text() : '' },
        ],
      }));
      const a = clientOf(buildLocalIndex(random_, 0, { splitPages: Infinity }).files).client;
      const b = clientOf(buildLocalIndex(random_, 0, { splitPages: 1 }).files).client;
      for (const query of ['alpha beta', 'beta alpha', 'alpha beta gamma', 'lorem beta']) {
        for (const hitsPerPage of [1, 3, 10, 20]) {
          const [want] = (await a.search({ requests: [requestOf(query, hitsPerPage)] })).results;
          const [got] = (await b.search({ requests: [requestOf(query, hitsPerPage)] })).results;
          expect({ seed, query, hitsPerPage, result: comparable(got!) }).toEqual({ seed, query, hitsPerPage, result: comparable(want!) });
        }
      }
    }
  });
});

describe('split search index, phrase candidates ruled out without their text', () => {
  /**
   * 'beta' is in the text of nearly every page (beyond the cap: its other records are URL
   * keys only); 'alpha' is in the title of one page in 20 (and with `crossed`, next to
   * 'beta' in the text of one page in 40). The alpha pages' records rank first (a rare word in a title) and
   * cannot hold 'alpha beta': they lack 'beta' (`apart`: their keys are not among beta's
   * other records), or hold it in another heading than 'alpha' (`crossed`: 'Beta notes'
   * under 'Alpha guide', each word's field known from the postings). With `weak`, their
   * setup text ends with 'alpha lorem beta' (one page in 40, first) or 'alpha beta' (the
   * others, which the phrase boost puts first), and 'beta' is there too rarely to be among
   * its kept records.
   */
  function corpus(kind: 'apart' | 'crossed' | 'weak'): SearchPage[] {
    const rng = random(kind === 'crossed' ? 9 : 5);
    const filler = 'lorem ipsum dolor sit amet consectetur adipiscing'.split(' ');
    const text = (n: number, beta: boolean) => Array.from({ length: n }, (_, i) => (beta && i % 4 === 2 ? 'beta' : filler[Math.floor(rng() * filler.length)]!)).join(' ');
    return Array.from({ length: 1200 }, (_, p) => {
      const alpha = p % 20 === 0;
      const together = kind === 'crossed' && p % 40 === 7;
      const section = (anchor: string, heading: string, body: string) => ({ level: 2 as const, anchor, heading, text: body });
      return {
        url: `/docs/p${p}/`,
        lvl0: 'Docs',
        lvl1: alpha ? `Alpha guide ${p}` : `Page ${p}`,
        language: 'en',
        docusaurus_tag: 'docs-default-current',
        sections: alpha
          ? [section('setup', 'Setup', kind === 'weak' ? `${text(p % 40 === 0 ? 29 : 30, false)} ${p % 40 === 0 ? 'alpha lorem beta' : 'alpha beta'}` : text(12, false)), section('notes', kind === 'crossed' ? 'Beta notes' : 'Notes', text(12, false))]
          : [section('usage', 'Usage', `${text(8 + Math.floor(rng() * 12), true)}${together ? ' alpha beta' : ''}`), section('more', 'More', text(6 + Math.floor(rng() * 10), true))],
      };
    });
  }

  for (const kind of ['apart', 'crossed'] as const) {
    it(`reads the text of the hits shown, not of the candidates below them that cannot hold the phrase (${kind})`, async () => {
      const pages = corpus(kind);
      const holding = pages.flatMap(pageRecords).filter((record) => record.content?.split(' ').includes('beta')).length;
      expect(holding).toBeGreaterThan(2 * TERM_CAP);
      const { client, fetched } = clientOf(buildLocalIndex(pages, 0, { splitPages: 1 }).files);
      const [want] = (await clientOf(buildLocalIndex(pages, 0, { splitPages: Infinity }).files).client.search({ requests: [requestOf('alpha beta')] })).results;
      const [got] = (await client.search({ requests: [requestOf('alpha beta')] })).results;
      expect(comparable(got!)).toEqual(comparable(want!));
      const shown = new Set(got!.hits.map((hit) => hit.url_without_anchor));
      expect([...shown].every((url) => /\/p\d*0\/$/.test(url))).toBe(true);
      // Each page's records are in one file: the pages shown, and no other of the 50 candidates.
      const read = fetched.filter((name) => name.startsWith('pages/')).length;
      expect(read).toBe(shown.size);
      // And answers as the whole index does.
      const whole = clientOf(buildLocalIndex(pages, 0, { splitPages: Infinity }).files).client;
      for (const query of ['beta alpha', 'guide beta', 'beta notes', 'alpha beta ipsum', 'alpha be']) {
        for (const hitsPerPage of [1, 5, 20]) {
          const [expected] = (await whole.search({ requests: [requestOf(query, hitsPerPage)] })).results;
          const [answered] = (await client.search({ requests: [requestOf(query, hitsPerPage)] })).results;
          expect({ query, hitsPerPage, result: comparable(answered!) }).toEqual({ query, hitsPerPage, result: comparable(expected!) });
        }
      }
    });
  }

  it('reads the candidates below the hits shown that hold a word beyond its cap, whose boost may pass them', async () => {
    const pages = corpus('weak');
    const a = clientOf(buildLocalIndex(pages, 0, { splitPages: Infinity }).files).client;
    const b = clientOf(buildLocalIndex(pages, 0, { splitPages: 1 }).files).client;
    for (const hitsPerPage of [1, 3, 5, 10, 20]) {
      const [want] = (await a.search({ requests: [requestOf('alpha beta', hitsPerPage)] })).results;
      const [got] = (await b.search({ requests: [requestOf('alpha beta', hitsPerPage)] })).results;
      expect({ hitsPerPage, result: comparable(got!) }).toEqual({ hitsPerPage, result: comparable(want!) });
    }
  });
});
