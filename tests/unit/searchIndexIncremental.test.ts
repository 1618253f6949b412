import { describe, expect, it } from 'vitest';
import { packIndex, type IndexEntry, type IndexOptions } from '../../cli/search/buildIndex.ts';
import type { SearchPage } from '../../runtime/search/searchPage.ts';
import { decodeSplitState, encodeSplitState } from '../../cli/search/splitState.ts';
import { TERM_CAP } from '../../runtime/search/scoring.ts';
import { fragmentFile } from '../../runtime/search/indexFormat.ts';

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
      expect(pageFiles).toEqual(['search/pages/9-0.json']);
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

/**
 * A split index rebuilt from the previous build's state (each page's postings, each term's
 * JSON; through its bytes, as the build cache keeps it) after each kind of change is the
 * cold build's, byte for byte, and tokenizes only the pages that changed. The corpus has
 * words beyond the cap (`TERM_CAP`), whose kept records depend on the whole site's
 * statistics, and one word that an edit moves over the cap and back.
 */
describe('an incremental split index', () => {
  const WORDS = 'wallet invoice network fee callback refund ledger token merchant checkout swap payout'.split(' ');
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const sentence = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  interface Doc {
    id: string;
    text: string;
    usage: string;
    extra?: string[];
  }
  const splitPage = (doc: Doc): SearchPage => ({
    url: `/${doc.id}/`,
    lvl0: 'Docs',
    lvl1: `Page ${doc.id}`,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    sections: [
      { level: 1, anchor: null, heading: null, text: doc.text },
      { level: 2, anchor: 'usage', heading: 'Usage', text: doc.usage },
      ...(doc.extra ?? []).map((text, i) => ({ level: 2 as const, anchor: `more-${i}`, heading: `More ${i}`, text })),
    ],
  });
  const entriesOf = (docs: Doc[], read: Set<string>) =>
    docs.map((doc): IndexEntry => ({ key: JSON.stringify(doc), url: `/${doc.id}/`, page: () => (read.add(doc.id), splitPage(doc)) }));
  const splitOptions: IndexOptions = { splitPages: 5 };

  it('after an edit, an insertion, a deletion, a rename and a word crossing the cap, is the cold build byte for byte', () => {
    // 600 pages: 'payment' is in all 1,200 text records, some times each, so beyond the cap.
    // 'zebra' is in exactly TERM_CAP records (the first 512 pages' two texts).
    const docs: Doc[] = Array.from({ length: 600 }, (_, n) => ({
      id: `p${n}`,
      text: `${sentence(5 + (n % 13))}${' payment'.repeat(1 + (n % 4))}${n < 512 ? ' zebra' : ''}`,
      usage: `${sentence(3 + (n % 7))}${' payment'.repeat(1 + (n % 3))}${n < 512 ? ' zebra' : ''}`,
      // 'ore' once in 2 words and twice in 10, on every page: which of the two it keeps
      // most of (the cap keeps 1,024 of 1,200) depends on the average length of text.
      extra: ['ore mined', 'ore ore mined in the hills far from any town'],
    }));
    // Rare words: 'okapi' on two pages, 'quagga' on one and the last.
    for (const [n, word] of [[10, 'okapi'], [20, 'okapi'], [30, 'quagga'], [599, 'quagga']] as const) docs[n]!.text += ` ${word}`;
    const read = new Set<string>();
    let step = packIndex(entriesOf(docs, read), splitOptions);
    const written = new Map(step.files);
    const cappedWords = () => step.split!.capped;
    expect(cappedWords().has('payment')).toBe(true);
    expect(cappedWords().has('zebra')).toBe(false);

    // Fragment files changed since the build that wrote them (by hand, or cut short): not kept, not read back as they are.
    const tampered = new Set<string>();
    const readBack: string[] = [];
    const rebuild = (changed: string[]) => {
      read.clear();
      readBack.length = 0;
      const bytes = encodeSplitState(step.split!, 5);
      const keep = (file: string) => written.has(file) && !tampered.has(file);
      const readPrevious = (file: string) => {
        if (file.startsWith('search/terms-')) readBack.push(file);
        return tampered.has(file) ? written.get(file)!.replace(/\d(?=\D*$)/, (d) => String((Number(d) + 1) % 10)) : written.get(file);
      };
      const next = packIndex(entriesOf(docs, read), splitOptions, step.memo, keep, readPrevious, () => decodeSplitState(bytes, 5));
      expect([...read].sort()).toEqual([...changed].sort());
      expect(next.tokenized).toBe(changed.length);
      const cold = packIndex(entriesOf(docs, new Set()), splitOptions);
      const all = new Map([...next.kept.map((file) => [file, written.get(file)!] as const), ...next.files]);
      expect(new Map([...all].sort())).toEqual(new Map([...cold.files].sort()));
      expect(next.manifest).toEqual(cold.manifest);
      expect([...next.split!.capped.keys()].sort()).toEqual([...cold.split!.capped.keys()].sort());
      // A fragment whose bytes the last build wrote keeps its name (and so its mtime: the
      // build writes it as it was), so that a deploy uploads only what changed. (A page
      // file is named by its place: a page added before it moves it to the next name.)
      const nameOf = new Map([...written].map(([file, text]) => [text, file]));
      for (const [file, text] of all) if (file.startsWith('search/terms-') && nameOf.has(text)) expect(file).toBe(nameOf.get(text));
      // Such a fragment is kept as the file it is, not made again; only the fragments made again are read back.
      for (const [file, text] of all) if (file.startsWith('search/terms-') && written.get(file) === text && !tampered.has(file)) expect(next.kept).toContain(file);
      expect(new Set(readBack).size).toBe(readBack.length);
      const changedFiles = [...all].filter(([file, text]) => written.get(file) !== text).map(([file]) => file);
      written.clear();
      for (const [file, text] of all) written.set(file, text);
      step = next;
      return changedFiles;
    };

    const wordsOf = (changed: Doc[]) => new Set(changed.flatMap((doc) => [...step.split!.pages.find((page) => page.key === JSON.stringify(doc))!.terms.terms])).size;
    // A paragraph edited: the same records, longer text (the averages move).
    docs[100] = { ...docs[100]!, text: `${docs[100]!.text} ${sentence(40)}` };
    const fragments = () => [...written.keys()].filter((file) => file.startsWith('search/terms-')).length;
    const before = fragments();
    const changed = rebuild(['p100']);
    // Only fragments made again are read back (a term's JSON is in its fragment, not in the state).
    expect(readBack.length).toBeLessThan(before);
    // Its page file, the manifest and metadata (the averages moved), and the fragments of
    // the words whose postings changed, not the others.
    expect(changed.filter((file) => !file.startsWith('search/terms-')).sort()).toEqual(['search/manifest.json', expect.stringMatching(/^search\/meta-/), 'search/pages/100-0.json']);
    expect(before).toBeGreaterThan(10);
    expect(changed.length - 3).toBeLessThan(before / 2);
    // A capped word whose records on the page were not kept, and are still not, keeps its JSON: it is not capped again.
    expect(step.encoded).toBeLessThan(wordsOf([docs[100]!]));
    // A paragraph edit that takes a kept record of a capped word ('payment' four times in
    // a short text) below its cap (once in a long text), then back above it.
    const short = docs[3]!;
    docs[3] = { ...short, text: `payment zebra ${sentence(80)}` };
    rebuild(['p3']);
    docs[3] = short;
    rebuild(['p3']);
    // A word taken out of a page, still on an earlier one.
    docs[20] = { ...docs[20]!, text: docs[20]!.text.replace(' okapi', '') };
    rebuild(['p20']);
    // Every fragment file changed since it was written: the terms of the fragments made again are encoded again, not read back.
    for (const file of written.keys()) if (file.startsWith('search/terms-')) tampered.add(file);
    docs[20] = { ...docs[20]!, text: `${docs[20]!.text} okapi` };
    rebuild(['p20']);
    tampered.clear();
    // The last page deleted: its word is still on an earlier one.
    docs.pop();
    rebuild([]);
    // A page added in the middle: every later record is renumbered.
    docs.splice(300, 0, { id: 'new', text: sentence(9), usage: sentence(4) });
    rebuild(['new']);
    // A page deleted.
    docs.splice(200, 1);
    rebuild([]);
    // A page renamed: a new URL (so a new key), at the end of the route order.
    const [renamed] = docs.splice(50, 1);
    docs.push({ ...renamed!, id: 'renamed' });
    rebuild(['renamed']);
    // A section added: the page gains a record, the ones after it move by one.
    docs[400] = { ...docs[400]!, extra: [...docs[400]!.extra!, sentence(6)] };
    rebuild([docs[400]!.id]);
    // 'zebra' in more records: over the cap, then back under it.
    const zebras = () => docs.reduce((n, doc) => n + [doc.text, doc.usage].filter((text) => text.includes('zebra')).length, 0);
    const more = docs.filter((doc) => !doc.text.includes('zebra')).slice(0, TERM_CAP + 1 - zebras());
    const withZebra = (doc: Doc, add: boolean) => ({ ...doc, text: add ? `${doc.text} zebra` : doc.text.replace(' zebra', '') });
    for (const doc of more) docs[docs.indexOf(doc)] = withZebra(doc, true);
    expect(zebras()).toBe(TERM_CAP + 1);
    rebuild(more.map((doc) => doc.id));
    expect(cappedWords().has('zebra')).toBe(true);
    for (const doc of more) docs[docs.findIndex((d) => d.id === doc.id)] = withZebra(docs.find((d) => d.id === doc.id)!, false);
    rebuild(more.map((doc) => doc.id));
    expect(cappedWords().has('zebra')).toBe(false);
    // Pages without the common words added at the end: the record count (idf, the bitmap
    // of a capped word's other records) changes, and no capped word's page does.
    docs.push(...Array.from({ length: 20 }, (_, n): Doc => ({ id: `q${n}`, text: 'quiet', usage: 'quiet', extra: Array.from({ length: 10 }, () => 'quiet') })));
    rebuild(Array.from({ length: 20 }, (_, n) => `q${n}`));
    // Text added to a page without 'ore': the averages move a little, and 'ore' keeps its
    // records (it is not capped again: only the changed page's words are encoded, and of
    // those beyond the cap, such as its title's 'page', none: the page's records keep their side of it)…
    const quiet = () => docs.filter((doc) => doc.id.startsWith('q'));
    docs[docs.length - 1] = { ...docs.at(-1)!, text: 'quiet '.repeat(30) };
    rebuild([docs.at(-1)!.id]);
    expect(step.split!.capped.has('ore')).toBe(true);
    const cappedOn = (doc: Doc) => [...step.split!.pages.find((page) => page.key === JSON.stringify(doc))!.terms.terms].filter((id) => step.split!.capped.has(step.split!.vocabulary[id]!)).length;
    expect(cappedOn(docs.at(-1)!)).toBeGreaterThan(0);
    expect(step.encoded).toBe(wordsOf([docs.at(-1)!]) - cappedOn(docs.at(-1)!));
    // …and a lot (the 240 sections of 20 pages, each a word long, now as long as a section
    // may be: the text's average length doubles): the records 'ore' keeps change.
    const long = 'quiet '.repeat(200);
    // A term's JSON, as the fragment the last build wrote holds it.
    const jsonOf = (term: string) => {
      const { terms, fragments } = step.split!;
      const at = terms.indexOf(term);
      const fragment = fragments.findLast((f) => f.start <= at)!;
      const { terms: held } = JSON.parse(written.get(`search/${fragmentFile(terms[fragment.start]!, fragment.name)}`)!) as { terms: unknown[] };
      return JSON.stringify(held[at - fragment.start]);
    };
    const ore = jsonOf('ore');
    expect(ore).toMatch(/^\[\[/);
    for (const doc of quiet()) docs[docs.indexOf(doc)] = { ...doc, text: long, usage: long, extra: doc.extra!.map(() => long) };
    rebuild(quiet().map((doc) => doc.id));
    expect(jsonOf('ore')).not.toBe(ore);
    const cappedOnQuiet = new Set(quiet().flatMap((doc) => [...step.split!.pages.find((page) => page.key === JSON.stringify(doc))!.terms.terms].filter((id) => step.split!.capped.has(step.split!.vocabulary[id]!)))).size;
    expect(step.encoded).toBeGreaterThan(wordsOf(quiet()) - cappedOnQuiet);
  });
});
