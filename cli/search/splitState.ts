import type { PageTerms } from './pageTerms.ts';

/**
 * What a split index was made from, for making the next one (`splitIndexFiles`): each
 * page's part (by key, in order), each term's place in the fragments, and which terms are
 * beyond the cap. Kept in the build cache beside the manifest as one binary file
 * (`encodeSplitState`): reading it back costs a fraction of tokenizing the pages again.
 * The terms' JSON is not in it: it is the fragments' bytes, which the build wrote to the
 * output folder (35 MB of the 87 MB this file was at 10,000 docs, read and written whole
 * on every rebuild); a rebuild reads back the few fragments it makes again (`SplitFiles`).
 */
export interface SplitState {
  /** The index options it was made with (`IndexMemo.options`): pages are clipped by them. */
  options: string;
  /** Terms by id (`PageTerms.terms`); may hold terms no page has any more. */
  vocabulary: string[];
  pages: { key: string; terms: PageTerms }[];
  /** The index's terms, sorted, as its fragments hold them, and the length of each one's JSON (`EncodedTerm`). */
  terms: string[];
  lengths: number[];
  /** Per fragment, in order: the index in `terms` of its first term, its `fragmentId` and its name (`SplitMeta.fragments`). */
  fragments: SplitFragment[];
  /** The terms beyond the cap, with their scores' margin (`CappedEntry.margin`, or bounds of it). */
  capped: Map<string, Margin>;
}

export interface SplitFragment {
  start: number;
  id: string;
  name: string;
}

/** `CappedEntry.margin`, and once moved by a build, the threshold's high bound. */
export type Margin = [above: number, threshold: number, below: number, alike: boolean, thresholdHigh?: number];

interface Header {
  version: typeof STATE_VERSION;
  options: string;
  vocabulary: string[];
  keys: string[];
  /** Per page: language and tag. */
  facets: [string, string][];
  terms: string[];
  lengths: number[];
  fragments: [start: number, id: string, name: string][];
  capped: [string, Margin][];
  fields: number;
}

const STATE_VERSION = 2;

/**
 * The state as bytes: the header's length, the header's JSON, then 32-bit integers, per page: records, terms, postings, then its keys, lengths, totals,
 * term ids, starts and postings. Term ids no page holds are dropped here.
 */
export function encodeSplitState(state: SplitState, fields: number): Buffer {
  const remap = new Int32Array(state.vocabulary.length).fill(-1);
  const vocabulary: string[] = [];
  let ints = 0;
  // Indexed loops, not for…of over typed arrays: 13 million ids at 10,000 docs, run once in a
  // build (not warmed up), 35 ms indexed, 70 ms by the iterator (each pass).
  for (const { terms } of state.pages) {
    const ids = terms.terms;
    for (let t = 0; t < ids.length; t++) if (remap[ids[t]!] === -1) remap[ids[t]!] = vocabulary.push(state.vocabulary[ids[t]!]!) - 1;
    ints += 3 + terms.records * (1 + fields) + fields * 2 + terms.terms.length * 2 + 1 + terms.postings.length;
  }
  const header: Header = {
    version: STATE_VERSION,
    options: state.options,
    vocabulary,
    keys: state.pages.map((page) => page.key),
    facets: state.pages.map(({ terms: page }) => [page.language, page.tag]),
    terms: state.terms,
    lengths: state.lengths,
    fragments: state.fragments.map(({ start, id, name }) => [start, id, name]),
    capped: [...state.capped],
    fields,
  };
  const head = Buffer.from(JSON.stringify(header));
  const at = align(4 + head.length);
  const out = Buffer.alloc(at + ints * 4);
  out.writeUInt32LE(head.length, 0);
  head.copy(out, 4);
  const data = new Int32Array(out.buffer, out.byteOffset + at, ints);
  let i = 0;
  for (const { terms: page } of state.pages) {
    data[i++] = page.records;
    data[i++] = page.terms.length;
    data[i++] = page.postings.length;
    data.set(page.keys, i);
    i += page.keys.length;
    data.set(page.lengths, i);
    i += page.lengths.length;
    data.set(page.totals, i);
    i += page.totals.length;
    for (let t = 0; t < page.terms.length; t++) data[i++] = remap[page.terms[t]!]!;
    data.set(page.starts, i);
    i += page.starts.length;
    data.set(page.postings, i);
    i += page.postings.length;
  }
  return out;
}

/** The state `encodeSplitState` wrote, or undefined when the bytes are not one (another version, cut short). */
export function decodeSplitState(bytes: Uint8Array, fields: number): SplitState | undefined {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const headLength = buffer.readUInt32LE(0);
    const header = JSON.parse(buffer.toString('utf8', 4, 4 + headLength)) as Header;
    if (header.version !== STATE_VERSION || header.fields !== fields) return undefined;
    if (header.lengths.length !== header.terms.length) return undefined;
    const at = align(4 + headLength);
    const count = (buffer.byteLength - at) / 4;
    // Views need 4-byte alignment; a buffer from a pool may not have it.
    const data = (buffer.byteOffset + at) % 4 === 0 ? new Int32Array(buffer.buffer, buffer.byteOffset + at, count) : new Int32Array(buffer.buffer.slice(buffer.byteOffset + at, buffer.byteOffset + at + count * 4));
    const pages: SplitState['pages'] = [];
    let i = 0;
    const take = (n: number) => {
      if (!(n >= 0) || i + n > data.length) throw new Error('cut short');
      const view = data.subarray(i, i + n);
      i += n;
      return view;
    };
    const vocabularySize = header.vocabulary.length;
    header.keys.forEach((key, p) => {
      const [records, terms, postings] = take(3);
      const page: PageTerms = {
        records: records!,
        keys: take(records!),
        lengths: take(records! * fields),
        totals: take(fields * 2),
        terms: take(terms!),
        starts: take(terms! + 1),
        postings: take(postings!),
        language: header.facets[p]![0],
        tag: header.facets[p]![1],
      };
      if (!validPageTerms(page, fields, vocabularySize)) throw new Error('not a state');
      pages.push({ key, terms: page });
    });
    if (i !== data.length) return undefined;
    const fragments = header.fragments.map(([start, id, name]) => ({ start, id, name }));
    return { options: header.options, vocabulary: header.vocabulary, pages, terms: header.terms, lengths: header.lengths, fragments, capped: new Map(header.capped) };
  } catch {
    return undefined;
  }
}

const align = (n: number) => Math.ceil(n / 4) * 4;

/**
 * Whether a page's part read back is one `pageTerms` could have made: every number within
 * what it indexes (term ids, postings' records and fields, URL keys, lengths). The next
 * index is made from it as it is; a state damaged on disk (the build cache is files anyone
 * may change) must be refused here, where the index is then made whole, not make a wrong
 * index or fail the build there. Indexed loops: about 10 ms for the 13 million numbers of
 * 10,000 docs.
 */
function validPageTerms(page: PageTerms, fields: number, vocabularySize: number): boolean {
  const { records, keys, lengths, terms, starts, postings } = page;
  if (starts[0] !== 0 || starts[terms.length] !== postings.length) return false;
  for (let t = 0; t < terms.length; t++) if (!(terms[t]! >= 0 && terms[t]! < vocabularySize && starts[t]! <= starts[t + 1]!)) return false;
  for (let r = 0; r < keys.length; r++) if (!(keys[r]! >= 0 && keys[r]! <= r)) return false;
  for (let l = 0; l < lengths.length; l++) if (!(lengths[l]! >= 0)) return false;
  for (let p = 0; p < postings.length; p++) {
    const posting = postings[p]!;
    if (!(posting >= 0 && posting >>> 9 < records && ((posting >>> 6) & 7) < fields)) return false;
  }
  return true;
}
