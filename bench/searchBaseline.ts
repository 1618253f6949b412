/**
 * The search benchmark's baseline: MiniSearch 7.2 (the library the engine started on,
 * whose ranking it keeps) over the same records, with the same fields, boosts, term
 * rules and per-keystroke queries, asked for the first 20 results as the modal is.
 */
import MiniSearch from 'minisearch';
import { FIELD_BOOSTS } from '../runtime/search/engine.ts';
import { pageRecords, type SearchPage } from '../runtime/search/searchPage.ts';
import type { SearchRecord } from '../runtime/search/searchRecord.ts';
import { toTerm, words } from '../runtime/search/terms.ts';

type Field = keyof typeof FIELD_BOOSTS;

/** Milliseconds per query, in query order. */
export function miniSearchTimes(pages: SearchPage[], queries: string[]): number[] {
  const records = pages.flatMap(pageRecords).map((record, id) => ({ ...record, id }));
  const index = new MiniSearch<SearchRecord & { id: number }>({
    fields: Object.keys(FIELD_BOOSTS),
    extractField: (doc, field) => (field === 'id' ? doc.id : field === 'content' ? doc.content : doc.hierarchy[field as Exclude<Field, 'content'>]) as string,
    tokenize: words,
    processTerm: toTerm,
    searchOptions: {
      boost: { ...FIELD_BOOSTS },
      prefix: (term, i, all) => term.length >= 3 || i === all.length - 1,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 2,
    },
  });
  index.addAll(records);
  for (const query of queries.slice(0, 20)) index.search(query); // warm up
  return queries.map((query) => {
    const start = performance.now();
    index.search(query).slice(0, 20);
    return performance.now() - start;
  });
}
