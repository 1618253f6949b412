import { postingField, postingFrequency, postingRecord, type MatchOptions, type ScoringIndex, type TermEntry } from './termIndex.ts';
import { toTerm, words } from './terms.ts';

/** BM25+ with MiniSearch's constants (term saturation k, length normalisation b, floor d). */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** Query terms beyond this many are ignored (each takes one bit of a record's match mask). */
const MAX_QUERY_TERMS = 30;

/**
 * Each vocabulary term scores only its this many best records (by its own score, ties to
 * the earlier record); the others still count toward the hit total. This bounds what a
 * split index must ship for a common word (issue #14: a first query downloads at most
 * about 100 KB on a 10,000-doc site) while the whole-index engine ranks by the same rule.
 * A site whose every term is in fewer records (this one: at most 857) ranks as without it.
 */
export const TERM_CAP = 1024;

/** A term's postings as a query scores them: those of its `TERM_CAP` best records, and the other records it is in. */
export interface CappedEntry {
  postings: ArrayLike<number>;
  /** Records holding the term beyond the cap (ascending): counted, not scored. */
  rest: ArrayLike<number>;
  /**
   * When there is a rest: the lowest score above the threshold (the cap-th best score),
   * the threshold, the highest score below it, and whether the records at the threshold
   * hold the term alike (same fields, frequencies and lengths: their scores stay equal
   * whatever the statistics). A build keeps these: while the averages move less than the
   * gaps allow, the same records are kept (see cli/search/splitIndex.ts).
   */
  margin?: [above: number, threshold: number, below: number, alike: boolean];
}

/**
 * How each query term may match: as a prefix when it has 3 letters or more, and always
 * the last one (the reader is still typing it); with one typo from 5 letters, two from 8.
 */
export function matchOptions(term: string, last: boolean): MatchOptions {
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

/** A term as `Scorer` scores it at a record count. */
interface ScoredEntry {
  records: number;
  entry: CappedEntry;
  /** Per posting, its BM25+ part (`bm25Parts`), once the term was scored. */
  parts?: Float64Array;
}

/** The records a query matched and their scores; valid until the next `score` call. */
export interface Scores {
  /** Matched record ids, `count` of them, in no particular order. */
  matched: Int32Array;
  count: number;
  /** Per record: the score times the number of query terms it matched. */
  score(record: number): number;
  /** Per record: the sum of its terms' values, and a bit per query term it matched (`score` is the sum times their count). */
  sums: Float64Array;
  masks: Int32Array;
  /**
   * Per matched record: the number of the vocabulary term (in the order the query reached
   * them) that matched it first; `matched` lists records by it, then by record.
   */
  first: Int32Array;
  /** Vocabulary terms the query reached (for highlighting). */
  terms: string[];
  /**
   * Records that hold a reached term only beyond its cap (`TERM_CAP`), `restCount` of them
   * (some may also be in `matched`): hits for the total, never ranked.
   */
  rest: Int32Array;
  restCount: number;
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
  private first = new Int32Array(0);
  private inRest = new Uint8Array(0);
  private rest = new Int32Array(0);
  /** How many records the previous query matched (their sums and masks to clear), and how many it counted only. */
  private previous = 0;
  private previousRest = 0;
  /**
   * Each term's capped postings, for the record count they were chosen at (idf depends on
   * it), and once scored, each posting's BM25+ part (`partsOf`). The field lengths and
   * their averages change only as records are added, which changes the count.
   */
  private readonly capped = new WeakMap<TermEntry, ScoredEntry>();

  constructor(
    private readonly index: ScoringIndex,
    private readonly boosts: readonly number[],
  ) {}

  score(query: string, records: number): Scores {
    this.reset(records);
    const { index, boosts, sums, masks, matched, first, inRest, rest } = this;
    let restCount = 0;
    let expansion = 0;
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
        const capped = this.cappedEntry(entry, records);
        restCount = addRest(capped.entry.rest, inRest, rest, restCount);
        const parts = this.partsOf(capped, lengthNorm, fixedNorm, lengths, fields);
        count = addPostings(capped.entry.postings, parts, { factor, bit, expansion: expansion++ }, { sums, masks, matched, first }, count);
      }
    });
    this.previous = count;
    this.previousRest = restCount;
    return { matched, count, terms: reached, rest, restCount, sums, masks, first, score: (record) => sums[record]! * bitCount(masks[record]!) };
  }

  /** Whether the current query scored `record` (it is in `matched`). */
  scored(record: number): boolean {
    return this.masks[record] !== 0;
  }

  private cappedEntry(entry: TermEntry, records: number): ScoredEntry {
    const known = this.capped.get(entry);
    if (known?.records === records) return known;
    const capped = { records, entry: capPostings(entry, this.index, this.boosts, records) };
    this.capped.set(entry, capped);
    return capped;
  }

  /**
   * The BM25+ part of each posting's value (all of it but the term's factor), kept with
   * the term: a term is scored again on every keystroke of a query, and this part reads
   * its record's field length at random in a large array, the costliest read of scoring
   * ('ledger s' scores 270,000 postings at 10,000 docs).
   */
  private partsOf(capped: ScoredEntry, lengthNorm: Float64Array, fixedNorm: number, lengths: ArrayLike<number>, fields: number): Float64Array {
    return (capped.parts ??= bm25Parts(capped.entry.postings, lengthNorm, fixedNorm, lengths, fields));
  }

  /** Clears the previous query's marks (only where it wrote) and grows the arrays to `records`. */
  private reset(records: number): void {
    if (this.sums.length < records) {
      this.sums = new Float64Array(records);
      this.masks = new Int32Array(records);
      this.matched = new Int32Array(records);
      this.first = new Int32Array(records);
      this.inRest = new Uint8Array(records);
      this.rest = new Int32Array(records);
    } else {
      for (let i = 0; i < this.previous; i++) {
        const record = this.matched[i]!;
        this.sums[record] = 0;
        this.masks[record] = 0;
      }
      for (let i = 0; i < this.previousRest; i++) this.inRest[this.rest[i]!] = 0;
    }
    this.previous = 0;
    this.previousRest = 0;
  }
}

/*
 * The loops over a term's records, each a function of its own over typed arrays: V8
 * compiles them once for every term and query (inside `score`'s callback they ran slower,
 * and a one-letter prefix reaches thousands of terms).
 */

/** Adds records to the rest (records reached beyond a cap), each once; the new count. */
function addRest(records: ArrayLike<number>, inRest: Uint8Array, rest: Int32Array, count: number): number {
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (inRest[record] === 0) {
      inRest[record] = 1;
      rest[count++] = record;
    }
  }
  return count;
}

/** Each posting's BM25+ part: its value for the term is the term's factor for its field times this. */
function bm25Parts(postings: ArrayLike<number>, lengthNorm: Float64Array, fixedNorm: number, lengths: ArrayLike<number>, fields: number): Float64Array {
  const parts = new Float64Array(postings.length);
  for (let i = 0; i < postings.length; i++) {
    const posting = postings[i]!;
    const field = postingField(posting);
    const tf = postingFrequency(posting);
    const length = lengths[postingRecord(posting) * fields + field]!;
    parts[i] = BM25.d + (tf * (BM25.k + 1)) / (tf + fixedNorm + lengthNorm[field]! * length);
  }
  return parts;
}

/** Adds each posting's BM25+ value (`parts`, times the term's factor) to its record (`Scorer.score`); the new count of matched records. */
function addPostings(
  postings: ArrayLike<number>,
  parts: Float64Array,
  term: { factor: Float64Array; bit: number; expansion: number },
  into: { sums: Float64Array; masks: Int32Array; matched: Int32Array; first: Int32Array },
  count: number,
): number {
  const { factor, bit, expansion } = term;
  const { sums, masks, matched, first } = into;
  for (let i = 0; i < postings.length; i++) {
    const posting = postings[i]!;
    const record = postingRecord(posting);
    const value = factor[postingField(posting)]! * parts[i]!;
    if (masks[record] === 0) {
      matched[count++] = record;
      first[record] = expansion;
    }
    sums[record]! += value;
    masks[record]! |= bit;
  }
  return count;
}

/** What scoring reads of an index to choose a term's best records. */
export interface CapStatistics {
  readonly fields: number;
  readonly lengths: ArrayLike<number>;
  averageLength(field: number): number;
}

/*
 * A term's value in one field of a record, as `capPostings` sums it: idf × field boost
 * (`fieldFactor`) × BM25+ (`fieldScore`, with `lengthNormOf` the field's average length).
 * The split index's incremental build scores records with these to compare them with the
 * margins `capPostings` recorded, so both must do the same operations in the same order.
 */
export const fieldFactor = (boost: number, df: number, records: number): number => (df ? boost * Math.log(1 + (records - df + 0.5) / (df + 0.5)) : 0);
export const lengthNormOf = (averageLength: number): number => (BM25.k * BM25.b) / averageLength;
export const fieldScore = (factor: number, tf: number, lengthNorm: number, length: number): number => factor * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b) + lengthNorm * length));

/**
 * A term's postings cut to its `TERM_CAP` best records: each record's score for the term
 * alone (BM25+ summed over its fields, as `Scorer.score` adds it at weight 1), best first,
 * ties to the lower record. Pure: the build (a split index ships only these) and the
 * engine choose the same records. Postings keep their order.
 */
export function capPostings(entry: TermEntry, index: CapStatistics, boosts: readonly number[], records: number, cap = TERM_CAP): CappedEntry {
  const postings = entry.postings;
  if (entry.rest) return { postings, rest: entry.rest };
  // Postings are in record order, so a record's postings are adjacent.
  let distinct = 0;
  for (let i = 0; i < postings.length; i++) if (i === 0 || postingRecord(postings[i]!) !== postingRecord(postings[i - 1]!)) distinct++;
  if (distinct <= cap) return { postings, rest: [] };
  const fields = index.fields;
  const factor = new Float64Array(fields);
  for (let f = 0; f < fields; f++) factor[f] = fieldFactor(boosts[f]!, entry.frequency[f]!, records);
  const lengthNorm = new Float64Array(fields);
  for (let f = 0; f < fields; f++) lengthNorm[f] = lengthNormOf(index.averageLength(f));
  const lengths = index.lengths;
  const ids = new Int32Array(distinct);
  const values = new Float64Array(distinct);
  let n = -1;
  for (let i = 0; i < postings.length; i++) {
    const posting = postings[i]!;
    const record = postingRecord(posting);
    const field = postingField(posting);
    const tf = postingFrequency(posting);
    if (n < 0 || ids[n] !== record) ids[++n] = record;
    const length = lengths[record * fields + field]!;
    values[n]! += fieldScore(factor[field]!, tf, lengthNorm[field]!, length);
  }
  // The cap-th best value, selected among the values alone (a comparator sort of a common
  // word's 40,000 records took tens of ms on the first keystroke that reached it, a native
  // sort a few): every record above it is kept, then those equal to it, earlier records first.
  const threshold = nthSmallest(values.slice(), distinct - cap);
  let above = 0;
  for (let i = 0; i < distinct; i++) if (values[i]! > threshold) above++;
  let ties = cap - above;
  const kept = new Uint8Array(distinct);
  for (let i = 0; i < distinct; i++) if (values[i]! > threshold || (values[i] === threshold && ties-- > 0)) kept[i] = 1;
  let lowestAbove = Infinity;
  let highestBelow = -Infinity;
  for (let i = 0; i < distinct; i++) {
    if (values[i]! > threshold) lowestAbove = Math.min(lowestAbove, values[i]!);
    else if (values[i]! < threshold) highestBelow = Math.max(highestBelow, values[i]!);
  }
  const alike = tiedAlike(postings, values, threshold, lengths, fields);
  const rest: number[] = [];
  const out: number[] = [];
  for (let i = 0, n = -1; i < postings.length; i++) {
    const record = postingRecord(postings[i]!);
    if (i === 0 || record !== postingRecord(postings[i - 1]!)) {
      n++;
      if (!kept[n]) rest.push(record);
    }
    if (kept[n]) out.push(postings[i]!);
  }
  return { postings: out, rest, margin: [lowestAbove, threshold, highestBelow, alike] };
}

/** Whether the records scoring `threshold` hold the term in the same fields, as often, in fields as long. */
function tiedAlike(postings: ArrayLike<number>, values: Float64Array, threshold: number, lengths: ArrayLike<number>, fields: number): boolean {
  let first = '';
  let current = '';
  let n = -1;
  const check = () => {
    if (n < 0 || values[n] !== threshold) return true;
    if (first === '') first = current;
    return current === first;
  };
  for (let i = 0; i < postings.length; i++) {
    const record = postingRecord(postings[i]!);
    if (i === 0 || record !== postingRecord(postings[i - 1]!)) {
      if (!check()) return false;
      n++;
      current = '';
    }
    if (values[n] === threshold) current += `${postings[i]! & 511}:${lengths[record * fields + postingField(postings[i]!)]} `;
  }
  return check();
}

/**
 * The value a sort would put at `k` (Hoare's selection; reorders `values`): what
 * `values.sort()[k]` is, in time linear in their number. The values are scores (no NaN).
 */
export function nthSmallest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k]!;
  }
  return values[k]!;
}

/** How many bits of `mask` are set. */
export function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}
