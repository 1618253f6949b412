import { describe, expect, it } from 'vitest';
import { packIndex, type IndexEntry, type IndexOptions } from '../../cli/search/buildIndex.ts';
import type { SearchPage } from '../../runtime/search/searchPage.ts';

/**
 * The search index of a rebuild: shards whose pages did not change are kept as they were,
 * the shard with the changed page is packed again from the previous shard's other pages
 * (their sections are not read again), and every file is what a cold build makes.
 */
function page(n: number, text: string): SearchPage {
  return { url: `/p${n}/`, lvl0: 'Docs', lvl1: `Page ${n}`, language: 'en', docusaurus_tag: 'docs-default-current', sections: [{ level: 1, anchor: null, heading: null, text }, { level: 2, anchor: 'usage', heading: 'Usage', text: `Use page ${n}.` }] };
}

describe('an incremental search index', () => {
  it('packs only the shard whose page changed, byte for byte as a cold build', () => {
    const texts = Array.from({ length: 20 }, (_, n) => `Text of page ${n} `.repeat(3));
    reads = new Set<number>();
    entries = () => texts.map((text, n): IndexEntry => ({ key: `${n}:${text}`, url: `/p${n}/`, page: () => (reads.add(n), page(n, text)) }));
    const first = packIndex(entries(), options);
    const shards = first.manifest.shards;
    expect(shards.length).toBeGreaterThan(3);
    const written = new Map(first.files);

    // An edit that keeps the page's size: the shards after it keep their pages.
    texts[9] = 'Text on page 9 '.repeat(3);
    const second = rebuild(first.memo, written);
    expect([...second.files.keys()].filter((f) => f !== 'search/manifest.json')).toHaveLength(1);
    expect(second.kept).toHaveLength(shards.length - 1);
    // An edit that grows it: the shards after it are packed again (as a cold build packs
    // them), from their previous files, not from the documents.
    for (const [file, text] of second.files) written.set(file, text);
    texts[9] = 'Text on page 9, with more words than it had. '.repeat(3);
    rebuild(second.memo, written);
  });

  it('rewrites only the changed page of a split index, and makes its terms again as a cold build does', () => {
    options = { shardBytes: 300, splitPages: 5 };
    try {
      const texts = Array.from({ length: 20 }, (_, n) => `Text of page ${n} `.repeat(3));
      reads = new Set<number>();
      entries = () => texts.map((text, n): IndexEntry => ({ key: `${n}:${text}`, url: `/p${n}/`, page: () => (reads.add(n), page(n, text)) }));
      const first = packIndex(entries(), options);
      expect(first.manifest.split).toBeDefined();
      const written = new Map(first.files);
      texts[9] = 'Text on page 9, with more words than it had. '.repeat(3);
      const second = rebuild(first.memo, written);
      // Its page file, the metadata, the fragments of its words, the manifest.
      const pageFiles = [...second.files.keys()].filter((file) => file.startsWith('search/pages/'));
      expect(pageFiles).toEqual(['search/pages/9.json']);
      expect(second.kept).toHaveLength(19);
    } finally {
      options = { shardBytes: 300 };
    }
  });
});

/** Packs `entries()` with the previous build's memo and files, and checks it against a cold pack. */
let entries: () => IndexEntry[];
let reads: Set<number>;
let options: IndexOptions = { shardBytes: 300 };
function rebuild(memo: ReturnType<typeof packIndex>['memo'], written: Map<string, string>) {
  reads.clear();
  const next = packIndex(entries(), options, memo, (file) => written.has(file), (file) => written.get(file));
  // The changed page's sections are read; the others' come from the previous shards.
  expect([...reads]).toEqual([9]);
  const cold = packIndex(entries(), options);
  // The same files as a cold build: the ones kept and the ones packed.
  const all = new Map([...next.kept.map((file) => [file, written.get(file)!] as const), ...next.files]);
  expect(new Map([...all].sort())).toEqual(new Map([...cold.files].sort()));
  expect(next.manifest).toEqual(cold.manifest);
  return next;
}
