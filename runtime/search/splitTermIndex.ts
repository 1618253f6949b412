/**
 * The scoring index of a split index (see `SplitMeta`): the whole site's statistics and
 * vocabulary up front, each term's capped postings once its fragment has arrived. It
 * answers `expand` as `TermIndex` does for the whole index (the same terms, weights and
 * order), so the engine ranks exactly as it would with everything loaded.
 */
import { editDistance } from './editDistance.ts';
import { decodeIds, type EncodedTerm, type SplitMeta, type TermFragment } from './indexFormat.ts';
import { toTerm } from './terms.ts';
import { fuzzyWeight, lowerBound, prefixWeight, type Expansion, type MatchOptions, type ScoringIndex, type TermEntry } from './termIndex.ts';

const NOWHERE = { headings: false, text: false };
const NO_RECORDS = new Int32Array(0);

/** Query terms whose reach is remembered (the vocabulary never changes, so neither does a reach). */
const REACH_MEMO_SIZE = 1_000;

export class SplitTermIndex implements ScoringIndex {
  readonly fields: number;
  readonly lengths: Int32Array;
  private byLength: Map<number, string[]> | null = null;
  private readonly entries = new Map<string, TermEntry>();
  /** Terms whose fragment has arrived, still encoded: decoded when a query first scores them. */
  private readonly encoded = new Map<string, EncodedTerm>();
  private readonly loadedFragments = new Set<number>();
  private readonly fragmentStarts: number[];
  /** Per record its URL key, once a posting list holding it has been decoded (else -1). */
  private readonly keys: Int32Array;
  private readonly reached = new Map<string, { term: string; weight: number }[]>();

  constructor(
    private readonly meta: SplitMeta,
    readonly vocabulary: string[],
    /** Called with each record's URL key as its postings are decoded. */
    private readonly onUrlKey: (record: number, key: number) => void,
  ) {
    this.fields = meta.fields.length;
    this.lengths = new Int32Array(meta.records * this.fields);
    this.keys = new Int32Array(meta.records).fill(-1);
    let start = 0;
    this.fragmentStarts = meta.starts.map((delta) => (start += delta));
  }

  averageLength(field: number): number {
    const [total, withField] = this.meta.fields[field]!;
    return withField ? total / withField : 1;
  }

  /** The vocabulary terms `term` reaches, with their weights, in `TermIndex.expand`'s order. */
  reach(term: string, options: MatchOptions): { term: string; weight: number }[] {
    const key = `${term}\0${options.prefix}\0${options.maxTypos}`;
    let found = this.reached.get(key);
    if (!found) {
      if (this.reached.size >= REACH_MEMO_SIZE) this.reached.clear();
      found = this.reachNow(term, options);
      this.reached.set(key, found);
    }
    return found;
  }

  private reachNow(term: string, options: MatchOptions): { term: string; weight: number }[] {
    const sorted = this.vocabulary;
    const out: { term: string; weight: number }[] = [];
    const at = lowerBound(sorted, term);
    if (sorted[at] === term) out.push({ term, weight: 1 });
    if (options.prefix) {
      for (let i = at; i < sorted.length && sorted[i]!.startsWith(term); i++) {
        if (sorted[i] !== term) out.push({ term: sorted[i]!, weight: prefixWeight(term, sorted[i]!) });
      }
    }
    if (options.maxTypos > 0) {
      const byLength = this.lengthBuckets();
      for (let length = term.length - options.maxTypos; length <= term.length + options.maxTypos; length++) {
        for (const found of byLength.get(length) ?? []) {
          if (found === term || (options.prefix && found.startsWith(term))) continue;
          const distance = editDistance(term, found, options.maxTypos);
          if (distance <= options.maxTypos) out.push({ term: found, weight: fuzzyWeight(found, distance) });
        }
      }
    }
    return out;
  }

  /** Fragments (numbers) holding terms whose postings have not arrived. */
  fragmentsFor(terms: string[]): number[] {
    const needed = new Set<number>();
    for (const term of terms) {
      if (this.entries.has(term) || this.encoded.has(term)) continue;
      const fragment = upperBound(this.fragmentStarts, lowerBound(this.vocabulary, term)) - 1;
      if (!this.loadedFragments.has(fragment)) needed.add(fragment);
    }
    return [...needed];
  }

  /** The first term of fragment `number` (its file is named by it). */
  firstTerm(number: number): string {
    return this.vocabulary[this.fragmentStarts[number]!]!;
  }

  addFragment(number: number, fragment: TermFragment): void {
    if (this.loadedFragments.has(number)) return;
    this.loadedFragments.add(number);
    const first = this.fragmentStarts[number]!;
    fragment.terms.forEach((encoded, i) => this.encoded.set(this.vocabulary[first + i]!, encoded));
  }

  /** As `TermIndex.expand`; every term it reaches must have arrived (`fragmentsFor`). */
  expand(term: string, options: MatchOptions): Expansion[] {
    return this.reach(term, options).map(({ term: found, weight }) => ({ term: found, entry: this.entry(found), weight }));
  }

  private entry(term: string): TermEntry {
    let entry = this.entries.get(term);
    if (entry) return entry;
    const encoded = this.encoded.get(term);
    if (!encoded) throw new Error(`The search term "${term}" was not loaded.`);
    // As `encodePostings` wrote them, decoded in place into a typed array (a prefix can
    // reach hundreds of terms; arrays of numbers were garbage the collector copied).
    const list = encoded[1];
    let count = 0;
    for (let i = 0; i < list.length; i += 3 + 2 * list[i + 2]!) count += list[i + 2]!;
    const postings = new Int32Array(count);
    let at = 0;
    let record = -1;
    for (let i = 0; i < list.length; ) {
      record += list[i]!;
      this.keys[record] = record - list[i + 1]!;
      this.onUrlKey(record, record - list[i + 1]!);
      const end = i + 3 + 2 * list[i + 2]!;
      for (let j = i + 3; j < end; j += 2) {
        this.lengths[record * this.fields + (list[j]! >> 6)] = list[j + 1]!;
        // As `TermIndex` packs a posting: record, field, frequency.
        postings[at++] = (record << 9) | list[j]!;
      }
      i = end;
    }
    const rest = encoded[2] === undefined ? NO_RECORDS : decodeIds(encoded[2]);
    entry = { frequency: encoded[0], postings, rest };
    this.encoded.delete(term);
    this.entries.set(term, entry);
    return entry;
  }

  /**
   * Whether `record` may hold `phrase` (normalized, as the engine's phrase boost reads it)
   * in a heading, and in its text. The phrase is within one field (the boost reads each
   * heading apart, `phraseTextOf`), so a field may hold it only if it holds every word's
   * term: not where a term's loaded postings say the record lacks it there, nor anywhere
   * when the term is not in the vocabulary, or the record is not among its kept postings
   * and its URL key not among the term's other records (`inRest`).
   * A word in a text is a term of it, so where this says no, the record cannot hold the phrase.
   */
  mayHoldPhrase(record: number, phrase: string): { headings: boolean; text: boolean } {
    // lvl1, lvl2, lvl3 and content (lvl0 has no phrase boost).
    let fields = 0b1111;
    for (const word of phrase.trim().split(' ')) {
      const term = toTerm(word);
      if (term === null) continue;
      const at = lowerBound(this.vocabulary, term);
      if (this.vocabulary[at] !== term) return NOWHERE;
      const entry = this.entries.get(term);
      if (!entry) continue;
      const mask = this.fieldMasks(term, entry).get(record);
      if (mask !== undefined) fields &= mask;
      else if (!this.inRest(entry, record)) return NOWHERE;
      if (fields === 0) return NOWHERE;
    }
    return { headings: (fields & 0b111) !== 0, text: (fields & 0b1000) !== 0 };
  }

  /**
   * Whether a record a term does not keep may hold it: its URL key is among the term's
   * other records (a record of the same URL may be the one), or its key is not known.
   */
  private inRest(entry: TermEntry, record: number): boolean {
    const rest = entry.rest!;
    const key = this.keys[record]!;
    if (key < 0) return rest.length > 0;
    let low = 0;
    let high = rest.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (rest[mid]! < key) low = mid + 1;
      else high = mid;
    }
    return rest[low] === key;
  }

  private readonly masks = new Map<string, Map<number, number>>();

  /** Per record of a term's loaded postings: the fields it holds the term in (bit per field). */
  private fieldMasks(term: string, entry: TermEntry): Map<number, number> {
    let masks = this.masks.get(term);
    if (!masks) {
      masks = new Map();
      for (let p = 0; p < entry.postings.length; p++) {
        const posting = entry.postings[p]!;
        masks.set(posting >>> 9, (masks.get(posting >>> 9) ?? 0) | (1 << ((posting >>> 6) & 7)));
      }
      this.masks.set(term, masks);
    }
    return masks;
  }

  private lengthBuckets(): Map<number, string[]> {
    if (!this.byLength) {
      this.byLength = new Map();
      for (const term of this.vocabulary) {
        const bucket = this.byLength.get(term.length);
        if (bucket) bucket.push(term);
        else this.byLength.set(term.length, [term]);
      }
    }
    return this.byLength;
  }
}

/** First index whose value is above `value`. */
function upperBound(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}
