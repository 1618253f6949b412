import type { ResolvedConfig } from '../config/types.ts';
import type { RouteGraph } from '../graph/types.ts';
import { pageRecords, type PageSection } from '../../runtime/search/searchPage.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';
import { searchPages, type RenderedPageText } from './records.ts';
import { buildLocalIndex, type LocalIndex } from './buildIndex.ts';

/**
 * The build's search step: the local index's files (manifest and shards, relative to the
 * output folder), or none when the site searches with Algolia.
 */
export function searchIndexFiles(graph: RouteGraph, config: ResolvedConfig, sectionsOf?: (document: LoadedDocument) => PageSection[], reactPages?: ReadonlyMap<string, RenderedPageText>): LocalIndex['files'] {
  if (config.search.provider !== 'local') return new Map();
  // URLs as the browser asks for them, under the base URL (as Algolia's records are).
  const pages = searchPages(graph, config, config.baseUrl.slice(0, -1), sectionsOf, reactPages);
  const records = pages.reduce((n, page) => n + pageRecords(page).length, 0);
  return buildLocalIndex(pages, records).files;
}
