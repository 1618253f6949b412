import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { packIndex, type IndexEntry } from '../../cli/search/buildIndex.ts';
import { incrementalSearchIndex } from '../../cli/search/searchIndex.ts';
import type { PageSection, SearchPage } from '../../runtime/search/searchPage.ts';
import { graphOf } from '../helpers/memorySite.ts';

/**
 * The search step's memory: each page's whole text is read once and let go once its
 * clipped copy is taken. At 10,000 docs the search step added 400 MB to a cold build's
 * peak; whole texts held to the end of the step were part of it.
 */

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const PAGES = 24;
const TEXT_BYTES = 1 << 20;

/** A page's text of its own (not shared with another page's), `TEXT_BYTES` long. */
const bigText = (n: number) => Array.from({ length: TEXT_BYTES / 16 }, (_, i) => `w${n}x${(i % 9000) + 1000} `.padEnd(16, 'z')).join('');

describe('the search step', () => {
  it('reads each page once, in a split index and in a whole one', () => {
    for (const splitPages of [5, 1000]) {
      const reads = new Array<number>(PAGES).fill(0);
      const entries = Array.from({ length: PAGES }, (_, n): IndexEntry => ({
        key: String(n),
        url: `/p${n}/`,
        page: (): SearchPage => (reads[n]!++, { url: `/p${n}/`, lvl0: 'Docs', lvl1: `Page ${n}`, language: 'en', docusaurus_tag: 'docs-default-current', sections: [{ level: 1, anchor: null, heading: null, text: `Text of page ${n}` }] }),
      }));
      packIndex(entries, { splitPages });
      expect(reads).toEqual(new Array(PAGES).fill(1));
    }
  });

  it('does not hold the pages it has read whole', async () => {
    const { graph, config } = await graphOf(Object.fromEntries(Array.from({ length: PAGES }, (_, n) => [`docs/p${n}.md`, `# Page ${n}\n\nWords.\n`])));
    let read = 0;
    let before = 0;
    let after = 0;
    const sectionsOf = (): PageSection[] => {
      read++;
      // From the second page on: the first page's text and what the step keeps of it are counted in `before`.
      if (read === 2) {
        gc();
        before = process.memoryUsage().heapUsed;
      } else if (read === PAGES) {
        gc();
        after = process.memoryUsage().heapUsed;
      }
      return [{ level: 1, anchor: null, heading: null, text: bigText(read) }];
    };
    incrementalSearchIndex(graph, config, { sectionsOf, indexOptions: { splitPages: 5 } });
    expect(read).toBe(PAGES);
    // Held whole, the pages read in between would be (PAGES - 2) MB or more.
    expect(after - before).toBeLessThan(((PAGES - 2) * TEXT_BYTES) / 4);
  });
});
