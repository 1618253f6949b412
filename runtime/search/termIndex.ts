/**
 * The inverted index: for each term, where it occurs (record, field, frequency), packed
 * into one integer per occurrence so that scoring a query walks flat arrays of small
 * integers instead of allocating an object per match. Plus the per-field statistics BM25
 * needs and the vocabulary look-ups a query term expands through (prefix, typo).
 */
import { editDistance } from './editDistance.ts';


/** Fields per record: the field number takes 3 bits of a posting. */
export const MAX_FIELDS = 8;
/** Term frequencies are capped here (6 bits); BM25 saturates long before. */
const MAX_TF = 63;
/**
 * Records the packing leaves room for: `record << 9` must stay a small integer, which
 * V8 keeps unboxed in packed arrays (far beyond what a browser index holds).
 */
export const MAX_RECORDS = 1 << 21;

/** One posting, decoded with `postingRecord` / `postingField` / `postingFrequency`. */
const pack = (record: number, field: number, tf: number) => (record << 9) | (field << 6) | Math.min(tf, MAX_TF);
export const postingRecord = (posting: number) => posting >>> 9;
export const postingField = (posting: number) => (posting >>> 6) & 7;
export const postingFrequency = (posting: number) => posting & MAX_TF;

export interface TermEntry {
  /** Packed postings in the order records were added (a split index decodes them into an Int32Array). */
  postings: ArrayLike<number>;
  /** Per field: how many records have the term in that field. */
  frequency: number[];
  /**
   * Set when `postings` are already cut to the term's best records (a split index ships
   * only those, see `capPostings`): the URL keys of the records beyond the cut, counted only.
   */
  rest?: ArrayLike<number>;
}

/** A vocabulary term a query term reaches, and how much a match through it counts. */
export interface Expansion {
  term: string;
  entry: TermEntry;
  weight: number;
}

/**
 * MiniSearch's weights, kept so that ranking did not move when the engine changed: a
 * prefix match counts 0.375 and a typo 0.45 of an exact one, fading as the match grows
 * longer than the query.
 */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** How much a match through `found`, a longer term that `term` starts, counts. */
export const prefixWeight = (term: string, found: string) => (PREFIX_WEIGHT * found.length) / (found.length + 0.3 * (found.length - term.length));
/** How much a match through `found`, `distance` edits from the query term, counts. */
export const fuzzyWeight = (found: string, distance: number) => (FUZZY_WEIGHT * found.length) / (found.length + distance);

/** How a query term may match: as a prefix, and with how many typos. */
export interface MatchOptions {
  prefix: boolean;
  maxTypos: number;
}

/** What scoring reads of an index: the whole one (`TermIndex`) or one a split index loads by parts. */
export interface ScoringIndex {
  readonly fields: number;
  /** Per record and field (`record * fields + field`): the field's length in words. */
  readonly lengths: ArrayLike<number>;
  averageLength(field: number): number;
  expand(term: string, options: MatchOptions): Expansion[];
}
const EXPANSION_MEMO_SIZE = 256;

export class TermIndex implements ScoringIndex {
  private readonly terms = new Map<string, TermEntry & { postings: number[] }>();
  /** Per record and field (`record * fields + field`): the field's length in words. */
  readonly lengths: number[] = [];
  private readonly totalLength: number[];
  private readonly withField: number[];
  /** Vocabulary in code-unit order (prefix ranges) and by length (typos); rebuilt after new terms arrive. */
  private sorted: string[] | null = null;
  private byLength: Map<number, string[]> | null = null;
  /** Recent expansions: as a reader types, every keystroke asks again for the words before the last. */
  private readonly expanded = new Map<string, Expansion[]>();

  constructor(readonly fields: number) {
    if (fields > MAX_FIELDS) throw new Error(`A search index holds at most ${MAX_FIELDS} fields.`);
    this.totalLength = new Array<number>(fields).fill(0);
    this.withField = new Array<number>(fields).fill(0);
  }

  /**
   * Indexes one field of a record: its terms (stop words already out) and its length in
   * words. Records arrive in order, each field once, so a term's postings for this field
   * can only be its last one: a repeat raises that posting's frequency in place.
   */
  add(record: number, field: number, terms: string[], words: number): void {
    if (record >= MAX_RECORDS) throw new Error(`A search index holds at most ${MAX_RECORDS} records.`);
    const at = record * this.fields + field;
    while (this.lengths.length <= at) this.lengths.push(0);
    this.lengths[at] = words;
    this.totalLength[field]! += words;
    this.withField[field]! += 1;
    const first = pack(record, field, 1);
    for (const term of terms) {
      let entry = this.terms.get(term);
      if (!entry) {
        entry = { postings: [], frequency: new Array<number>(this.fields).fill(0) };
        this.terms.set(term, entry);
        this.sorted = null;
        this.byLength = null;
        this.expanded.clear();
      }
      const last = entry.postings.length - 1;
      const previous = last >= 0 ? entry.postings[last]! : -1;
      if (previous >>> 6 === first >>> 6) {
        if (postingFrequency(previous) < MAX_TF) entry.postings[last] = previous + 1;
      } else {
        entry.postings.push(first);
        entry.frequency[field]! += 1;
      }
    }
  }

  /** The mean length of a field over the records that have it. */
  averageLength(field: number): number {
    return this.withField[field] ? this.totalLength[field]! / this.withField[field]! : 1;
  }

  /**
   * The vocabulary terms `term` reaches: itself (weight 1), the longer terms it starts
   * (`prefix`), and terms within `maxTypos` edits (Levenshtein); a term reached both
   * ways counts as a prefix match.
   */
  expand(term: string, options: MatchOptions): Expansion[] {
    const key = `${term}\0${options.prefix}\0${options.maxTypos}`;
    let expansions = this.expanded.get(key);
    if (!expansions) {
      if (this.expanded.size >= EXPANSION_MEMO_SIZE) this.expanded.clear();
      expansions = this.expandNow(term, options);
      this.expanded.set(key, expansions);
    }
    return expansions;
  }

  private expandNow(term: string, options: MatchOptions): Expansion[] {
    const out: Expansion[] = [];
    const exact = this.terms.get(term);
    if (exact) out.push({ term, entry: exact, weight: 1 });
    if (options.prefix) {
      const sorted = this.vocabulary();
      for (let i = lowerBound(sorted, term); i < sorted.length && sorted[i]!.startsWith(term); i++) {
        const found = sorted[i]!;
        if (found === term) continue;
        out.push({ term: found, entry: this.terms.get(found)!, weight: prefixWeight(term, found) });
      }
    }
    if (options.maxTypos > 0) {
      const byLength = this.lengthBuckets();
      for (let length = term.length - options.maxTypos; length <= term.length + options.maxTypos; length++) {
        for (const found of byLength.get(length) ?? []) {
          if (found === term || (options.prefix && found.startsWith(term))) continue;
          const distance = editDistance(term, found, options.maxTypos);
          if (distance <= options.maxTypos) out.push({ term: found, entry: this.terms.get(found)!, weight: fuzzyWeight(found, distance) });
        }
      }
    }
    return out;
  }

  private vocabulary(): string[] {
    this.sorted ??= [...this.terms.keys()].sort();
    return this.sorted;
  }

  /** Every term with its postings (the build splits these by term for a large site). */
  entries(): ReadonlyMap<string, TermEntry> {
    return this.terms;
  }

  /** Per field: total length in words and how many records have it (what `averageLength` divides). */
  fieldTotals(): [number, number][] {
    return this.totalLength.map((total, f) => [total, this.withField[f]!]);
  }

  /**
   * Terms by length, each bucket in code-unit order: a split index knows no other order,
   * and typo matches must add up in the same order in both (floating-point sums).
   */
  private lengthBuckets(): Map<number, string[]> {
    if (!this.byLength) {
      this.byLength = new Map();
      for (const term of this.vocabulary()) {
        const bucket = this.byLength.get(term.length);
        if (bucket) bucket.push(term);
        else this.byLength.set(term.length, [term]);
      }
    }
    return this.byLength;
  }
}

/** First index whose term is not below `term` (code-unit order, as `sort()` leaves it). */
export function lowerBound(sorted: string[], term: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < term) low = mid + 1;
    else high = mid;
  }
  return low;
}
