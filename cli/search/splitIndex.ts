import { createHash } from 'node:crypto';
import { FIELD_BOOSTS, SearchEngine } from '../../runtime/search/engine.ts';
import { encodeIds, encodePostings, encodeVocabulary, fragmentFile, FORMAT_VERSION, type EncodedTerm, type PostingRecord, type SplitMeta, type TermFragment } from '../../runtime/search/indexFormat.ts';
import { pageRecords, type SearchPage } from '../../runtime/search/searchPage.ts';
import { capPostings } from '../../runtime/search/scoring.ts';
import { postingField, postingFrequency, postingRecord, TermIndex } from '../../runtime/search/termIndex.ts';

/** Raw bytes of a term fragment before the next one starts (a term is never cut). */
export const FRAGMENT_BYTES = 8 * 1024;

const hashName = (prefix: string, json: string) => `${prefix}-${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;

/**
 * The split index's metadata and term fragments for `pages` (already clipped), by file
 * name under the search folder; the page files are the caller's (`splitPageFile`). Pure.
 * The postings are those the whole-index engine scores (`capPostings`, on the same index
 * built the same way), so the browser ranks exactly as that engine would.
 */
export function splitIndexFiles(pages: SearchPage[]): { meta: string; files: Map<string, string> } {
  const engine = new SearchEngine();
  engine.addPages(pages);
  const index = engine.index as TermIndex;
  const records = engine.records.length;
  const boosts = Object.values(FIELD_BOOSTS);
  const fields = index.fields;
  const files = new Map<string, string>();
  const fragments: string[] = [];
  const starts: number[] = [];
  const sorted = [...index.entries().keys()].sort();
  let terms: EncodedTerm[] = [];
  let first = 0;
  let bytes = 0;
  const flush = () => {
    if (terms.length === 0) return;
    const fragment: TermFragment = { version: FORMAT_VERSION, terms };
    fragments.push(JSON.stringify(fragment));
    starts.push(first);
    terms = [];
    bytes = 0;
  };
  sorted.forEach((term, i) => {
    const entry = index.entries().get(term)!;
    const capped = capPostings(entry, index, boosts, records);
    const kept: PostingRecord[] = [];
    for (const posting of capped.postings) {
      const record = postingRecord(posting);
      if (kept.at(-1)?.record !== record) kept.push({ record, key: engine.urlKeyOf(record), fields: [] });
      kept.at(-1)!.fields.push((postingField(posting) << 6) | postingFrequency(posting), index.lengths[record * fields + postingField(posting)]!);
    }
    // Beyond the cap, only the URL keys matter (the hit count): one per URL.
    const restKeys = [...new Set(capped.rest.map((record) => engine.urlKeyOf(record)))].sort((a, b) => a - b);
    const encoded: EncodedTerm = restKeys.length > 0 ? [entry.frequency, encodePostings(kept), encodeIds(restKeys, records)] : [entry.frequency, encodePostings(kept)];
    if (bytes >= FRAGMENT_BYTES) {
      flush();
      first = i;
    }
    terms.push(encoded);
    bytes += JSON.stringify(encoded).length;
  });
  flush();
  const hash = createHash('sha256');
  for (const json of fragments) hash.update(json).update('\n');
  const prefix = `terms-${hash.digest('hex').slice(0, 10)}`;
  fragments.forEach((json, i) => files.set(fragmentFile({ fragments: prefix }, i), json));
  const strings: string[] = [];
  const intern = (value: string) => (strings.includes(value) ? strings.indexOf(value) : strings.push(value) - 1);
  const facets: SplitMeta['facets'] = [];
  for (const page of pages) {
    const language = intern(page.language);
    const tag = intern(page.docusaurus_tag);
    const last = facets.at(-1);
    if (last && last[1] === language && last[2] === tag) last[0]++;
    else facets.push([1, language, tag]);
  }
  const meta: SplitMeta = {
    version: FORMAT_VERSION,
    records,
    fields: index.fieldTotals(),
    pages: pages.map((page) => pageRecords(page).length),
    facets,
    strings,
    vocabulary: encodeVocabulary(sorted),
    fragments: prefix,
    starts: starts.map((start, i) => start - (i === 0 ? 0 : starts[i - 1]!)),
  };
  const json = JSON.stringify(meta);
  const name = hashName('meta', json);
  files.set(name, json);
  return { meta: name, files };
}
