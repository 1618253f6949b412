import MiniSearch, { type SearchOptions } from 'minisearch';
import type { SearchRecord } from './searchRecord.ts';
import { pageRecords, type SearchPage } from './searchPage.ts';
import { toTerm, words } from './terms.ts';

/** Indexed fields and how much a match in each counts: titles and headings above text. */
export const FIELD_BOOSTS = { lvl1: 4, lvl2: 2.5, lvl3: 2, content: 1, lvl0: 0.5 } as const;
type Field = keyof typeof FIELD_BOOSTS;

/** A query's multi-word phrase found as written: ×1.5 in a title or heading, ×1.25 in text. */
const PHRASE_BOOST = { heading: 1.5, content: 1.25 };
/** The phrase boost can reorder only this many of the best hits (it reads their text). */
const PHRASE_WINDOW = 50;

export interface EngineHit {
  record: SearchRecord;
  score: number;
  /** Index terms (as `toTerm` makes them) that matched, for highlighting. */
  terms: string[];
}

/**
 * Search options: prefix matching as you type (every term of 3 letters or more, and the
 * last one always), typo tolerance from 5 letters on (one edit, two from 10 letters),
 * any term may match but records matching more terms score higher (MiniSearch multiplies
 * by the number of terms matched).
 */
const SEARCH_OPTIONS: SearchOptions = {
  boost: { ...FIELD_BOOSTS },
  prefix: (term, i, all) => term.length >= 3 || i === all.length - 1,
  fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  maxFuzzy: 2,
  combineWith: 'OR',
};

const fieldValue = (record: SearchRecord, field: Field): string | null => (field === 'content' ? record.content : record.hierarchy[field]);

/** The query engine over decoded pages; the same code runs in the browser and in Node. */
export class SearchEngine {
  readonly records: SearchRecord[] = [];
  /** Page URL → index of its title (`lvl1`) record. */
  private readonly titles = new Map<string, number>();
  private readonly index = new MiniSearch<SearchRecord & { id: number }>({
    fields: Object.keys(FIELD_BOOSTS),
    storeFields: [],
    extractField: (doc, field) => (field === 'id' ? doc.id : fieldValue(doc, field as Field)),
    tokenize: words,
    processTerm: toTerm,
    searchOptions: SEARCH_OPTIONS,
  });

  /** Adds pages (their records) to the index. */
  addPages(pages: SearchPage[]): void {
    const added = pages.flatMap(pageRecords).map((record) => ({ ...record, id: this.records.push(record) - 1 }));
    for (const record of added) if (record.type === 'lvl1') this.titles.set(record.url_without_anchor, record.id);
    this.index.addAll(added);
  }

  /**
   * Records matching `query`, best first, one per URL (the best of a heading and its
   * section text), that pass `filter`.
   */
  search(query: string, filter: (record: SearchRecord) => boolean = () => true): EngineHit[] {
    const byUrl = new Map<string, EngineHit>();
    for (const result of this.index.search(query)) {
      const record = this.records[result.id as number]!;
      if (!filter(record)) continue;
      // A page's title is distinct from its opening text, which has the same URL.
      const key = record.type === 'lvl1' ? `${record.url}::lvl1` : record.url;
      const best = byUrl.get(key);
      if (!best || best.score < result.score) byUrl.set(key, { record, score: result.score, terms: result.terms });
    }
    const hits = [...byUrl.values()].sort(byScore);
    const phrase = normalize(query).trim();
    if (phrase.includes(' ')) {
      const top = hits.slice(0, PHRASE_WINDOW);
      for (const hit of top) hit.score *= phraseBoost(hit.record, phrase);
      top.sort(byScore);
      hits.splice(0, top.length, ...top);
    }
    return this.withPageTitles(hits, byUrl);
  }

  /**
   * Puts each page's title record right before the page's first hit (moved up, or added
   * when the title itself did not match): DocSearch shows sections under their page, and
   * remembers a chosen section (Recent) through that title record.
   */
  private withPageTitles(hits: EngineHit[], found: Map<string, EngineHit>): EngineHit[] {
    const out: EngineHit[] = [];
    const placed = new Set<string>();
    for (const hit of hits) {
      const page = hit.record.url_without_anchor;
      if (!placed.has(page)) {
        placed.add(page);
        const title = this.titles.get(page);
        const own = found.get(`${page}::lvl1`);
        if (own) out.push(own);
        else if (title !== undefined) out.push({ record: this.records[title]!, score: hit.score, terms: hit.terms });
      }
      if (hit.record.type !== 'lvl1') out.push(hit);
    }
    return out;
  }
}

const byScore = (a: EngineHit, b: EngineHit) => b.score - a.score || a.record.weight.position - b.record.weight.position;

/** Lower case, runs of anything but letters and digits as one space. */
const normalize = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}_]+/gu, ' ');

function phraseBoost(record: SearchRecord, phrase: string): number {
  const has = (text: string | null) => text !== null && ` ${normalize(text)} `.includes(` ${phrase} `);
  const { lvl1, lvl2, lvl3 } = record.hierarchy;
  if (has(lvl1) || has(lvl2) || has(lvl3)) return PHRASE_BOOST.heading;
  return has(record.content) ? PHRASE_BOOST.content : 1;
}
