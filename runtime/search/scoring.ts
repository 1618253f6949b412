import { postingField, postingFrequency, postingRecord, type TermIndex } from './termIndex.ts';
import { toTerm, words } from './terms.ts';

/** BM25+ with MiniSearch's constants (term saturation k, length normalisation b, floor d). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** Query terms beyond this many are ignored (each takes one bit of a record's match mask). */
const MAX_QUERY_TERMS = 30;

/**
 * How each query term may match: as a prefix when it has 3 letters or more, and always
 * the last one (the reader is still typing it); with one typo from 5 letters, two from 8.
 */
function matchOptions(term: string, last: boolean): { prefix: boolean; maxTypos: number } {
  return { prefix: term.length >= 3 || last, maxTypos: term.length >= 5 ? Math.min(2, Math.round(term.length * 0.2)) : 0 };
}

/** A query's distinct terms, as the index makes them. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const word of words(query)) {
    const term = toTerm(word);
    if (term !== null) terms.add(term);
  }
  return [...terms].slice(0, MAX_QUERY_TERMS);
}

/** The records a query matched and their scores; valid until the next `score` call. */
export interface Scores {
  /** Matched record ids, `count` of them, in no particular order. */
  matched: Int32Array;
  count: number;
  /** Per record: the score times the number of query terms it matched. */
  score(record: number): number;
  /** Vocabulary terms the query reached (for highlighting). */
  terms: string[];
}

/**
 * Scores records for a query: for every term the query reaches, every posting adds
 * `weight × field boost × BM25+` to its record, into arrays reused across queries, so a
 * query touching every record of a large site allocates almost nothing.
 */
export class Scorer {
  private sums = new Float64Array(0);
  private masks = new Int32Array(0);
  private matched = new Int32Array(0);
  /** How many records the previous query matched (their sums and masks to clear). */
  private previous = 0;

  constructor(
    private readonly index: TermIndex,
    private readonly boosts: readonly number[],
  ) {}

  score(query: string, records: number): Scores {
    this.reset(records);
    const { index, boosts, sums, masks, matched } = this;
    const fields = index.fields;
    const terms = queryTerms(query);
    const reached: string[] = [];
    let count = 0;
    // Per field: idf × boost × weight, and the length part of BM25's normalisation.
    const factor = new Float64Array(fields);
    const fixedNorm = BM25.k * (1 - BM25.b);
    const lengthNorm = new Float64Array(fields);
    for (let f = 0; f < fields; f++) lengthNorm[f] = (BM25.k * BM25.b) / index.averageLength(f);
    const lengths = index.lengths;
    terms.forEach((term, i) => {
      const bit = 1 << i;
      for (const { term: found, entry, weight } of index.expand(term, matchOptions(term, i === terms.length - 1))) {
        reached.push(found);
        for (let f = 0; f < fields; f++) {
          const df = entry.frequency[f]!;
          factor[f] = df ? weight * boosts[f]! * Math.log(1 + (records - df + 0.5) / (df + 0.5)) : 0;
        }
        for (const posting of entry.postings) {
          const record = postingRecord(posting);
          const field = postingField(posting);
          const tf = postingFrequency(posting);
          const length = lengths[record * fields + field]!;
          const value = factor[field]! * (BM25.d + (tf * (BM25.k + 1)) / (tf + fixedNorm + lengthNorm[field]! * length));
          if (masks[record] === 0) matched[count++] = record;
          sums[record]! += value;
          masks[record]! |= bit;
        }
      }
    });
    this.previous = count;
    return { matched, count, terms: reached, score: (record) => sums[record]! * bitCount(masks[record]!) };
  }

  /** Clears the previous query's marks (only where it wrote) and grows the arrays to `records`. */
  private reset(records: number): void {
    if (this.sums.length < records) {
      this.sums = new Float64Array(records);
      this.masks = new Int32Array(records);
      this.matched = new Int32Array(records);
    } else {
      for (let i = 0; i < this.previous; i++) {
        const record = this.matched[i]!;
        this.sums[record] = 0;
        this.masks[record] = 0;
      }
    }
    this.previous = 0;
  }
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}
