import type { Root } from 'hast';
import type { ResolvedConfig } from '../config/types.ts';
import type { Route, RouteGraph } from '../graph/types.ts';
import { pageRecords, type PageHead, type PageSection, type SearchPage } from '../../runtime/search/searchPage.ts';
import { encodePagePart, pageParts, SEARCH_DIR, splitPageFile } from '../../runtime/search/indexFormat.ts';
import { FIELD_BOOSTS } from '../../runtime/search/engine.ts';
import { searchablePages, searchHeads, type RenderedPageText, type SearchablePage } from './records.ts';
import { treeSections } from './treeSections.ts';
import { clip, DEFAULT_MAX_SECTION_TEXT, sizeOf, SPLIT_MIN_PAGES, type IndexOptions } from './buildIndex.ts';
import { pageTerms, type PageTerms } from './pageTerms.ts';

/**
 * A page's part of the local search index, made on the thread that renders the page, from
 * the tree it renders. A build without a previous index reads every page's sections, and
 * its search step ran alone on the main thread after rendering: it parsed every tree again
 * (a big site's trees are held as bytes, compactTree.ts), then tokenized every page and
 * wrote every page's files at its end (10,000 docs: 12 s, a core idle). Made as pages
 * render, that work is shared by both threads, and a split index's page files are written
 * while pages are still rendering.
 *
 * What a page gives depends only on the page (its head and clipped sections): the same as
 * the search step would make of it. The search step takes it in place of reading the page
 * (`RenderedIndexParts`); a page it has none for is read as before.
 */
export type PageIndexPart = {
  head: PageHead;
} & (
  | /** A whole index's page: its sections, clipped (the shard holds them). */ { sections: PageSection[] }
  | {
      /** A split index's page: its files' contents, part by part (`splitPageFile`). */
      files: string[];
      records: number;
      /** Its size toward the shard budget (`sizeOf`), as the index's memo keeps it. */
      bytes: number;
      /** Its terms, numbered in the page (`terms.terms` is 0, 1, 2…), and those terms' words, one a line. */
      terms: PageTerms;
      words: string;
    }
);

/** What the render threads are asked to make (`RenderedIndexParts.wanted`); plain data, posted to the second thread. */
export interface IndexPartsWanted {
  /** The index's `maxSectionText`. */
  maxText: number;
  /** What the index's URLs start with (`searchHeads`). */
  origin: string;
  /** Whether the index is split (`SPLIT_MIN_PAGES`): then a page's files and terms are made, not only its sections. */
  split: boolean;
}

const FIELDS = Object.keys(FIELD_BOOSTS).length;
const headsByGraph = new WeakMap<RouteGraph, { origin: string; headOf: ReturnType<typeof searchHeads> }>();

/** `route`'s part of the index, from `tree`, its document's content tree. */
export function pageIndexPart(route: Route, tree: Root, graph: RouteGraph, config: ResolvedConfig, wanted: IndexPartsWanted): PageIndexPart {
  let heads = headsByGraph.get(graph);
  if (heads?.origin !== wanted.origin) headsByGraph.set(graph, (heads = { origin: wanted.origin, headOf: searchHeads(graph, config, wanted.origin) }));
  const head = heads.headOf(route);
  // Clipped as the index clips them (`packIndex`; clipping again changes nothing).
  const sections = treeSections(tree).map((section) => ({ ...section, text: clip(section.text, wanted.maxText) }));
  if (!wanted.split) return { head, sections };
  const page: SearchPage = { ...head, sections };
  const records = pageRecords(page);
  const files = Array.from({ length: pageParts(records.length) }, (_, part) => JSON.stringify(encodePagePart(page, records, part)));
  const words: string[] = [];
  const terms = pageTerms(page, FIELDS, (term) => words.push(term) - 1);
  return { head, files, records: records.length, bytes: sizeOf(page), terms, words: words.join('\n') };
}

/** A split index's page, its files written while pages rendered: what the search step still needs of it. */
export interface WrittenPage {
  records: number;
  bytes: number;
  terms(idOf: (term: string) => number): PageTerms;
}

/**
 * The pages' parts, as the render threads make them, for the search step of a build that
 * reads every page (no previous index): the searchable pages are known before any is
 * rendered, so a split index's page files are written as their pages arrive (`take`), and
 * the rest waits for the search step (`sectionsOf`, `writtenPage`).
 */
export class RenderedIndexParts {
  readonly wanted: IndexPartsWanted;
  /** The searchable pages, as the search step reads them (`incrementalSearchIndex`). */
  readonly searchable: SearchablePage[];
  private readonly numbers = new Map<string, number>();
  private readonly sections = new Map<number, PageSection[]>();
  private readonly written = new Map<number, WrittenPage>();
  /** The words of the pages taken, each once, numbered in the order they came. */
  private readonly words: string[] = [];
  private readonly wordIds = new Map<string, number>();

  constructor(graph: RouteGraph, config: ResolvedConfig, options: { reactPages?: ReadonlyMap<string, RenderedPageText>; indexOptions?: IndexOptions }) {
    const origin = localOrigin(config);
    this.searchable = searchablePages(graph, config, origin, options.reactPages);
    this.searchable.forEach((page, n) => page.document && this.numbers.set(page.path, n));
    const split = this.searchable.length >= (options.indexOptions?.splitPages ?? SPLIT_MIN_PAGES);
    this.wanted = { maxText: options.indexOptions?.maxSectionText ?? DEFAULT_MAX_SECTION_TEXT, origin, split };
  }

  /**
   * Takes `route`'s part as its page was rendered: the files to write now (a split index's
   * page files, by output path). A part whose page the index does not read, or reads with
   * another head, is left (the search step reads the page itself).
   */
  take(route: Route, part: PageIndexPart): [string, string][] {
    const n = this.numbers.get(route.path);
    if (n === undefined || JSON.stringify(part.head) !== JSON.stringify(this.searchable[n]!.head)) return [];
    if ('sections' in part) {
      this.sections.set(n, part.sections);
      return [];
    }
    // Its terms only, numbered here by their words (`words`): neither the files' text nor a
    // page's words are held once taken (10,000 docs: 24 MB of words, 1.5 MB of them distinct).
    const { records, bytes, terms } = part;
    const pageWords = part.words.split('\n');
    const ids = terms.terms;
    for (let i = 0; i < ids.length; i++) ids[i] = this.wordId(pageWords[i]!);
    this.written.set(n, {
      records,
      bytes,
      // Renumbered by the index as `pageTerms` numbers them: in the page's order, page after page.
      terms: (idOf) => {
        const indexIds = new Int32Array(ids.length);
        for (let i = 0; i < ids.length; i++) indexIds[i] = idOf(this.words[ids[i]!]!);
        return { ...terms, terms: indexIds };
      },
    });
    return part.files.map((json, i) => [`${SEARCH_DIR}/${splitPageFile(n, i)}`, json]);
  }

  private wordId(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) this.wordIds.set(word, (id = this.words.push(word) - 1));
    return id;
  }

  /** Page `n`'s sections, as its render read them, once (then let go). */
  sectionsOf(n: number): PageSection[] | undefined {
    const sections = this.sections.get(n);
    this.sections.delete(n);
    return sections;
  }

  /** Page `n` of a split index, when its files were written as it rendered, once (then let go). */
  writtenPage(n: number): WrittenPage | undefined {
    const page = this.written.get(n);
    this.written.delete(n);
    return page;
  }
}

/** What the local index's URLs start with: the base URL, as the browser asks for them. */
export function localOrigin(config: ResolvedConfig): string {
  return config.baseUrl.slice(0, -1);
}
