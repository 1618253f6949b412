import { SearchEngine } from '../../runtime/search/engine.ts';
import type { SearchPage } from '../../runtime/search/searchPage.ts';
import type { TermIndex } from '../../runtime/search/termIndex.ts';

/**
 * What one page adds to the split index, with record numbers local to the page: the
 * engine's postings of each of its terms (`record << 9 | field << 6 | frequency`, as
 * termIndex.ts packs them), and per record its URL key and field lengths. A page at record
 * `offset` adds `offset << 9` to each posting: the whole index is these, page after page,
 * as `SearchEngine.addPages` makes it. Kept between builds (see `encodeSplitState`), so
 * a rebuild tokenizes only the pages that changed.
 */
export interface PageTerms {
  records: number;
  /** Per record: the record whose URL it shares (local). */
  keys: Int32Array;
  /** Per record and field (`record * fields + field`): the field's length in words (0 when absent). */
  lengths: Int32Array;
  /** Per field: `[total length, records that have it]`, flattened. */
  totals: Int32Array;
  /** Term ids (into the state's vocabulary), and each term's postings: `postings[starts[i]…starts[i + 1]]`. */
  terms: Int32Array;
  starts: Int32Array;
  postings: Int32Array;
  language: string;
  tag: string;
}

/** The page's part of the index, its new terms given ids by `idOf`. */
export function pageTerms(page: SearchPage, fields: number, idOf: (term: string) => number): PageTerms {
  const engine = new SearchEngine();
  engine.addPages([page]);
  const index = engine.index as TermIndex;
  const records = engine.records.length;
  const keys = new Int32Array(records);
  for (let r = 0; r < records; r++) keys[r] = engine.urlKeyOf(r);
  const lengths = new Int32Array(records * fields);
  lengths.set(index.lengths);
  const totals = Int32Array.from(index.fieldTotals().flat());
  const entries = index.entries();
  const terms = new Int32Array(entries.size);
  const starts = new Int32Array(entries.size + 1);
  let count = 0;
  for (const entry of entries.values()) count += entry.postings.length;
  const postings = new Int32Array(count);
  let i = 0;
  let at = 0;
  for (const [term, entry] of entries) {
    terms[i] = idOf(term);
    starts[i++] = at;
    postings.set(entry.postings, at);
    at += entry.postings.length;
  }
  starts[i] = at;
  return { records, keys, lengths, totals, terms, starts, postings, language: page.language, tag: page.docusaurus_tag };
}
