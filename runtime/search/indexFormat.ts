import { recordOf, type PageHead, type PageSection, type SearchPage } from './searchPage.ts';
import type { RecordType, SearchRecord } from './searchRecord.ts';

/**
 * The local index on disk: a small manifest at a fixed address (`search/manifest.json`,
 * revalidated on each load) naming content-hashed shard files (cached forever). Each shard
 * holds whole pages with their sections; records are derived in the browser
 * (`pageRecords`) and indexed there, which is smaller to ship than a serialized inverted
 * index. Shards download in parallel and are indexed one by one, so a large site never
 * parses one huge file.
 *
 * Format 2: the split index's term fragments are named each by its own bytes (`fragmentFile`),
 * so a client of format 1 would ask for names that are not there: the version check stops it first.
 * Format 3: a fragment's name carries its first term (`fragmentFile`); `SplitMeta.pages` is a string.
 */
export const FORMAT_VERSION = 3;

/** Folder of the index under the output folder (and under the site's base URL). */
export const SEARCH_DIR = 'search';
export const MANIFEST_FILE = 'manifest.json';

export interface SearchManifest {
  version: typeof FORMAT_VERSION;
  /** Shard file names, relative to the manifest (none for a split index). */
  shards: string[];
  /** A large site's split index: its metadata's file name (see `SplitMeta`). */
  split?: string;
  pages: number;
  records: number;
}

/**
 * `[level, anchor, heading, text]` of each section, flattened. An anchor that is the
 * plain slug of its heading (most are) is stored as 0 and derived again on decoding.
 */
type EncodedSections = (number | string | null)[];
/** `[url, lvl0, lvl1, language, tag, sections]`; lvl0, language and tag index `strings`. */
export type EncodedPage = [string, number, string, number, number, EncodedSections];

export interface SearchShard {
  version: typeof FORMAT_VERSION;
  /** Values repeated on many pages (section names, languages, tags), stored once. */
  strings: string[];
  pages: EncodedPage[];
}

/** Packs pages into one shard. */
export function encodeShard(pages: SearchPage[]): SearchShard {
  const strings: string[] = [];
  const ids = new Map<string, number>();
  const intern = (s: string) => {
    let id = ids.get(s);
    if (id === undefined) {
      id = strings.push(s) - 1;
      ids.set(s, id);
    }
    return id;
  };
  const encoded = pages.map((page): EncodedPage => [
    page.url,
    intern(page.lvl0),
    page.lvl1,
    intern(page.language),
    intern(page.docusaurus_tag),
    page.sections.flatMap((s) => [s.level, s.heading !== null && s.anchor === plainSlug(s.heading) ? 0 : s.anchor, s.heading, s.text]),
  ]);
  return { version: FORMAT_VERSION, strings, pages: encoded };
}

/** Unpacks a shard; throws on a shard written by another format version. */
export function decodeShard(shard: SearchShard): SearchPage[] {
  if (shard.version !== FORMAT_VERSION) throw new Error(`Search index format ${String(shard.version)} is not supported (expected ${FORMAT_VERSION}); rebuild the site.`);
  const str = (i: number) => shard.strings[i] ?? '';
  return shard.pages.map(([url, lvl0, lvl1, language, tag, flat]) => {
    const sections: PageSection[] = [];
    for (let i = 0; i + 3 < flat.length; i += 4) {
      const heading = flat[i + 2] as string | null;
      const anchor = flat[i + 1] === 0 && heading !== null ? plainSlug(heading) : (flat[i + 1] as string | null);
      sections.push({ level: flat[i] as 1 | 2 | 3, anchor, heading, text: (flat[i + 3] as string | null) ?? '' });
    }
    return { url, lvl0: str(lvl0), lvl1, language: str(language), docusaurus_tag: str(tag), sections };
  });
}

/** GitHub's slug for plain ASCII headings; anything else is stored as written. */
function plainSlug(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
}

/**
 * The split index of a large site (issue #14: a first query loads what it needs, not
 * the whole index). The manifest names its metadata (`split`, with `shards` empty);
 * everything else is fetched as a query needs it:
 * - the metadata (`meta-*.json`, content-hashed): what scoring needs of the whole site
 *   (record count, field lengths), each page's record count and facets, the vocabulary
 *   (prefix and typo expansion run on it) and which fragment holds which terms;
 * - term fragments (`terms-<first term>-<hash>.json`, each named by a hash of its own bytes, so a rebuild
 *   that changes a few leaves the others' names and bytes as they were), each a range of the vocabulary: per
 *   term its frequency per field, the postings of its best records (at most `TERM_CAP`:
 *   each term scores only those, in both engines) and the URL keys of the others (counted);
 * - the text of each page, in files of `PAGE_PART_RECORDS` of its records
 *   (`pages/<n>-<part>.json`, `PagePart`), fetched for the records a query shows or
 *   phrase-checks; its address is its place, so it is revalidated as the manifest is.
 */
export interface SplitMeta {
  version: typeof FORMAT_VERSION;
  records: number;
  /** Per field: total length in words, and how many records have the field. */
  fields: [number, number][];
  /** Records per page, in page order (`encodeCounts`: a character a page, 7.3 → 5.3 KB gzip at 10,000 docs). */
  pages: string;
  /** Runs of pages sharing facets: `[pages, language, tag]`, indexes into `strings`. */
  facets: [number, number, number][];
  strings: string[];
  /** Every term in code-unit order, front-coded (`encodeVocabulary`). */
  vocabulary: string;
  /**
   * Fragment `i` starts at term `starts[0] + … + starts[i]` and is the file
   * `terms-<first term>-<h>.json` (`fragmentFile`), `h` the `i`-th `FRAGMENT_HASH` characters
   * of this string (base64url of a hash of the fragment's bytes: a rebuild renames only the
   * fragments it changes).
   */
  fragments: string;
  starts: number[];
}

/**
 * A term of a fragment: `[frequency per field, postings (encodePostings), rest]`; `rest`
 * (URL keys of records beyond the cap, ascending) is absent when there are none, else
 * differences (a list) or a base64 bitmap over record ids (a string), whichever is smaller.
 */
export type EncodedTerm = [number[], number[]] | [number[], number[], number[] | string];

export interface TermFragment {
  version: typeof FORMAT_VERSION;
  terms: EncodedTerm[];
}

/**
 * Records of a page a page file holds (`PagePart`): a hit needs its own record's text (and
 * its page's title, which every part names), not its page's. A page's text was a file
 * (2.7 KB gzip on average at 10,000 docs; 'payment' read 10 of them, 27.5 KB), so a page of
 * more records is in several, which triples the files.
 */
export const PAGE_PART_RECORDS = 8;
/** Part `part` of page `page`'s records (`PagePart`). */
export const splitPageFile = (page: number, part: number) => `pages/${page}-${part}.json`;
/** How many files a page of `records` records has. */
export const pageParts = (records: number) => Math.max(1, Math.ceil(records / PAGE_PART_RECORDS));

/**
 * A page file of a split index: what the page's records share (`[url, lvl0, lvl1,
 * language, tag]`) and its records from `part × PAGE_PART_RECORDS` on, each
 * `[type, anchor, lvl2, lvl3, content]` (type: 0 content, 1 lvl1, 2 lvl2, 3 lvl3).
 */
export interface PagePart {
  version: typeof FORMAT_VERSION;
  page: [url: string, lvl0: string, lvl1: string, language: string, tag: string];
  records: [type: number, anchor: string | null, lvl2: string | null, lvl3: string | null, content: string | null][];
}

const RECORD_TYPES: RecordType[] = ['content', 'lvl1', 'lvl2', 'lvl3'];

/** Part `part` of a page's records (`records`, as `pageRecords` makes them). */
export function encodePagePart(page: PageHead, records: readonly SearchRecord[], part: number): PagePart {
  return {
    version: FORMAT_VERSION,
    page: [page.url, page.lvl0, page.lvl1, page.language, page.docusaurus_tag],
    records: records.slice(part * PAGE_PART_RECORDS, (part + 1) * PAGE_PART_RECORDS).map((record) => [RECORD_TYPES.indexOf(record.type), record.anchor, record.hierarchy.lvl2, record.hierarchy.lvl3, record.content]),
  };
}

/** The records of a page file, and its page's title (its first record), as `pageRecords` makes them. */
export function decodePagePart(file: PagePart, part: number): { title: SearchRecord; records: SearchRecord[] } {
  if (file.version !== FORMAT_VERSION) throw new Error(`Search index format ${String(file.version)} is not supported (expected ${FORMAT_VERSION}); rebuild the site.`);
  const [url, lvl0, lvl1, language, docusaurus_tag] = file.page;
  const head: PageHead = { url, lvl0, lvl1, language, docusaurus_tag };
  const title = recordOf(head, { type: 'lvl1', anchor: null, lvl2: null, lvl3: null, content: null }, 0);
  const records = file.records.map(([type, anchor, lvl2, lvl3, content], i) => recordOf(head, { type: RECORD_TYPES[type]!, anchor, lvl2, lvl3, content }, part * PAGE_PART_RECORDS + i));
  return { title, records };
}

/**
 * Characters of a fragment's hash (base64url, 24 bits). A fragment's file is named by its
 * first term and this hash (`fragmentFile`), so a fragment's new bytes could take a name a
 * reader's cache still holds other bytes for (a name is cached forever) only if they begin
 * with the same term and the same 24 bits; few, because every first query downloads them
 * all (about 0.75 byte gzip per character and fragment: 6 characters, without the term in
 * the name, were 11.4 KB of the 41 KB of metadata at 10,000 docs and 8 KB fragments, 4 are
 * 7.6 KB; with 16 KB fragments, cli/search/splitIndex.ts `FRAGMENT_BYTES`, 4.6 KB).
 */
export const FRAGMENT_HASH = 4;
/** Fragment `fragment`'s hash (`SplitMeta.fragments`). */
export const fragmentHash = (meta: Pick<SplitMeta, 'fragments'>, fragment: number) => meta.fragments.slice(fragment * FRAGMENT_HASH, (fragment + 1) * FRAGMENT_HASH);
/** A fragment's file, from its first term and its hash (`TermFragment`). */
export const fragmentFile = (first: string, hash: string) => `terms-${termFileName(first)}-${hash}.json`;

/** Longest term a file name carries (a longer one is cut: the hash tells fragments apart). */
const TERM_IN_NAME = 40;

/**
 * A term as a file name carries it: as it is when it is ASCII letters, digits and '_'
 * (lower case: no two differ only in case), else '~' and base64url of its UTF-8.
 */
export function termFileName(term: string): string {
  if (/^[a-z0-9_]*$/.test(term)) return term.slice(0, TERM_IN_NAME);
  let binary = '';
  for (const byte of new TextEncoder().encode(term)) binary += String.fromCharCode(byte);
  return `~${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`.slice(0, TERM_IN_NAME);
}

/** The character of count 0 in `encodeCounts` ('#': the characters after it need no escape in JSON up to '\\'). */
const COUNT_BASE = 35;
/** Counts from here on are written out (a character would reach the surrogates). */
const LARGE_COUNT = 0xd800 - COUNT_BASE;

/**
 * Counts as one string: a count below LARGE_COUNT as the character `COUNT_BASE + count`,
 * a larger one as '\uffff', its decimal digits and ';'.
 */
export function encodeCounts(counts: readonly number[]): string {
  return counts.map((n) => (n < LARGE_COUNT ? String.fromCharCode(COUNT_BASE + n) : `\uffff${n};`)).join('');
}

export function decodeCounts(encoded: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i);
    if (code !== 0xffff) out.push(code - COUNT_BASE);
    else {
      const end = encoded.indexOf(';', i);
      out.push(Number(encoded.slice(i + 1, end)));
      i = end;
    }
  }
  return out;
}

/** Longest shared prefix front coding stores. */
const MAX_SHARED = 60;

/**
 * Sorted terms as one string: per term one character for the length of the prefix it
 * shares with the one before (`'0'` + length), then the rest, terms separated by a space
 * (which no term holds). Sorted terms share long prefixes: a third of the size.
 */
export function encodeVocabulary(sorted: string[]): string {
  let previous = '';
  return sorted
    .map((term) => {
      let shared = 0;
      while (shared < MAX_SHARED && shared < previous.length && shared < term.length - 1 && previous[shared] === term[shared]) shared++;
      previous = term;
      return String.fromCharCode(48 + shared) + term.slice(shared);
    })
    .join(' ');
}

export function decodeVocabulary(encoded: string): string[] {
  if (encoded === '') return [];
  let previous = '';
  return encoded.split(' ').map((entry) => (previous = previous.slice(0, entry.charCodeAt(0) - 48) + entry.slice(1)));
}

/** A capped posting list's records: each with its URL key and its fields' (field, frequency, length). */
export interface PostingRecord {
  record: number;
  key: number;
  /** `field << 6 | frequency`, then the field's length in words, per field the record has the term in. */
  fields: number[];
}

/** Records ascending: per record its distance from the one before, its distance to its URL key, its field count, its fields. */
export function encodePostings(records: PostingRecord[]): number[] {
  const out: number[] = [];
  let previous = -1;
  for (const { record, key, fields } of records) {
    out.push(record - previous, record - key, fields.length / 2, ...fields);
    previous = record;
  }
  return out;
}

/** Ascending ids as differences, or as a bitmap over `universe` ids when that is shorter. */
export function encodeIds(ids: readonly number[], universe: number): number[] | string {
  const deltas = ids.map((id, i) => id - (i === 0 ? -1 : ids[i - 1]!));
  const listBytes = deltas.reduce((n, d) => n + String(d).length + 1, 0);
  if (listBytes <= Math.ceil(universe / 6)) return deltas;
  const bytes = new Uint8Array(Math.ceil(universe / 8));
  for (const id of ids) bytes[id >> 3]! |= 1 << (id & 7);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The ids `encodeIds` wrote, ascending (a typed array: a common word's are 100,000). */
export function decodeIds(encoded: number[] | string): Int32Array {
  if (typeof encoded !== 'string') {
    const out = new Int32Array(encoded.length);
    let id = -1;
    encoded.forEach((delta, i) => (out[i] = id += delta));
    return out;
  }
  const binary = atob(encoded);
  let count = 0;
  for (let i = 0; i < binary.length; i++) for (let byte = binary.charCodeAt(i); byte !== 0; byte &= byte - 1) count++;
  const out = new Int32Array(count);
  let at = 0;
  for (let i = 0; i < binary.length; i++) {
    const byte = binary.charCodeAt(i);
    if (byte === 0) continue;
    for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) out[at++] = i * 8 + bit;
  }
  return out;
}
