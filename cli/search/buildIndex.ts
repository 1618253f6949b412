import { createHash } from 'node:crypto';
import { pageRecords, type SearchPage } from '../../runtime/search/searchPage.ts';
import { decodePagePart, decodeShard, encodePagePart, encodeShard, FORMAT_VERSION, MANIFEST_FILE, pageParts, SEARCH_DIR, splitPageFile, type PagePart, type SearchManifest, type SearchShard } from '../../runtime/search/indexFormat.ts';
import type { SearchRecord } from '../../runtime/search/searchRecord.ts';
import { splitIndexFiles } from './splitIndex.ts';
import type { SplitState } from './splitState.ts';
import type { WrittenPage } from './pageIndexPart.ts';

export interface IndexOptions {
  /**
   * Longest text kept per section, in characters (cut at a word). Headings are always
   * whole; the cap keeps a docs site's index small enough to load on first search
   * (this site: about 140 KB gzip of 550 KB of prose), and the start of a section is what snippets show.
   */
  maxSectionText?: number;
  /** Raw bytes per shard before a new one starts; shards download in parallel. */
  shardBytes?: number;
  /** From this many pages on, the index is split by term (`SplitMeta`). */
  splitPages?: number;
}

export const DEFAULT_MAX_SECTION_TEXT = 700;
export const DEFAULT_SHARD_BYTES = 256 * 1024;
/**
 * Where the split index starts. Below it, a first search loads the whole index (this site:
 * 141 pages, 141 KB gzip) and ranks offline from then on; at 2,000 docs of the bench's
 * corpus the whole index is 3.6 MB gzip, and a first query on the split one 40–160 KB.
 */
export const SPLIT_MIN_PAGES = 1000;

/** The local index: files to write, relative to the output folder. */
export interface LocalIndex {
  files: Map<string, string>;
  manifest: SearchManifest;
}

/**
 * Packs the pages into content-hashed shards plus the manifest that names them (pure;
 * the caller writes the files). Pages keep their route order, so neighbouring pages,
 * which share most words, compress together.
 */
export function buildLocalIndex(pages: SearchPage[], records: number, options: IndexOptions = {}): LocalIndex {
  const packed = packIndex(
    pages.map((page, i) => ({ key: String(i), url: page.url, page: () => page })),
    options,
  );
  const manifest: SearchManifest = { ...packed.manifest, records };
  packed.files.set(`${SEARCH_DIR}/${MANIFEST_FILE}`, JSON.stringify(manifest));
  return { files: packed.files, manifest };
}

/** A page to index: `key` names what its part of the index is made from (equal keys, equal parts). */
export interface IndexEntry {
  key: string;
  /** The page's URL, known before the page is read. */
  url: string;
  page(): SearchPage;
  /** A split index's page whose files this build wrote as it rendered (pageIndexPart.ts): not read again. */
  written?: WrittenPage;
}

/**
 * What an index was packed from, for packing the next one: each page's size toward the
 * shard budget and its record count, by page key, and each shard's file, by the keys of
 * the pages in it. Shards are made of whole pages in route order, so a shard whose pages
 * are the same is the same file: a rebuild after one edit packs one shard again, and reads
 * the sections of the changed page only (sizes of the others are remembered, and their
 * clipped sections are read back from the previous shard they were in, `shard` at `at`).
 */
export interface IndexMemo {
  options: string;
  pages: Record<string, { bytes: number; records: number; shard?: string; at?: number }>;
  shards: Record<string, string>;
  /**
   * A split index's metadata file: the index has a state (`SplitState`), which the build
   * keeps beside the manifest (an attachment, see searchIndex.ts).
   */
  split?: string;
}

/**
 * The index's files for `entries`, in order. With `previous`, a shard whose pages have the
 * keys they had is not made again when `keep` keeps its file (then it is not in `files`);
 * `readPrevious` reads a file of the previous index, if it is still the one recorded, and
 * `previousSplit` the previous split index's state (asked only when both are split).
 */
export function packIndex(
  entries: IndexEntry[],
  options: IndexOptions = {},
  previous?: IndexMemo,
  keep: (file: string) => boolean = () => false,
  readPrevious: (file: string) => string | undefined = () => undefined,
  previousSplit: () => SplitState | undefined = () => undefined,
): { files: Map<string, string>; kept: string[]; manifest: SearchManifest; memo: IndexMemo; split?: SplitState; tokenized?: number; encoded?: number } {
  const cap = options.maxSectionText ?? DEFAULT_MAX_SECTION_TEXT;
  const budget = options.shardBytes ?? DEFAULT_SHARD_BYTES;
  const splitFrom = options.splitPages ?? SPLIT_MIN_PAGES;
  const memo: IndexMemo = { options: `${FORMAT_VERSION}:${cap}:${budget}:${splitFrom}`, pages: {}, shards: {} };
  const before = previous?.options === memo.options ? previous : undefined;
  const trimmed = new Map<IndexEntry, SearchPage>();
  // Records are counted on the whole page, read once (`entry.page()` may read a document's tree again).
  const wholeRecords = new Map<IndexEntry, number>();
  const decoded = new Map<string, SearchPage[] | undefined>();
  const fromShard = (entry: IndexEntry): SearchPage | undefined => {
    const at = before && Object.hasOwn(before.pages, entry.key) ? before.pages[entry.key] : undefined;
    if (at?.shard === undefined || at.at === undefined) return undefined;
    // A split index's page, in the files of its records.
    if (at.shard.startsWith(SPLIT_PAGE_PREFIX)) return fromParts(Number(at.shard.slice(SPLIT_PAGE_PREFIX.length)), at.records, entry.url, readPrevious);
    if (!decoded.has(at.shard)) {
      let pages: SearchPage[] | undefined;
      try {
        const text = readPrevious(`${SEARCH_DIR}/${at.shard}`);
        pages = text === undefined ? undefined : decodeShard(JSON.parse(text) as SearchShard);
      } catch {
        // Not the shard recorded: the page is read again.
      }
      decoded.set(at.shard, pages);
    }
    const page = decoded.get(at.shard)?.[at.at];
    return page?.url === entry.url ? page : undefined;
  };
  const trim = (entry: IndexEntry) => {
    let page = trimmed.get(entry) ?? fromShard(entry);
    if (!page) {
      page = entry.page();
      wholeRecords.set(entry, pageRecords(page).length);
      page = { ...page, sections: page.sections.map((s) => ({ ...s, text: clip(s.text, cap) })) };
    }
    trimmed.set(entry, page);
    return page;
  };
  // The split index reads each page twice, for its file and for its terms: after the second, its text is not kept.
  const take = (entry: IndexEntry) => {
    const page = trim(entry);
    trimmed.delete(entry);
    return page;
  };
  if (entries.length >= splitFrom) return packSplit(entries, trim, take, memo, before, { keep, readPrevious }, before?.split !== undefined ? previousSplit : () => undefined);
  const groups: IndexEntry[][] = [[]];
  const sizes = new Map<IndexEntry, { bytes: number; records: number }>();
  let size = 0;
  let records = 0;
  for (const entry of entries) {
    let known: { bytes: number; records: number } | undefined = before && Object.hasOwn(before.pages, entry.key) ? before.pages[entry.key]! : undefined;
    if (!known) {
      const page = trim(entry);
      // Counted on the whole page: clipping shortens a section's text, never empties it.
      known = { bytes: sizeOf(page), records: wholeRecords.get(entry) ?? pageRecords(page).length };
    }
    sizes.set(entry, known);
    records += known.records;
    if (size > 0 && size + known.bytes > budget) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(entry);
    size += known.bytes;
  }
  const files = new Map<string, string>();
  const kept: string[] = [];
  const shards: string[] = [];
  for (const group of groups) {
    if (group.length === 0) continue;
    const groupKey = createHash('sha256').update(group.map((e) => e.key).join('\n')).digest('base64url');
    const last = before && Object.hasOwn(before.shards, groupKey) ? before.shards[groupKey]! : undefined;
    let name: string;
    if (last !== undefined && keep(`${SEARCH_DIR}/${last}`)) {
      name = last;
      kept.push(`${SEARCH_DIR}/${name}`);
    } else {
      const json = JSON.stringify(encodeShard(group.map(trim)));
      name = `shard-${createHash('sha256').update(json).digest('hex').slice(0, 12)}.json`;
      files.set(`${SEARCH_DIR}/${name}`, json);
    }
    memo.shards[groupKey] = name;
    group.forEach((entry, at) => (memo.pages[entry.key] = { ...sizes.get(entry)!, shard: name, at }));
    shards.push(name);
  }
  const manifest: SearchManifest = { version: FORMAT_VERSION, shards, pages: entries.length, records };
  files.set(`${SEARCH_DIR}/${MANIFEST_FILE}`, JSON.stringify(manifest));
  return { files, kept, manifest, memo };
}

/**
 * The split index of `entries`: one file per page (kept when the page and its place are
 * as before, and read back as the next build's previous text), the metadata and the term
 * fragments (see `splitIndexFiles`: a fragment whose bytes are as before keeps its file in
 * the output; the others are made again from the pages that changed and the previous state,
 * reading unchanged words back from the previous fragment files; without a state, from
 * every page, as a cold build makes them).
 */
function packSplit(
  entries: IndexEntry[],
  trim: (entry: IndexEntry) => SearchPage,
  take: (entry: IndexEntry) => SearchPage,
  memo: IndexMemo,
  before: IndexMemo | undefined,
  previousFiles: { keep: (file: string) => boolean; readPrevious: (file: string) => string | undefined },
  previousSplit: () => SplitState | undefined,
) {
  const { keep, readPrevious } = previousFiles;
  const files = new Map<string, string>();
  const kept: string[] = [];
  let records = 0;
  entries.forEach((entry, n) => {
    const name = `${SPLIT_PAGE_PREFIX}${n}`;
    const pageKey = `${n}:${entry.key}`;
    let known = before && Object.hasOwn(before.pages, entry.key) ? before.pages[entry.key] : undefined;
    // Its files are as they were when its key and place are: those still the files written are kept, the others made again.
    const same = known !== undefined && Object.hasOwn(before!.shards, pageKey) && before!.shards[pageKey] === name;
    const missing: number[] = [];
    for (let part = 0; part < (same ? pageParts(known!.records) : 0); part++) {
      const file = `${SEARCH_DIR}/${splitPageFile(n, part)}`;
      if (keep(file)) kept.push(file);
      else missing.push(part);
    }
    // Written by this build as its page rendered (pageIndexPart.ts): made from the page as it would be here.
    if (entry.written) known = { bytes: entry.written.bytes, records: entry.written.records };
    else if (!same || missing.length > 0) {
      const page = trim(entry);
      const pageRecordList = pageRecords(page);
      const parts = same ? missing : Array.from({ length: pageParts(pageRecordList.length) }, (_, part) => part);
      for (const part of parts) files.set(`${SEARCH_DIR}/${splitPageFile(n, part)}`, JSON.stringify(encodePagePart(page, pageRecordList, part)));
      known = { bytes: sizeOf(page), records: pageRecordList.length };
    }
    records += known!.records;
    memo.pages[entry.key] = { bytes: known!.bytes, records: known!.records, shard: name, at: 0 };
    memo.shards[pageKey] = name;
  });
  const split = splitIndexFiles(
    entries.map((entry) => ({ key: entry.key, page: () => take(entry), terms: entry.written?.terms })),
    memo.options,
    previousSplit(),
    // Its fragments that are as they were stay in the output; those made again read their terms back from it.
    { keep: (file) => keep(`${SEARCH_DIR}/${file}`), read: (file) => readPrevious(`${SEARCH_DIR}/${file}`) },
  );
  memo.split = split.meta;
  for (const file of split.kept) kept.push(`${SEARCH_DIR}/${file}`);
  for (const [name, json] of split.files) files.set(`${SEARCH_DIR}/${name}`, json);
  const manifest: SearchManifest = { version: FORMAT_VERSION, shards: [], split: split.meta, pages: entries.length, records };
  files.set(`${SEARCH_DIR}/${MANIFEST_FILE}`, JSON.stringify(manifest));
  return { files, kept, manifest, memo, split: split.state, tokenized: split.tokenized, encoded: split.encoded };
}

/** A split index's page in the memo (`IndexMemo.pages[…].shard`): its number after this. */
const SPLIT_PAGE_PREFIX = 'pages/';

/**
 * A split index's page `n` of `count` records, read back from the files the previous build
 * wrote (its sections, as `pageRecords` reads them); undefined when one is not there, or
 * is not the page at `url`, or its records are not a page's the sections make again.
 */
function fromParts(n: number, count: number, url: string, readPrevious: (file: string) => string | undefined): SearchPage | undefined {
  const records: SearchRecord[] = [];
  let head: Omit<SearchPage, 'sections'> | undefined;
  for (let part = 0; part < pageParts(count); part++) {
    let file: PagePart;
    try {
      const text = readPrevious(`${SEARCH_DIR}/${splitPageFile(n, part)}`);
      if (text === undefined) return undefined;
      file = JSON.parse(text) as PagePart;
      const decoded = decodePagePart(file, part);
      if (part === 0) records.push(decoded.title);
      records.push(...decoded.records.slice(part === 0 ? 1 : 0));
    } catch {
      return undefined;
    }
    const [pageUrl, lvl0, lvl1, language, docusaurus_tag] = file.page;
    head ??= { url: pageUrl, lvl0, lvl1, language, docusaurus_tag };
  }
  if (!head || head.url !== url || records.length !== count) return undefined;
  const page: SearchPage = { ...head, sections: [] };
  for (const record of records.slice(1)) {
    const last = page.sections.at(-1);
    if (record.type === 'lvl2' || record.type === 'lvl3') page.sections.push({ level: record.type === 'lvl2' ? 2 : 3, anchor: record.anchor, heading: record.type === 'lvl2' ? record.hierarchy.lvl2 : record.hierarchy.lvl3, text: '' });
    // A section's text follows its heading; text without one is the page's opening.
    else if (last && last.level > 1 && last.text === '' && last.anchor === record.anchor && record.content) last.text = record.content;
    else page.sections.push({ level: 1, anchor: record.anchor, heading: null, text: record.content ?? '' });
  }
  // Made again as they were, or read from the document.
  return JSON.stringify(pageRecords(page)) === JSON.stringify(records) ? page : undefined;
}

/** A page's size toward the shard budget. */
export const sizeOf = (page: SearchPage) => page.sections.reduce((n, s) => n + s.text.length + (s.heading?.length ?? 0), page.url.length + page.lvl1.length);

/** The text up to `max` characters, cut at a word boundary and marked with '…'. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return `${text.slice(0, cut > 0 ? cut : max)} …`;
}
