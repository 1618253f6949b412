import type { ResolvedConfig } from '../config/types.ts';
import type { RouteGraph } from '../graph/types.ts';
import type { PageSection } from '../../runtime/search/searchPage.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';
import { searchablePages, type RenderedPageText } from './records.ts';
import { packIndex, type IndexEntry, type IndexMemo, type IndexOptions, type LocalIndex } from './buildIndex.ts';
import { localOrigin, type RenderedIndexParts } from './pageIndexPart.ts';
import { treeSections } from './treeSections.ts';
import { digest } from '../render/pageInputs.ts';
import { FIELD_BOOSTS } from '../../runtime/search/engine.ts';
import { decodeSplitState, encodeSplitState, type SplitState } from './splitState.ts';

/**
 * The build's search step: the local index's files (manifest and shards, relative to the
 * output folder), or none when the site searches with Algolia.
 */
export function searchIndexFiles(graph: RouteGraph, config: ResolvedConfig, sectionsOf?: (document: LoadedDocument) => PageSection[], reactPages?: ReadonlyMap<string, RenderedPageText>): LocalIndex['files'] {
  return incrementalSearchIndex(graph, config, { sectionsOf, reactPages }).files;
}

/**
 * The search step of a build that remembers its last index (`previous`, see `packIndex`):
 * a page made from a document is known by the document's content key (`keyOf`), so its
 * sections are read only when that document is new; shards whose pages are unchanged are
 * kept when `keep` keeps their files (listed in `kept`, not in `files`).
 */
export function incrementalSearchIndex(
  graph: RouteGraph,
  config: ResolvedConfig,
  options: {
    sectionsOf?: (document: LoadedDocument) => PageSection[];
    reactPages?: ReadonlyMap<string, RenderedPageText>;
    keyOf?: (document: LoadedDocument) => string | undefined;
    previous?: IndexMemo;
    keep?: (file: string) => boolean;
    readPrevious?: (file: string) => string | undefined;
    /** The pages' parts, as their pages rendered (pageIndexPart.ts): read in place of the pages. */
    rendered?: RenderedIndexParts;
    /** The bytes of an attachment the last build returned (`attachments`: the split index's state). */
    previousSplit?: (name: string) => Uint8Array | undefined;
    /** The last split index's state itself (`split`), as `dev` keeps it in memory: in place of `previousSplit`. */
    previousSplitState?: SplitState;
    indexOptions?: IndexOptions;
  },
): { files: LocalIndex['files']; kept: string[]; memo?: IndexMemo; split?: SplitState; attachments?: Record<string, Uint8Array> } {
  if (config.search.provider !== 'local') return { files: new Map(), kept: [] };
  const sectionsOf = options.sectionsOf ?? ((document: LoadedDocument) => treeSections(document.content));
  // URLs as the browser asks for them, under the base URL (as Algolia's records are).
  const keyOf = options.keyOf;
  const rendered = options.rendered;
  const entries = (rendered?.searchable ?? searchablePages(graph, config, localOrigin(config), options.reactPages)).map((searchable, i): IndexEntry => {
    // Kept only when its key needed it: packIndex reads a page once and keeps it clipped;
    // every page's whole text held to the end of the step grew the step's memory with the site.
    let read: ReturnType<typeof searchable.read> | undefined;
    const held = rendered?.sectionsOf(i);
    const page = () => read ?? (held ? { ...searchable.head, sections: held } : searchable.read(sectionsOf));
    // Without a build to remember it for, a page's place names it; without a document key, what it holds.
    const documentKey = searchable.document && keyOf?.(searchable.document);
    const key = !keyOf ? String(i) : digest(JSON.stringify(documentKey !== undefined ? [searchable.head, documentKey] : (read = page())));
    return { key, url: searchable.head.url, page, written: rendered?.writtenPage(i) };
  });
  const previousSplit = () => {
    if (options.previousSplitState) return options.previousSplitState;
    const bytes = options.previousSplit?.(SPLIT_ATTACHMENT);
    return bytes && decodeSplitState(bytes, FIELD_COUNT);
  };
  const index = packIndex(entries, options.indexOptions, options.previous, options.keep, options.readPrevious, previousSplit);
  // The state goes beside the manifest, for the next build.
  return index.split && options.previousSplit ? { ...index, attachments: { [SPLIT_ATTACHMENT]: encodeSplitState(index.split, FIELD_COUNT) } } : index;
}

const SPLIT_ATTACHMENT = 'search';
const FIELD_COUNT = Object.keys(FIELD_BOOSTS).length;
