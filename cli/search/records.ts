import type { ResolvedConfig } from '../config/types.ts';
import type { Route, RouteGraph, SidebarItem } from '../graph/types.ts';
import type { SearchRecord } from '../../runtime/search/searchRecord.ts';
import { pageRecords, type PageHead, type PageSection, type SearchPage } from '../../runtime/search/searchPage.ts';
import { treeSections } from './treeSections.ts';
import { urlOf } from '../graph/permalinks.ts';
import { raw } from 'hast-util-raw';
import type { Root } from 'hast';
import type { LoadedDocument } from '../content/loadDocument.ts';

/** lvl0 of docs outside any sidebar category (DocSearch's Docusaurus config falls back to it too). */
export const DOCS_SECTION = 'Documentation';
/** What a rendered React page gives the search index: its title (from its Layout) and its text by heading. */
export interface RenderedPageText {
  title: string;
  sections: PageSection[];
}

/**
 * A React page's text, from the HTML the server rendered for it: parsed back into a tree,
 * since a React page is JSX, not Markdown, and has no other tree (as DocSearch's crawler
 * reads it from the page).
 */
export function renderedPageText(html: string, title: string): RenderedPageText {
  return { title, sections: treeSections(raw({ type: 'root', children: [{ type: 'raw', value: html }] }) as Root) };
}

/** lvl0 of plain pages. */
export const PAGES_SECTION = 'Pages';

/** The facet values Docusaurus gives each kind of page (`docusaurus_tag`). */
export function searchTags(config: ResolvedConfig, version = 'current', pluginId = config.docs.pluginId): { docs: string; blog: string; pages: string } {
  return { docs: `docs-${pluginId}-${version}`, blog: 'blog-posts-default', pages: 'default' };
}

/**
 * The searchable pages of a site, from its route graph (pure; no I/O). Rules:
 * - indexed: docs, category index pages, blog posts and plain pages, and React pages
 *   when their rendered text is given (`reactPages`, by route path); not mirror copies
 *   (`canonical`), unlisted pages (`noIndex`), lists, tag pages, search or 404;
 * - docs are tagged with their version (`docusaurus_tag: docs-default-<version>`);
 * - lvl0 is the top-level sidebar category the page sits in ('Documentation' when it
 *   sits in none), the blog's title for posts, 'Pages' for plain pages;
 * - lvl1 is the page title; sections split at `h2`/`h3` (see `treeSections`);
 * - a category page's text is its description and the titles of the pages it lists;
 * - `origin` prefixes URLs ('' for the local index; the site's URL for Algolia);
 * - `sectionsOf` reads a document's sections (`treeSections`; a build may remember them).
 */
export function searchPages(graph: RouteGraph, config: ResolvedConfig, origin = '', sectionsOf: (document: LoadedDocument) => PageSection[] = (document) => treeSections(document.content), reactPages?: ReadonlyMap<string, RenderedPageText>): SearchPage[] {
  return searchablePages(graph, config, origin, reactPages).map((page) => page.read(sectionsOf));
}

/**
 * A searchable page before its sections are read: what it is besides its sections, and the
 * document they come from (none for category and React pages, whose sections are at hand).
 * An incremental build knows a document's part of the index by its content key and reads
 * the sections of changed documents only (see searchIndex.ts).
 */
export interface SearchablePage {
  head: PageHead;
  /** The route's path. */
  path: string;
  document?: LoadedDocument;
  read(sectionsOf: (document: LoadedDocument) => PageSection[]): SearchPage;
}

/** The searchable pages of a site, in route order, by the rules of `searchPages`. */
export function searchablePages(graph: RouteGraph, config: ResolvedConfig, origin = '', reactPages?: ReadonlyMap<string, RenderedPageText>): SearchablePage[] {
  const headOf = searchHeads(graph, config, origin);
  const pages: SearchablePage[] = [];
  for (const route of graph.routes) {
    if (route.canonical || route.noIndex) continue;
    // A React page's text is known once it is rendered (the build renders each one before its search index).
    const rendered = route.kind === 'react-page' ? reactPages?.get(route.path) : undefined;
    const content = rendered ? rendered.sections : contentOf(route);
    if (!content) continue;
    const head = headOf(route, rendered?.title);
    if (Array.isArray(content)) pages.push({ head, path: route.path, read: () => ({ ...head, sections: content }) });
    else pages.push({ head, path: route.path, document: content, read: (sectionsOf) => ({ ...head, sections: sectionsOf(content) }) });
  }
  return pages;
}

/**
 * What the records of a searchable route share (`title`: a React page's, from its Layout),
 * by the rules of `searchPages`; what a site has in common is worked out once.
 */
export function searchHeads(graph: RouteGraph, config: ResolvedConfig, origin = ''): (route: Route, title?: string) => PageHead {
  const language = config.i18n.currentLocale ?? config.i18n.defaultLocale;
  const tags = searchTags(config);
  const topLevel = topLevelCategories(graph.sidebars);
  return (route, title) => {
    const isPage = route.kind === 'page' || route.kind === 'react-page';
    const url = urlOf(route, config.trailingSlash);
    const lvl0 = route.kind === 'blog-post' ? config.blog.title : isPage ? PAGES_SECTION : (topLevel.get(url) ?? DOCS_SECTION);
    // Docs are faceted by version (`docs-default-1.0`), so search can keep to one version.
    const tag = route.kind === 'blog-post' ? tags.blog : isPage ? tags.pages : searchTags(config, 'version' in route ? route.version : undefined, route.docsPluginId).docs;
    return { url: origin + url, lvl0, lvl1: title ?? route.title, language, docusaurus_tag: tag };
  };
}

/** Every record of the site, as DocSearch and the Algolia export expect them. */
export function searchRecords(graph: RouteGraph, config: ResolvedConfig, origin = '', reactPages?: ReadonlyMap<string, RenderedPageText>): SearchRecord[] {
  return searchPages(graph, config, origin, undefined, reactPages).flatMap(pageRecords);
}

/**
 * The document whose sections the index reads for `route`, if it reads one: what a build
 * that reads every page has the thread rendering the page read (pageIndexPart.ts).
 */
export function searchedDocument(route: Route): LoadedDocument | undefined {
  if (route.canonical || route.noIndex) return undefined;
  return route.kind === 'doc' || route.kind === 'blog-post' || route.kind === 'page' ? route.document : undefined;
}

/** A route's sections, or the document they are read from. */
function contentOf(route: Route): PageSection[] | LoadedDocument | null {
  if (route.kind === 'category-index') {
    // The listed pages' own descriptions are indexed with those pages: labels suffice here.
    const text = [route.description, ...route.items.map((i) => i.label)].filter(Boolean).join(' ');
    return [{ level: 1, anchor: null, heading: null, text }];
  }
  return searchedDocument(route) ?? null;
}

/** Route → label of the top-level sidebar category it sits under (the first sidebar wins). */
function topLevelCategories(sidebars: Record<string, SidebarItem[]>): Map<string, string> {
  const found = new Map<string, string>();
  const mark = (items: SidebarItem[], label: string) => {
    for (const item of items) {
      const href = item.type === 'link' ? (item.external ? undefined : item.href) : item.href;
      if (href && !found.has(href)) found.set(href, label);
      if (item.type === 'category') mark(item.items, label);
    }
  };
  for (const items of Object.values(sidebars)) {
    for (const item of items) if (item.type === 'category') mark([item], item.label);
  }
  return found;
}
