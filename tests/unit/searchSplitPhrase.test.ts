import { describe, expect, it } from 'vitest';
import { buildLocalIndex } from '../../cli/search/buildIndex.ts';
import { clientOf, comparable } from '../helpers/searchFiles.ts';
import type { SearchPage } from '../../runtime/search/searchPage.ts';
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
