import { createHash } from 'node:crypto';
import { FIELD_BOOSTS } from '../../runtime/search/engine.ts';
import { encodeCounts, encodeIds, encodePostings, encodeVocabulary, FRAGMENT_HASH, fragmentFile, FORMAT_VERSION, termFileName, type EncodedTerm, type PostingRecord, type SplitMeta } from '../../runtime/search/indexFormat.ts';
import type { SearchPage } from '../../runtime/search/searchPage.ts';
import { capPostings, fieldFactor, fieldScore, lengthNormOf, type CapStatistics } from '../../runtime/search/scoring.ts';
import { postingField, postingFrequency, postingRecord, type TermEntry } from '../../runtime/search/termIndex.ts';
import { pageTerms, type PageTerms } from './pageTerms.ts';
import type { Margin, SplitFragment, SplitState } from './splitState.ts';

/**
 * Raw bytes of a term fragment before the next one starts (a term is never cut). Every
 * first query downloads each fragment's name and start in the metadata, and a rare word's
 * fragment with its word: at 10,000 docs, 8 KB made 2,512 fragments (8.6 KB gzip of the
 * metadata), 16 KB 1,557 (5.6 KB; median first query 61.7 → 58.2 KB), 32 KB 896 but
 * common words then share their fragments (worst first query 124.6 KB, 16 KB: 123.9).
 */
export const FRAGMENT_BYTES = 16 * 1024;

const BOOSTS = Object.values(FIELD_BOOSTS);
const FIELDS = BOOSTS.length;

const hashName = (prefix: string, json: string) => `${prefix}-${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;

/**
 * The previous build's fragment files, by name (`fragmentFile`): `keep` keeps one in the
 * output as it is, `read` reads it; each false or undefined when it is not the file that
 * build wrote (then what it held is made again).
 */
export interface SplitFiles {
  keep(file: string): boolean;
  read(file: string): string | undefined;
}

/** A page of the split index: `key` names what its part is made from (equal keys, equal parts). */
export interface SplitEntry {
  key: string;
  page(): SearchPage;
  /** Its terms, when they were made as it rendered (pageIndexPart.ts): as `pageTerms` makes them of `page()`. */
  terms?(idOf: (term: string) => number): PageTerms;
}

/**
 * The split index's metadata and term fragments for `entries` (their pages already
 * clipped), by file name under the search folder; the page files are the caller's
 * (`splitPageFile`). Pure. The postings are those the whole-index engine scores
 * (`capPostings`, on the same index built the same way), so the browser ranks exactly as
 * that engine would.
 *
 * With `previous` (what the last build returned as `state`), only the pages whose key is
 * new are read and tokenized, and only the terms they reach are encoded again; every
 * other term keeps the JSON it had. What is global, and what a change of it reaches:
 * - record numbers: a page whose first record moved (a page added, removed or grown by a
 *   record before it) puts its terms' postings at other numbers: its terms are encoded again;
 * - the record count and the fields' total lengths (idf and BM25's length normalisation):
 *   they choose which records a term beyond `TERM_CAP` keeps, and its `rest` is a bitmap
 *   over the record count, so when they change (any edit of text does) a capped term is
 *   capped and encoded again unless its margin shows it keeps the same records
 *   (`keptAsBefore`); a term within the cap depends on neither;
 * - a page whose text changed in place (`Replaced`: same place, same records): its words
 *   within the cap are encoded again; a capped word keeps its records when the page's
 *   records that changed stay on their side of the cap (`keepsRecords`);
 * - fragment boundaries and the metadata are made again from the terms' JSON lengths, as a
 *   cold build makes them (cheap: no term is encoded for it); a fragment is named by its
 *   own bytes (`fragmentNames`), so one whose terms are as they were keeps its name and
 *   bytes: it is kept in the output (`files.keep`, listed in `kept`), not made again. The
 *   terms' JSON is read back only from the previous fragments of the terms in a fragment
 *   made again (`files.read`); a term whose fragment cannot be read is encoded again.
 * The output is the same as a cold build's, byte for byte (tests/unit/searchIndexIncremental).
 */
export function splitIndexFiles(
  entries: SplitEntry[],
  options: string,
  last?: SplitState,
  files: SplitFiles = { keep: () => false, read: () => undefined },
): { meta: string; files: Map<string, string>; kept: string[]; state: SplitState; tokenized: number; encoded: number } {
  // Made with other options, its pages were clipped otherwise.
  const previous = last?.options === options ? last : undefined;
  const vocabulary = previous ? previous.vocabulary.slice() : [];
  const ids = new Map<string, number>();
  vocabulary.forEach((term, id) => ids.set(term, id));
  const idOf = (term: string) => {
    let id = ids.get(term);
    if (id === undefined) ids.set(term, (id = vocabulary.push(term) - 1));
    return id;
  };
  // The previous pages by key, with where their records started.
  const before = new Map<string, { offset: number; terms: PageTerms }>();
  let previousRecords = 0;
  const previousTotals = new Array<number>(FIELDS * 2).fill(0);
  for (const { key, terms } of previous?.pages ?? []) {
    before.set(key, { offset: previousRecords, terms });
    previousRecords += terms.records;
    terms.totals.forEach((n, i) => (previousTotals[i]! += n));
  }
  // A previous term's JSON, read back from its fragment in the output folder (undefined when that is not the file written).
  const previousAt = new Map<string, number>();
  previous?.terms.forEach((term, i) => previousAt.set(term, i));
  const readBack = new Map<number, string[] | undefined>();
  const previousJson = (term: string): string | undefined => {
    const at = previousAt.get(term);
    if (at === undefined) return undefined;
    const f = fragmentAt(previous!.fragments, at);
    if (!readBack.has(f)) readBack.set(f, readFragment(previous!, f, files));
    return readBack.get(f)?.[at - previous!.fragments[f]!.start];
  };
  const dirtyIds: number[] = [];
  const markDirty = (terms: PageTerms) => {
    for (const id of terms.terms) dirtyIds.push(id);
  };
  const pages: SplitState['pages'] = [];
  const offsets: number[] = [];
  const inPlace = new Set<string>();
  // Pages whose text changed where they were (`Replaced`): their capped words are decided below.
  const replaced: Replaced[] = [];
  const keys = new Set(entries.map((entry) => entry.key));
  const markUncapped = (terms: PageTerms) => {
    for (const id of terms.terms) if (!previous!.capped.has(vocabulary[id]!)) dirtyIds.push(id);
  };
  let records = 0;
  let tokenized = 0;
  entries.forEach((entry, n) => {
    const old = before.get(entry.key);
    let terms: PageTerms;
    if (old && old.offset === records && !inPlace.has(entry.key)) {
      terms = old.terms;
      inPlace.add(entry.key);
    } else {
      if (old) terms = old.terms;
      else {
        terms = entry.terms?.(idOf) ?? pageTerms(entry.page(), FIELDS, idOf);
        tokenized++;
      }
      const was = old ? undefined : previous?.pages[n];
      if (was && !keys.has(was.key) && before.get(was.key)!.offset === records && sameKeys(was.terms, terms)) {
        replaced.push({ key: was.key, before: was.terms, after: terms, offset: records });
        markUncapped(was.terms);
        markUncapped(terms);
      } else markDirty(terms);
    }
    pages.push({ key: entry.key, terms });
    offsets.push(records);
    records += terms.records;
  });
  const replacedKeys = new Set(replaced.map((page) => page.key));
  // A page gone, or moved: the terms it had are elsewhere now, or nowhere.
  for (const [key, old] of before) if (!inPlace.has(key) && !replacedKeys.has(key)) markDirty(old.terms);
  const totals = new Array<number>(FIELDS * 2).fill(0);
  for (const { terms } of pages) terms.totals.forEach((n, i) => (totals[i]! += n));
  // A capped term whose pages are as they were keeps its records while the scores of the
  // ones it keeps stay above the others' (see `keptAsBefore`); else it is capped again.
  const carried = new Map<string, Margin>();
  // The capped words of the replaced pages, with those pages.
  const touched = new Map<number, Replaced[]>();
  for (const page of replaced) {
    for (const terms of [page.before, page.after]) {
      for (const id of terms.terms) {
        if (!previous!.capped.has(vocabulary[id]!)) continue;
        const list = touched.get(id) ?? [];
        if (list.at(-1) !== page) touched.set(id, [...list, page]);
      }
    }
  }
  // Capped terms whose kept records include a replaced page's: their JSON is made again from the previous one.
  const keptAgain = new Map<string, Replaced[]>();
  const statsMoved = records !== previousRecords || totals.some((n, i) => n !== previousTotals[i]);
  if (previous && (statsMoved || touched.size > 0)) {
    const moved = records === previousRecords ? scoreBounds(previousTotals, totals) : undefined;
    const averages = { before: averagesOf(previousTotals), after: averagesOf(totals) };
    for (const [term, margin] of previous.capped) {
      const id = ids.get(term)!;
      const pages = touched.get(id);
      if (!statsMoved && !pages) continue;
      let still = moved && keptAsBefore(margin, moved);
      // A replaced page's records stay on their side of the cap: the term keeps its records.
      let keptOnPages = false;
      for (const page of pages ?? []) {
        const json = still && previousJson(term);
        const kept = json ? keepsRecords(still as Margin, margin, page, id, json, records, averages) : undefined;
        still = kept ? kept.margin : undefined;
        keptOnPages ||= kept ? kept.kept : false;
      }
      if (still) carried.set(term, still);
      else dirtyIds.push(id);
      if (still && keptOnPages) keptAgain.set(term, pages!);
    }
  }
  const dirty = new Uint8Array(vocabulary.length);
  for (const id of dirtyIds) dirty[id] = 1;
  const live = new Uint8Array(vocabulary.length);
  // Indexed, not for…of over the typed arrays (see encodeSplitState): the 2.7 million term
  // ids of 10,000 docs, 17-23 ms by the iterator, 7-14 ms indexed.
  for (const { terms } of pages) {
    const ids = terms.terms;
    for (let t = 0; t < ids.length; t++) live[ids[t]!] = 1;
  }
  const sorted: string[] = [];
  for (let id = 0; id < vocabulary.length; id++) {
    if (!live[id]) continue;
    sorted.push(vocabulary[id]!);
    if (!previousAt.has(vocabulary[id]!)) dirty[id] = 1;
  }
  sorted.sort();

  // The whole index's records.
  const lengths = new Int32Array(records * FIELDS);
  const urlKeys = new Int32Array(records);
  pages.forEach(({ terms }, i) => {
    const offset = offsets[i]!;
    lengths.set(terms.lengths, offset * FIELDS);
    for (let r = 0; r < terms.records; r++) urlKeys[offset + r] = terms.keys[r]! + offset;
  });
  // The postings of the terms to encode: the dirty ones, and later any whose fragment could not be read back.
  const postings = new Map<number, Int32Array>();
  const gather = (wanted: Uint8Array) => {
    // Counted first, then copied into one array per term.
    const counts = new Int32Array(vocabulary.length);
    for (const { terms } of pages) {
      for (let t = 0; t < terms.terms.length; t++) {
        const id = terms.terms[t]!;
        if (wanted[id]) counts[id]! += terms.starts[t + 1]! - terms.starts[t]!;
      }
    }
    const filled = new Int32Array(vocabulary.length);
    pages.forEach(({ terms }, i) => {
      const shift = offsets[i]! * 512; // Record numbers are the postings' high bits (`record << 9`).
      for (let t = 0; t < terms.terms.length; t++) {
        const id = terms.terms[t]!;
        if (!wanted[id]) continue;
        let list = postings.get(id);
        if (!list) postings.set(id, (list = new Int32Array(counts[id]!)));
        let at = filled[id]!;
        for (let p = terms.starts[t]!; p < terms.starts[t + 1]!; p++) list[at++] = terms.postings[p]! + shift;
        filled[id] = at;
      }
    });
  };
  gather(dirty);
  const stats: CapStatistics = {
    fields: FIELDS,
    lengths,
    averageLength: (field) => (totals[field * 2 + 1] ? totals[field * 2]! / totals[field * 2 + 1]! : 1),
  };
  const capped = new Map<string, Margin>();
  let encodedTerms = 0;
  const encode = (term: string): string => {
    encodedTerms++;
    const list = postings.get(ids.get(term)!)!;
    postings.delete(ids.get(term)!);
    const frequency = new Array<number>(FIELDS).fill(0);
    for (const posting of list) frequency[postingField(posting)]!++;
    // Read as an array only (`capPostings` indexes it and copies what it keeps).
    const entry: TermEntry = { postings: list, frequency };
    const cut = capPostings(entry, stats, BOOSTS, records);
    const kept: PostingRecord[] = [];
    for (let p = 0; p < cut.postings.length; p++) {
      const posting = cut.postings[p]!;
      const record = postingRecord(posting);
      if (kept.at(-1)?.record !== record) kept.push({ record, key: urlKeys[record]!, fields: [] });
      kept.at(-1)!.fields.push((postingField(posting) << 6) | postingFrequency(posting), lengths[record * FIELDS + postingField(posting)]!);
    }
    if (cut.margin) capped.set(term, cut.margin);
    // Beyond the cap, only the URL keys matter (the hit count): one per URL.
    const restKeys = urlKeysOf(cut.rest, urlKeys);
    const term_: EncodedTerm = restKeys.length > 0 ? [frequency, encodePostings(kept), encodeIds(restKeys, records)] : [frequency, encodePostings(kept)];
    return JSON.stringify(term_);
  };

  // Each term's JSON where it is made again (encoded, or its kept records changed), else the length it had.
  const texts: (string | undefined)[] = [];
  const jsonLengths: number[] = [];
  sorted.forEach((term, i) => {
    const id = ids.get(term)!;
    if (dirty[id]) texts[i] = encode(term);
    else {
      const pages = keptAgain.get(term);
      // Read back when its margin was checked (`keepsRecords`).
      if (pages) texts[i] = withKeptAgain(previousJson(term)!, pages, id);
      const margin = carried.get(term) ?? previous!.capped.get(term);
      if (margin) capped.set(term, margin);
    }
    jsonLengths.push(texts[i]?.length ?? previous!.lengths[previousAt.get(term)!]!);
  });
  // Fragment boundaries, as a cold build draws them from the terms' JSON.
  const starts: number[] = [];
  let bytes = 0;
  sorted.forEach((_, i) => {
    if (i === 0 || bytes >= FRAGMENT_BYTES) {
      starts.push(i);
      bytes = 0;
    }
    bytes += jsonLengths[i]!;
  });
  const endOf = (f: number) => starts[f + 1] ?? sorted.length;
  // A fragment whose terms are a previous fragment's, none of them made again, is that fragment (its bytes, its id).
  const sameAs = starts.map((start, f) => {
    if (!previous) return undefined;
    const at = previousAt.get(sorted[start]!);
    if (at === undefined) return undefined;
    const p = fragmentAt(previous.fragments, at);
    if (previous.fragments[p]!.start !== at || (previous.fragments[p + 1]?.start ?? previous.terms.length) - at !== endOf(f) - start) return undefined;
    for (let i = start; i < endOf(f); i++) if (texts[i] !== undefined || sorted[i] !== previous.terms[at + i - start]) return undefined;
    return previous.fragments[p];
  });
  // A fragment's bytes: its terms' JSON, read back from the previous fragments; a term whose fragment cannot be read is encoded again.
  const fragmentBytes = (f: number): string => {
    const range = sorted.slice(starts[f], endOf(f));
    const json = range.map((term, i) => texts[starts[f]! + i] ?? previousJson(term));
    if (json.includes(undefined)) {
      const wanted = new Uint8Array(vocabulary.length);
      range.forEach((term, i) => {
        if (json[i] === undefined) wanted[ids.get(term)!] = 1;
      });
      gather(wanted);
      range.forEach((term, i) => (json[i] ??= texts[starts[f]! + i] = encode(term)));
    }
    return fragmentJson(json as string[]);
  };
  const made = new Map<number, string>();
  const bytesOf = (f: number) => made.get(f) ?? made.set(f, fragmentBytes(f)).get(f)!;
  const fragmentIds = starts.map((_, f) => sameAs[f]?.id ?? fragmentId(bytesOf(f)));
  const names = fragmentNames(fragmentIds, starts.map((start) => sorted[start]!), bytesOf);
  // A fragment made again is often one the last build wrote too (a term encoded again as it was): then its file is kept.
  const written = new Map(previous?.fragments.map(({ id, name }) => [id, name]));
  const out = new Map<string, string>();
  const kept: string[] = [];
  const fragments: SplitFragment[] = [];
  starts.forEach((start, f) => {
    const name = names.slice(f * FRAGMENT_HASH, (f + 1) * FRAGMENT_HASH);
    const file = fragmentFile(sorted[start]!, name);
    fragments.push({ start, id: fragmentIds[f]!, name });
    if (written.get(fragmentIds[f]!) === name && files.keep(file)) kept.push(file);
    else out.set(file, bytesOf(f));
  });
  const strings: string[] = [];
  const intern = (value: string) => (strings.includes(value) ? strings.indexOf(value) : strings.push(value) - 1);
  const facets: SplitMeta['facets'] = [];
  for (const { terms: page } of pages) {
    const language = intern(page.language);
    const tag = intern(page.tag);
    const last = facets.at(-1);
    if (last && last[1] === language && last[2] === tag) last[0]++;
    else facets.push([1, language, tag]);
  }
  const fieldTotals: [number, number][] = [];
  for (let f = 0; f < FIELDS; f++) fieldTotals.push([totals[f * 2]!, totals[f * 2 + 1]!]);
  const meta: SplitMeta = {
    version: FORMAT_VERSION,
    records,
    fields: fieldTotals,
    pages: encodeCounts(pages.map(({ terms: page }) => page.records)),
    facets,
    strings,
    vocabulary: encodeVocabulary(sorted),
    fragments: names,
    starts: starts.map((start, i) => start - (i === 0 ? 0 : starts[i - 1]!)),
  };
  const json = JSON.stringify(meta);
  const name = hashName('meta', json);
  out.set(name, json);
  return { meta: name, files: out, kept, state: { options, vocabulary, pages, terms: sorted, lengths: jsonLengths, fragments, capped }, tokenized, encoded: encodedTerms };
}

/**
 * `SplitMeta.fragments` for fragments of these ids (`fragmentId`) and first terms
 * (`bytesOf` gives a fragment's bytes): per fragment `FRAGMENT_HASH` base64url characters
 * of a hash of its bytes. Two different fragments whose files would be named alike (the
 * same first term as a file name carries it, `termFileName`, and hashes that begin alike:
 * rare) must not share a name: the later one hashes its bytes again with a number
 * appended, until its name is free. That depends only on the fragments, so an incremental
 * build names them as a cold build does.
 */
export function fragmentNames(ids: readonly string[], firsts: readonly string[], bytesOf: (fragment: number) => string): string {
  const taken = new Map<string, string>();
  let names = '';
  ids.forEach((id, f) => {
    let name = id.slice(0, FRAGMENT_HASH);
    // Files are named by first term and hash: two fragments clash only when both are alike.
    const file = (hash: string) => `${termFileName(firsts[f]!)}-${hash}`;
    for (let salt = 1; taken.has(file(name)) && taken.get(file(name)) !== id; salt++) name = hashOf(`${bytesOf(f)}\n${salt}`);
    taken.set(file(name), id);
    names += name;
  });
  return names;
}

/**
 * A fragment's identity: a hash of its bytes, long enough (132 bits) that two fragments
 * with the same one are the same; its start is the fragment's name unless two clash.
 */
const fragmentId = (json: string) => createHash('sha256').update(json).digest('base64url').slice(0, 22);

/** A term fragment's bytes, as JSON.stringify writes a `TermFragment` of these terms' JSON. */
const FRAGMENT_HEAD = `{"version":${FORMAT_VERSION},"terms":[`;
const fragmentJson = (terms: readonly string[]) => `${FRAGMENT_HEAD}${terms.join(',')}]}`;

/** The fragment (its index in `fragments`) that holds term `at`. */
function fragmentAt(fragments: readonly SplitFragment[], at: number): number {
  let low = 0;
  let high = fragments.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (fragments[mid]!.start <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The terms' JSON of the previous build's fragment `f`, cut by their lengths; undefined when its file is not the one that build wrote. */
function readFragment(state: SplitState, f: number, files: SplitFiles): string[] | undefined {
  const { start, id, name } = state.fragments[f]!;
  const text = files.read(fragmentFile(state.terms[start]!, name));
  if (text === undefined || fragmentId(text) !== id || !text.startsWith(FRAGMENT_HEAD)) return undefined;
  const end = state.fragments[f + 1]?.start ?? state.terms.length;
  const out: string[] = [];
  let at = FRAGMENT_HEAD.length;
  for (let t = start; t < end; t++) {
    out.push(text.slice(at, at + state.lengths[t]!));
    at += state.lengths[t]! + 1;
  }
  return out;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, FRAGMENT_HASH);

/**
 * The distinct URL keys of `records` (ascending), ascending. A record's key is the first
 * record of its URL, so keys nearly always ascend with records: then equal neighbours
 * are the only repeats (a common word's records beyond the cap are thousands).
 */
function urlKeysOf(records: ArrayLike<number>, urlKeys: Int32Array): number[] {
  const keys: number[] = [];
  for (let i = 0; i < records.length; i++) {
    const key = urlKeys[records[i]!]!;
    const last = keys.length > 0 ? keys[keys.length - 1]! : -1;
    if (key > last) keys.push(key);
    else if (key < last) return [...new Set(Array.from(records, (r) => urlKeys[r]!))].sort((a, b) => a - b);
  }
  return keys;
}

/**
 * How much any record's score for a term can move when the fields' average lengths go
 * from `before` to `after` (totals as `SplitMeta.fields`, flattened) and nothing else
 * changes: at least `low`, at most `high` times what it was. BM25+'s part for a field is
 * `tf (k + 1) / (tf + k (1 - b) + k b × length / average)`: scaling the average by r
 * scales that part by a factor between 1 and r; the constant part (`d`) does not move.
 */
function scoreBounds(before: readonly number[], after: readonly number[]): { low: number; high: number } {
  let low = 1;
  let high = 1;
  for (let f = 0; f < FIELDS; f++) {
    const average = (totals: readonly number[]) => (totals[f * 2 + 1] ? totals[f * 2]! / totals[f * 2 + 1]! : 1);
    const ratio = average(after) / average(before);
    low = Math.min(low, ratio);
    high = Math.max(high, ratio);
  }
  return { low, high };
}

/**
 * A page whose text changed in place: the previous build's page there (`key`, its part
 * `before`) is gone, and the new one (`after`) starts at the same record and has as many
 * records, with the same URL keys.
 */
interface Replaced {
  key: string;
  before: PageTerms;
  after: PageTerms;
  offset: number;
}

const sameKeys = (a: PageTerms, b: PageTerms) => a.records === b.records && a.keys.every((key, r) => key === b.keys[r]);

const averagesOf = (totals: readonly number[]) => Array.from({ length: FIELDS }, (_, f) => (totals[f * 2 + 1] ? totals[f * 2]! / totals[f * 2 + 1]! : 1));

/**
 * A capped term's margin (`next`, already moved by the averages, see `keptAsBefore`) when
 * `page` was replaced, and whether the page has records it keeps; undefined when the term
 * must be capped again. It keeps the same records when the page holds the term in the
 * same records and fields as before (so its frequencies and the records beyond the cap
 * are the same) and each of those records whose frequencies or lengths changed was above
 * the threshold before (`margin`) and is above the others now, or was below it and still
 * is; the margin's `above` and `below` move to their new scores. The term's JSON changes only in those kept records'
 * frequencies and lengths (`withKeptAgain`).
 */
function keepsRecords(next: Margin, margin: Margin, page: Replaced, id: number, json: string, records: number, averages: { before: number[]; after: number[] }): { margin: Margin; kept: boolean } | undefined {
  const postingsOf = (terms: PageTerms) => {
    const at = terms.terms.indexOf(id);
    return at < 0 ? new Int32Array(0) : terms.postings.subarray(terms.starts[at]!, terms.starts[at + 1]!);
  };
  const before = postingsOf(page.before);
  const after = postingsOf(page.after);
  // Record and field alike; frequency may differ.
  if (before.length !== after.length || before.some((posting, i) => posting >>> 6 !== after[i]! >>> 6)) return undefined;
  // The frequencies per field, as the term's JSON starts (`EncodedTerm`): the same now.
  const frequency = json.slice(2, json.indexOf(']')).split(',').map(Number);
  // A record whose postings and field lengths are as they were scores as any other record does (`next` covers it).
  const changed: boolean[] = [];
  for (let i = 0; i < before.length; i++) {
    const record = postingRecord(before[i]!);
    const at = record * FIELDS + postingField(before[i]!);
    const same = before[i] === after[i] && page.before.lengths[at] === page.after.lengths[at];
    if (i === 0 || record !== postingRecord(before[i - 1]!)) changed.push(!same);
    else if (!same) changed[changed.length - 1] = true;
  }
  const scores = (postings: Int32Array, terms: PageTerms, average: number[]) => {
    const out: number[] = [];
    // As `capPostings` sums a record's score, operation for operation.
    for (let i = 0; i < postings.length; i++) {
      const posting = postings[i]!;
      const field = postingField(posting);
      const tf = postingFrequency(posting);
      const length = terms.lengths[postingRecord(posting) * FIELDS + field]!;
      const value = fieldScore(fieldFactor(BOOSTS[field]!, frequency[field]!, records), tf, lengthNormOf(average[field]!), length);
      if (i === 0 || postingRecord(posting) !== postingRecord(postings[i - 1]!)) out.push(value);
      else out[out.length - 1]! += value;
    }
    return out;
  };
  const threshold = margin[1];
  const thresholdHigh = margin[4] ?? threshold;
  const was = scores(before, page.before, averages.before);
  const now = scores(after, page.after, averages.after);
  let [above, , below] = next;
  let kept = false;
  for (let r = 0; r < was.length; r++) {
    if (!changed[r]) continue;
    if (was[r]! * (1 - ROUNDING) > thresholdHigh) {
      // Kept before: it must be kept now, and its postings are encoded again.
      above = Math.min(above, now[r]! * (1 - ROUNDING));
      kept = true;
    } else if (was[r]! * (1 + ROUNDING) < threshold) below = Math.max(below, now[r]! * (1 + ROUNDING));
    // At the threshold: which of the tied records are kept may change.
    else return undefined;
  }
  return above > next[4]! && next[1] > below ? { margin: [above, next[1], below, next[3], next[4]], kept } : undefined;
}

/**
 * A capped term's JSON with the kept records of the replaced `pages` encoded again from
 * their new postings (their frequencies and lengths); the records kept, the frequencies
 * and the records beyond the cap are as they were (`keepsRecords`).
 */
function withKeptAgain(json: string, pages: Replaced[], id: number): string {
  const term = JSON.parse(json) as EncodedTerm;
  const list = term[1];
  const kept: PostingRecord[] = [];
  let record = -1;
  for (let i = 0; i < list.length; ) {
    record += list[i]!;
    const end = i + 3 + 2 * list[i + 2]!;
    let fields = list.slice(i + 3, end);
    const page = pages.find((p) => record >= p.offset && record < p.offset + p.after.records);
    if (page) {
      fields = [];
      const at = page.after.terms.indexOf(id);
      const local = record - page.offset;
      for (let p = page.after.starts[at]!; p < page.after.starts[at + 1]!; p++) {
        const posting = page.after.postings[p]!;
        if (postingRecord(posting) === local) fields.push(posting & 511, page.after.lengths[local * FIELDS + postingField(posting)]!);
      }
    }
    kept.push({ record, key: record - list[i + 1]!, fields });
    i = end;
  }
  term[1] = encodePostings(kept);
  return JSON.stringify(term);
}

/** Far more than the rounding of a score (a few operations on doubles). */
const ROUNDING = 1e-9;

/**
 * Whether a capped term keeps the same records when its scores move by `moved`: those
 * above the threshold stay above the records at it, which stay above those below (the
 * records at it, alike, keep equal scores, so ties go to the same earlier records), with
 * room for rounding; then its new margin, as bounds (the next build moves them again):
 * `[above, threshold's low bound, below, threshold's high bound]`.
 */
function keptAsBefore(margin: Margin, moved: { low: number; high: number }): Margin | undefined {
  // None above or below is ±Infinity, which JSON (the state) writes as null.
  const [above = Infinity, threshold, below = -Infinity, alike, thresholdHigh = threshold] = margin.map((n) => n ?? undefined) as Margin;
  if (!alike) return undefined;
  const next: Margin = [above * moved.low * (1 - ROUNDING), threshold * moved.low * (1 - ROUNDING), below * moved.high * (1 + ROUNDING), true, thresholdHigh * moved.high * (1 + ROUNDING)];
  return next[0] > next[4]! && next[1] > next[2] ? next : undefined;
}
