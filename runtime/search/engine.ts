import type { SearchRecord } from './searchRecord.ts';
import { pageRecords, type SearchPage } from './searchPage.ts';
import { termOf, words } from './terms.ts';
import { TermIndex, type ScoringIndex } from './termIndex.ts';
import { hierarchyOf, LEVEL_WEIGHT } from './searchRecord.ts';
import { bitCount, Scorer, type Scores } from './scoring.ts';
import { selectTop } from './selectTop.ts';

/** Indexed fields and how much a match in each counts: titles and headings above text. */
export const FIELD_BOOSTS = { lvl1: 4, lvl2: 2.5, lvl3: 2, content: 1, lvl0: 0.5 } as const;
type Field = keyof typeof FIELD_BOOSTS;
const FIELDS = Object.keys(FIELD_BOOSTS) as Field[];

/** A query's multi-word phrase found as written: ×1.5 in a title or heading, ×1.25 in text. */
const PHRASE_BOOST = { heading: 1.5, content: 1.25 };
/** The phrase boost can reorder only this many of the best hits (it reads their text). */
const PHRASE_WINDOW = 50;
const PHRASE_MEMO_SIZE = 5_000;
/** Filters whose pages' verdicts are kept (a reader's searches use one or two). */
const VERDICT_MEMO_SIZE = 8;

export interface EngineHit {
  record: SearchRecord;
  score: number;
}

export interface EngineResult {
  /** The first `limit` hits, best first, each page's title right before its first section. */
  hits: EngineHit[];
  /** How many hits there are in all (what 'See all {count} results' counts). */
  total: number;
  /** Index terms (as `toTerm` makes them) the query reached, for highlighting. */
  terms: Set<string>;
}

/** A query scored and its hits grouped by URL, before the first page of them is chosen (see `SearchEngine.rank`). */
export interface Ranking {
  query: string;
  /** The URL keys reached, in the order `rank` met them (valid until `finish`). */
  keys: Int32Array;
  total: number;
  terms: Set<string>;
  /** The best keys of the first window `finish` reads, once `recordsToShow` or `phraseRecords` has chosen them. */
  top?: { window: number; keys: number[] };
}

/** A page of a split index before its text arrives: how many records it has and the facets they share. */
export interface PageSkeleton {
  records: number;
  language: string;
  docusaurus_tag: string;
}

export interface EngineQuery {
  /** How many hits to return (the end of the page being shown). */
  limit: number;
  /** Records that fail are left out (facet filters). */
  filter?: (record: SearchRecord) => boolean;
  /**
   * The filter reads only what all records of a page share (language, tag): asked once
   * per page instead of once per record (a one-letter query matches most of a large site).
   */
  perPage?: boolean;
  /**
   * Names the filter (equal names, equal filters): with `perPage`, each page's verdict is
   * kept under it for the next queries, as a page's facets never change (a one-letter
   * query asks 10,000 pages at 10,000 docs, 2 ms of its 20 in the browser's code).
   */
  filterKey?: string;
}

const fieldValue = (record: SearchRecord, field: Field): string | null => (field === 'content' ? record.content : record.hierarchy[field]);

/**
 * The query engine over decoded pages; the same code runs in the browser and in Node.
 * Ranking: BM25+ per field with the boosts above, times the number of query terms a
 * record matched, then the phrase boost; one hit per URL (the best of a heading and its
 * section text), grouped under the page title as DocSearch shows them.
 *
 * Why not a library: this began on MiniSearch 7.2, whose ranking it keeps. On a
 * 10,000-doc site (80,000 records) where a typed prefix matches most records, MiniSearch
 * builds a Map entry and objects per match and sorts them all: p95 241 ms per keystroke.
 * Orama 3.1 took seconds; FlexSearch 0.8 was fast but ranks by word position, without
 * field weights, BM25 or typo tolerance. Scoring into reused typed arrays and keeping
 * only the first page of hits (`selectTop`) answers the same queries in about 10 ms.
 */
export class SearchEngine {
  readonly records: SearchRecord[] = [];
  /** The whole index (built here from pages), or one a split index loads by parts. */
  readonly index: ScoringIndex;
  private readonly scorer: Scorer;
  /** Per record: its page's number, and the record whose URL it shares (hits are one per URL). */
  private readonly pageOf: number[] = [];
  private readonly urlKey: number[] = [];
  /** Per page: its title (`lvl1`) record. */
  private readonly titles: number[] = [];
  /** Per URL key: the best-scoring record of the current query (-1: none) and its score. */
  private bestRecord = new Int32Array(0);
  private bestScore = new Float64Array(0);
  /** Per filter (`EngineQuery.filterKey`), per page: 0 not asked yet, else `PassState`'s bits 2 and 4. */
  private readonly verdicts = new Map<string, Uint8Array>();
  /** Normalized text of records recently phrase-checked: typing a phrase checks the same top hits again. */
  private readonly phraseTexts = new Map<number, PhraseText>();

  /** With no index, an engine over the pages given to `addPages`. */
  constructor(index?: ScoringIndex) {
    this.index = index ?? new TermIndex(FIELDS.length);
    this.scorer = new Scorer(this.index, FIELDS.map((field) => FIELD_BOOSTS[field]));
  }

  /** Adds pages (their records) to the index. */
  addPages(pages: SearchPage[]): void {
    this.addPageRecords(pages.map(pageRecords));
  }

  /** Adds pages given as their records (`pageRecords`), as `addPages` does. */
  addPageRecords(pages: SearchRecord[][]): void {
    const index = this.index;
    if (!(index instanceof TermIndex)) throw new Error('This engine ranks a split index: it is given skeletons and page text.');
    for (const page of pages) {
      const pageNumber = this.titles.length;
      const byUrl = new Map<string, number>();
      // Hierarchy values repeat on every record of a page: tokenize each once.
      const tokenized = new Map<string, { terms: string[]; words: number }>();
      for (const record of page) {
        const id = this.records.push(record) - 1;
        this.pageOf.push(pageNumber);
        if (record.type === 'lvl1') {
          this.titles.push(id);
          this.urlKey.push(id); // A title is a hit of its own, apart from the opening text.
        } else {
          if (!byUrl.has(record.url)) byUrl.set(record.url, id);
          this.urlKey.push(byUrl.get(record.url)!);
        }
        FIELDS.forEach((field, f) => {
          const text = fieldValue(record, field);
          if (text === null) return;
          let tokens = tokenized.get(text);
          if (!tokens) {
            const all = words(text);
            tokens = { terms: all.map(termOf).filter((term) => term !== null), words: all.length };
            if (field !== 'content') tokenized.set(text, tokens);
          }
          index.add(id, f, tokens.terms, tokens.words);
        });
      }
    }
  }

  /**
   * Adds the pages of a split index before their text: stand-in records that rank and
   * filter by page facets as the real ones will (each its own URL key until `setUrlKey`
   * says which record's URL it shares); `addRecords` swaps in the real ones.
   */
  addSkeletons(pages: PageSkeleton[]): void {
    for (const page of pages) {
      const pageNumber = this.titles.length;
      const first = this.records.length;
      this.titles.push(first);
      for (let position = 0; position < page.records; position++) {
        const id = this.records.push({
          objectID: '',
          type: position === 0 ? 'lvl1' : 'content',
          hierarchy: hierarchyOf('', ''),
          content: null,
          url: '',
          url_without_anchor: '',
          anchor: null,
          language: page.language,
          docusaurus_tag: page.docusaurus_tag,
          weight: { pageRank: 0, level: LEVEL_WEIGHT.content, position },
        }) - 1;
        this.pageOf.push(pageNumber);
        this.urlKey.push(id);
      }
    }
  }

  /** Which record's URL a record of a split index shares (its postings say so). */
  setUrlKey(record: number, key: number): void {
    this.urlKey[record] = key;
    if (this.typed) this.typed.urlKey[record] = key;
  }

  /**
   * Real records of page `pageNumber` of a split index, once their text has arrived: from
   * its record `from` on, and its title (the first record).
   */
  addRecords(pageNumber: number, from: number, records: SearchRecord[], title: SearchRecord): void {
    const first = this.firstRecordOf(pageNumber);
    const end = pageNumber + 1 < this.titles.length ? this.titles[pageNumber + 1]! : this.records.length;
    if (from + records.length > end - first) throw new Error(`Search index page ${title.url} does not match the index; rebuild the site.`);
    this.records[first] = title;
    records.forEach((record, offset) => (this.records[first + from + offset] = record));
  }

  /** The first record (the title) of page `pageNumber`. */
  firstRecordOf(pageNumber: number): number {
    return this.titles[pageNumber]!;
  }

  /** The page a record belongs to, and how many pages there are. */
  pageOfRecord(record: number): number {
    return this.pageOf[record]!;
  }

  /** The record whose URL a record shares (hits are one per URL; a title is its own). */
  urlKeyOf(record: number): number {
    return this.urlKey[record]!;
  }

  get pages(): number {
    return this.titles.length;
  }

  /** The hits for `query`, best first, that pass the filter. */
  search(query: string, options: EngineQuery): EngineResult {
    return this.finish(this.rank(query, options), options.limit);
  }

  /**
   * Scores `query` and keeps each URL's best record (what `finish` ranks). Reads only
   * what stand-in records hold (position, page facets), so a split index ranks before any
   * text arrives. Until `finish`, the engine holds this query's state: one query at a time.
   */
  rank(query: string, options: Omit<EngineQuery, 'limit'>): Ranking {
    const records = this.records.length;
    const scores = this.scorer.score(query, records);
    if (this.bestRecord.length < records) {
      this.bestRecord = new Int32Array(records).fill(-1);
      this.bestScore = new Float64Array(records);
    }
    const { filter, perPage, filterKey } = options;
    // Per page: bit 1 counted; bit 2 filter asked and bit 4 failed (per page with `perPage`, else never asked: every record is).
    const pageState = new Uint8Array(this.titles.length);
    const verdicts = filter && perPage && filterKey !== undefined ? this.verdictsOf(filterKey) : undefined;
    if (verdicts) pageState.set(verdicts);
    const passes = (record: number) => !filter || filter(this.records[record]!);
    const pass: PassState = { pageState, perPage: !filter || !!perPage, passes, total: 0 };
    // Each key is met once, from a matched record.
    const keys = new Int32Array(scores.count);
    const reached = keepBest(pass, this.tables(), scores, this.bestRecord, this.bestScore, keys);
    // Records a term holds beyond its cap are hits for the total only: their URL keys are
    // marked apart (a rest record of a key also scored counts once).
    if (scores.restCount > 0) countRest(pass, this.tables(), scores, this.bestRecord, new Uint8Array(records), (record) => this.scorer.scored(record));
    if (verdicts) for (let page = 0; page < verdicts.length; page++) verdicts[page] = pageState[page]! & 6;
    return { query, keys: keys.subarray(0, reached), total: pass.total, terms: new Set(scores.terms) };
  }

  /** The pages' verdicts kept for a filter (`EngineQuery.filterKey`), sized to the pages there are. */
  private verdictsOf(filterKey: string): Uint8Array {
    const pages = this.titles.length;
    let verdicts = this.verdicts.get(filterKey);
    if (verdicts?.length !== pages) {
      // Pages are only ever added: the verdicts of those there were still hold.
      const grown = new Uint8Array(pages);
      if (verdicts) grown.set(verdicts.subarray(0, pages));
      if (this.verdicts.size >= VERDICT_MEMO_SIZE) this.verdicts.clear();
      this.verdicts.set(filterKey, (verdicts = grown));
    }
    return verdicts;
  }

  /** `pageOf`, `urlKey` and `titles` as typed arrays, for the loops of `rank` (made again when records were added). */
  private tables(): RecordTables {
    if (this.typed?.records !== this.records.length) {
      this.typed = { records: this.records.length, pageOf: Int32Array.from(this.pageOf), urlKey: Int32Array.from(this.urlKey), titles: Int32Array.from(this.titles) };
    }
    return this.typed;
  }

  private typed: (RecordTables & { records: number }) | undefined;

  /**
   * The records `finish` reads for the first `limit` hits: the best records of the keys it
   * shows (with the title of each one's page, which a split index's text of any of the
   * page's records brings). (Each key adds at least one hit, titles included, so `finish`
   * never looks past this window.)
   */
  recordsToShow(ranking: Ranking, limit: number): number[] {
    const phrase = phraseOf(ranking.query);
    const window = Math.max(limit, phrase ? PHRASE_WINDOW : 0);
    ranking.top ??= { window, keys: selectTop(ranking.keys, window, this.before) };
    // The order is known once the phrase's candidates have their text (`phraseRecords`):
    // the keys the first `limit` hits show (a page's title takes a place of its own), as
    // `withPageTitles` places them.
    const ordered = phrase ? this.phraseOrder(ranking.top.keys, phrase) : ranking.top.keys.map((key) => ({ key }));
    const pages = new Set<number>();
    const records: number[] = [];
    let hits = 0;
    for (const { key } of ordered) {
      if (hits >= limit) break;
      const page = this.pageOf[key]!;
      if (!pages.has(page)) {
        pages.add(page);
        hits++;
      }
      if (key !== this.titles[page]) hits++;
      records.push(this.bestRecord[key]!);
    }
    return records;
  }

  /**
   * For a phrase query, records whose text the order of the first `limit` hits still waits
   * on; call (and load what it names) until it names none, then `recordsToShow`. A stand-in
   * boosts by 1, and `mayHold` bounds what its text can boost it by (a record that lacks
   * one of the phrase's words in its headings cannot hold it there). Ordered with the
   * boosts known so far, the hits shown are final once none of them is a stand-in that may
   * hold the phrase and no stand-in below them could pass the last of them at its bound
   * (its score times its bound is below that hit's score, which only the records above it
   * hold or pass): those stand-ins need no text. The stand-ins shown are asked for first:
   * their text is read anyway, and their boosts raise the score to pass. (The 50 best
   * pages of a two-word query are 147 KB gzip at 10,000 docs.)
   */
  phraseRecords(ranking: Ranking, limit: number, mayHold: (record: number, phrase: string) => { headings: boolean; text: boolean }): number[] {
    const phrase = phraseOf(ranking.query);
    if (!phrase) return [];
    const window = Math.max(limit, PHRASE_WINDOW);
    ranking.top ??= { window, keys: selectTop(ranking.keys, window, this.before) };
    const ordered = this.phraseOrder(ranking.top.keys, phrase);
    // How many of the ordered keys the first `limit` hits take, as `withPageTitles` places them.
    const seen = new Set<number>();
    let hits = 0;
    let taken = 0;
    while (taken < ordered.length && hits < limit) {
      const { key } = ordered[taken++]!;
      const page = this.pageOf[key]!;
      if (!seen.has(page)) {
        seen.add(page);
        hits++;
      }
      if (key !== this.titles[page]) hits++;
    }
    // Not filled: every key is shown (each adds a hit, and the window holds `limit` of them).
    const last = hits >= limit ? ordered[taken - 1]!.score : -Infinity;
    const bound = (key: number) => {
      const { headings, text } = mayHold(this.bestRecord[key]!, phrase);
      return this.bestScore[key]! * (headings ? PHRASE_BOOST.heading : text ? PHRASE_BOOST.content : 1);
    };
    const records: number[] = [];
    // First the stand-ins shown (their text is read anyway) that may hold the phrase:
    // their boosts raise the last score shown, which the stand-ins below must pass.
    for (const { key, record, score } of ordered.slice(0, Math.min(taken, PHRASE_WINDOW))) if (record.objectID === '' && bound(key) > score) records.push(this.bestRecord[key]!);
    if (records.length > 0) return records;
    for (const { key, record, score } of ordered.slice(taken, PHRASE_WINDOW)) if (record.objectID === '' && bound(key) > score && !(bound(key) < last)) records.push(this.bestRecord[key]!);
    return records;
  }

  /** The first `limit` hits of a ranking; clears its state. */
  finish(ranking: Ranking, limit: number): EngineResult {
    try {
      return { hits: this.firstHits(ranking, limit), total: ranking.total, terms: ranking.terms };
    } finally {
      for (const key of ranking.keys) this.bestRecord[key] = -1;
    }
  }

  /** Whether URL key `a` ranks above `b` before the phrase boost: score, then place in the page, then order. */
  private readonly before = (a: number, b: number): boolean => {
    const { bestRecord, bestScore } = this;
    if (bestScore[a] !== bestScore[b]) return bestScore[a]! > bestScore[b]!;
    const positionA = this.records[bestRecord[a]!]!.weight.position;
    const positionB = this.records[bestRecord[b]!]!.weight.position;
    return positionA !== positionB ? positionA < positionB : a < b;
  };

  /** The first `limit` hits in display order: ranked URL keys, phrase-boosted, under their titles. */
  private firstHits(ranking: Ranking, limit: number): EngineHit[] {
    const { bestRecord, bestScore, before } = this;
    const { keys, top: chosen } = ranking;
    const phrase = phraseOf(ranking.query);
    // A title only shows when its page is first reached, so a window of `limit` keys may
    // fill fewer than `limit` places: widen it until it fills or every key is in.
    for (let window = Math.max(limit, phrase ? PHRASE_WINDOW : 0); ; window *= 2) {
      const best = chosen?.window === window ? chosen.keys : selectTop(keys, window, before);
      const ranked = phrase ? this.phraseOrder(best, phrase) : best.map((key) => ({ key, record: this.records[bestRecord[key]!]!, score: bestScore[key]! }));
      const hits = this.withPageTitles(ranked);
      if (hits.length >= limit || ranked.length === keys.length) return hits.slice(0, limit);
    }
  }

  /** Ranked keys with the phrase boost applied to the first `PHRASE_WINDOW` (which it may reorder). */
  private phraseOrder(best: number[], phrase: string): { key: number; record: SearchRecord; score: number }[] {
    const { bestRecord, bestScore } = this;
    const ranked = best.map((key) => ({ key, record: this.records[bestRecord[key]!]!, score: bestScore[key]! }));
    const top = ranked.slice(0, PHRASE_WINDOW);
    for (const hit of top) hit.score *= this.phraseBoost(bestRecord[hit.key]!, phrase);
    top.sort((a, b) => b.score - a.score || a.record.weight.position - b.record.weight.position || a.key - b.key);
    ranked.splice(0, top.length, ...top);
    return ranked;
  }

  /** ×1.5 when a heading holds the phrase as written, ×1.25 when the text does. */
  private phraseBoost(record: number, phrase: string): number {
    let text = this.phraseTexts.get(record);
    if (!text) {
      text = phraseTextOf(this.records[record]!);
      // A stand-in's (no text) is not kept: its page may arrive later.
      if (this.records[record]!.objectID !== '') {
        if (this.phraseTexts.size >= PHRASE_MEMO_SIZE) this.phraseTexts.clear();
        this.phraseTexts.set(record, text);
      }
    }
    if (text.headings.includes(phrase)) return PHRASE_BOOST.heading;
    return text.content.includes(phrase) ? PHRASE_BOOST.content : 1;
  }

  /**
   * Puts each page's title right before the page's first hit (its own hit when the title
   * matched, else the title record with that hit's score): DocSearch shows sections under
   * their page, and remembers a chosen section (Recent) through that title record.
   */
  private withPageTitles(ranked: { key: number; record: SearchRecord; score: number }[]): EngineHit[] {
    const out: EngineHit[] = [];
    const placed = new Set<number>();
    for (const { key, record, score } of ranked) {
      const page = this.pageOf[key]!;
      const title = this.titles[page]!;
      if (!placed.has(page)) {
        placed.add(page);
        const own = this.bestRecord[title] !== -1;
        out.push({ record: this.records[title]!, score: own ? this.bestScore[title]! : score });
      }
      if (key !== title) out.push({ record, score });
    }
    return out;
  }
}

/** Lower case, runs of anything but letters and digits as one space. */
const normalize = (text: string | null) => (text === null ? '' : ` ${text.toLowerCase().replace(/[^\p{L}\p{N}_]+/gu, ' ')} `);

/** A query of two or more words, normalized and padded as `PhraseText` is; null for one word. */
function phraseOf(query: string): string | null {
  const written = words(query);
  return written.length < 2 ? null : normalize(written.join(' '));
}

/** Per record its page and URL key, per page its title record. */
interface RecordTables {
  pageOf: Int32Array;
  urlKey: Int32Array;
  titles: Int32Array;
}

/** What `rank`'s loops share: per page whether it was counted and passes, and the total so far. */
interface PassState {
  pageState: Uint8Array;
  /** The filter reads only what a page's records share (or there is none): asked once per page. */
  perPage: boolean;
  passes: (record: number) => boolean;
  total: number;
}

/*
 * `rank`'s two loops run over every record a query reaches (a one-letter prefix: 100,000
 * of 200,000 at 10,000 docs); each is a function of its own over typed arrays, which V8
 * compiles once for all queries (inside `rank`, with closures, the first loop took 130 ns
 * a record, 'wallet n' 8 ms of its 25).
 */

/** Whether `record` of `page` passes the filter, asked once per page when it reads only what pages share. */
function passesFilter(pass: PassState, record: number, page: number): boolean {
  if (!pass.perPage) return pass.passes(record);
  const state = pass.pageState[page]!;
  if (state & 2) return !(state & 4);
  const passes = pass.passes(record);
  pass.pageState[page] = state | (passes ? 2 : 6);
  return passes;
}

/**
 * Keeps each URL key's best matched record that passes (in `best`; of equal scores, the
 * first in `Scores.matched`'s order), lists the keys reached in `keys` (it returns how
 * many), and counts their hits. When many records matched, it walks them in record
 * order (their tables read in order, not at random: 'callback s', 119,000 of 197,000
 * records, 16 ms → 4), else in `matched`'s.
 */
function keepBest(pass: PassState, tables: RecordTables, scores: Scores, bestRecord: Int32Array, bestScore: Float64Array, keys: Int32Array): number {
  const { matched, count, masks, sums, first } = scores;
  const { pageOf, urlKey, titles } = tables;
  const pageState = pass.pageState;
  const records = pageOf.length;
  const inOrder = count * 8 >= records;
  let total = pass.total;
  let reached = 0;
  for (let i = 0, end = inOrder ? records : count; i < end; i++) {
    const record = inOrder ? i : matched[i]!;
    if (inOrder && masks[record] === 0) continue;
    const page = pageOf[record]!;
    if (!(pageState[page]! & 2) || !pass.perPage ? !passesFilter(pass, record, page) : pageState[page]! & 4) continue;
    const score = sums[record]! * bitCount(masks[record]!);
    const key = urlKey[record]!;
    const best = bestRecord[key]!;
    if (best === -1) {
      keys[reached++] = key;
      // Every page shows its title once, then one hit per other URL.
      if (titles[page] !== key) total++;
      if (!(pageState[page]! & 1)) {
        pageState[page] = pageState[page]! | 1;
        total++;
      }
    } else if (score < bestScore[key]! || (score === bestScore[key] && (first[record]! > first[best]! || (first[record] === first[best] && record > best)))) continue;
    bestRecord[key] = record;
    bestScore[key] = score;
  }
  pass.total = total;
  return reached;
}

/** Counts the hits of the records reached beyond a cap only (`Scores.rest`): their URL keys not yet counted. */
function countRest(pass: PassState, tables: RecordTables, scores: Scores, bestRecord: Int32Array, counted: Uint8Array, scored: (record: number) => boolean): void {
  const { pageOf, urlKey, titles } = tables;
  const { rest, restCount } = scores;
  const pageState = pass.pageState;
  let total = pass.total;
  for (let i = 0; i < restCount; i++) {
    const record = rest[i]!;
    if (scored(record)) continue;
    const page = pageOf[record]!;
    if (!passesFilter(pass, record, page)) continue;
    const key = urlKey[record]!;
    if (bestRecord[key] !== -1 || counted[key]) continue;
    counted[key] = 1;
    if (titles[page] !== key) total++;
    if (!(pageState[page]! & 1)) {
      pageState[page] = pageState[page]! | 1;
      total++;
    }
  }
  pass.total = total;
}

/** A record's headings and its text, normalized for phrase look-ups ('\n' keeps headings apart). */
interface PhraseText {
  headings: string;
  content: string;
}

function phraseTextOf(record: SearchRecord): PhraseText {
  const { lvl1, lvl2, lvl3 } = record.hierarchy;
  return { headings: [lvl1, lvl2, lvl3].map(normalize).join('\n'), content: normalize(record.content) };
}
