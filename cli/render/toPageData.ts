import type { ResolvedConfig } from '../config/types.ts';
import type { PostSummary, Route, RouteGraph, SidebarItem } from '../graph/types.ts';
import type { Root as HastRoot } from 'hast';
import type { CategoryPageData, PageData, PostSummary as PostData, TocItem } from '../../runtime/pageData.ts';
import type { ContentImports } from '../../runtime/contentScope.ts';
import type { ContentContextValue } from '../../runtime/contentContext.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';
import type { HeadingInfo } from '../content/markdown/headings.ts';
import { contentFileHref, resolveTree } from './resolveTree.ts';
import { stringCodeBlocks } from './stringCodeBlocks.ts';
import { parseDate } from '../graph/machineIndependent.ts';
import { urlOf } from '../graph/permalinks.ts';
import { sameRoute } from '../../runtime/pageData.ts';

/** The theme's render of a content tree (its links resolved) into HTML, with what the page's components may read. */
export type ContentRenderer = (tree: HastRoot, page: Omit<ContentContextValue, 'nextId'>, imports?: ContentImports) => string;

/**
 * What the theme gets for one route: plain JSON, with the content rendered to HTML (links
 * resolved, through the theme's components) and the sidebar cut down to the branch that
 * is open on this page.
 */
export function toPageData(route: Route, graph: RouteGraph, config: ResolvedConfig, render: ContentRenderer): PageData {
  const fm = 'document' in route ? route.document.frontMatter : undefined;
  const url = urlOf(route, config.trailingSlash);
  const base = { path: route.path, ...(url !== route.path ? { permalink: url } : {}), title: route.title, description: route.description, canonical: route.canonical, keywords: fm?.keywords?.length ? fm.keywords : route.kind === 'category-index' ? route.keywords : undefined, image: fm?.image ?? (route.kind === 'category-index' ? route.image : undefined), ...versionOf(route, graph) };
  // Only if content shows them (DocCardList): they look up the routes of the page's whole category.
  let cards: CategoryPageData['items'] | undefined;
  // Relative links are read from the page's Docusaurus URL ("/docs/cli", no slash), as the link check reads them.
  const content = (tree: HastRoot, frontMatter: Record<string, unknown>, toc: TocItem[], pageUrl: string, imports?: ContentImports) =>
    render(stringCodeBlocks(resolveTree(tree, graph, config, pageUrl), imports, { frontMatter, magicComments: config.prism?.magicComments }), { frontMatter, toc, get docCards() { return (cards ??= docCardsOf(route, graph)); } }, imports);
  const html = (r: { document: LoadedDocument; permalink?: string; path: string }, toc: TocItem[]) => content(r.document.content, r.document.frontMatter, toc, r.permalink ?? r.path, importsOf(r.document, graph, config, r.permalink ?? r.path));
  switch (route.kind) {
    case 'doc': {
      const fm = route.document.frontMatter;
      const sidebar = route.sidebarId ? graph.sidebars[route.sidebarId] : undefined;
      // Sidebar links are written as URLs ("/docs/b" or "/docs/b/"), compared as routes.
      const activePath = route.canonical ?? route.path;
      return {
        ...base,
        kind: 'doc',
        docId: route.doc.id,
        html: html(route, pageToc(route.document, config)),
        toc: pageToc(route.document, config),
        hideTitle: fm.hide_title === true,
        hideToc: fm.hide_table_of_contents === true,
        breadcrumbs: route.breadcrumbs,
        previous: route.previous,
        next: route.next,
        tags: route.tags,
        sidebarId: route.sidebarId,
        sidebar: sidebar && pruneSidebar(sidebar, activePath),
        ...(route.editUrl ? { editUrl: route.editUrl } : {}),
        lastUpdate: fm.last_update ? { date: fm.last_update.date ? parseDate(fm.last_update.date).toISOString() : undefined, author: fm.last_update.author } : route.lastUpdate,
      };
    }
    case 'category-index': {
      const sidebar = route.sidebarId ? graph.sidebars[route.sidebarId] : undefined;
      return { ...base, kind: 'category-index', breadcrumbs: route.breadcrumbs, previous: route.previous, next: route.next, items: route.items, sidebarId: route.sidebarId, sidebar: sidebar && pruneSidebar(sidebar, route.path) };
    }
    case 'blog-list':
    case 'blog-tag':
    case 'blog-author':
      return {
        ...base,
        kind: route.kind,
        posts: route.posts.map((p) => {
          // The excerpt may use what its post imports.
          const post = graph.byPath.get(graph.fileRoutes.get(p.source) ?? '');
          const document = post && 'document' in post ? post.document : undefined;
          const pageUrl = post?.permalink ?? post?.path ?? p.permalink;
          return postData(p, content(p.excerpt, document?.frontMatter ?? {}, [], pageUrl, document && importsOf(document, graph, config, pageUrl)));
        }),
        page: route.page,
        totalPages: route.totalPages,
        previousPage: route.previousPage,
        nextPage: route.nextPage,
        tag: route.kind === 'blog-tag' ? route.tag : undefined,
        allTagsPath: route.kind === 'blog-tag' ? route.allTagsPath : undefined,
        author: route.kind === 'blog-author' ? route.author : undefined,
        authorsPath: route.kind === 'blog-author' ? route.authorsPath : undefined,
        blogSidebar: graph.blogSidebar,
      };
    case 'blog-post':
      return {
        ...base,
        kind: 'blog-post',
        // The post's own page shows its whole text, not the excerpt.
        post: postData(route.post, ''),
        html: html(route, pageToc(route.document, config)),
        toc: pageToc(route.document, config),
        previous: route.previous,
        next: route.next,
        ...(route.editUrl ? { editUrl: route.editUrl } : {}),
        blogSidebar: graph.blogSidebar,
      };
    case 'blog-tags':
    case 'docs-tags':
      return { ...base, kind: route.kind, tags: route.tags };
    case 'blog-authors':
      return { ...base, kind: 'blog-authors', authors: route.authors };
    case 'docs-tag':
      return { ...base, kind: 'docs-tag', tag: route.tag, items: route.items, allTagsPath: route.allTagsPath };
    case 'blog-archive':
      return { ...base, kind: 'blog-archive', years: route.years.map((y) => ({ year: y.year, posts: y.posts.map((p) => ({ title: p.title, permalink: p.permalink, date: p.date })) })) };
    case 'page':
      return { ...base, kind: 'page', html: html(route, pageToc(route.document, config)), toc: pageToc(route.document, config), ...(route.document.frontMatter.hide_table_of_contents === true ? { hideToc: true as const } : {}) };
    case 'react-page':
      // Its content is the site's React page, which the render stage renders (see renderRoute).
      return { ...base, kind: 'page', html: '', toc: [] };
    case 'search':
    case 'not-found':
      return { ...base, kind: route.kind };
  }
}

/** A docs page's version and its twins in other versions; nothing on a site with one version (its pages stay as they were). */
function versionOf(route: Route, graph: RouteGraph): { version?: string; versionLinks?: Record<string, string>; docsPluginId?: string } {
  // A page of another docs instance says which, so its badge, banner and dropdown are that instance's.
  const plugin = route.docsPluginId ? { docsPluginId: route.docsPluginId } : {};
  const versions = graph.docsPlugins.find((p) => p.pluginId === (route.docsPluginId ?? graph.docsPlugins[0]!.pluginId))?.versions ?? graph.versions;
  if (versions.length < 2 || !route.version) return plugin;
  return route.kind === 'doc' && route.versionLinks ? { version: route.version, versionLinks: route.versionLinks, ...plugin } : { version: route.version, ...plugin };
}

/** A post as pages get it: without the source file, with its excerpt's links resolved. */
function postData({ source: _source, excerpt: _excerpt, ...post }: PostSummary, excerptHtml: string): PostData {
  return { ...post, excerptHtml };
}

/**
 * The cards `<DocCardList />` shows on a doc: the items of the sidebar category the doc is
 * the page of, else of the category it is in.
 */
function docCardsOf(route: Route, graph: RouteGraph): CategoryPageData['items'] {
  if (route.kind !== 'doc' || !route.sidebarId) return [];
  const path = route.canonical ?? route.path;
  let own: SidebarItem[] | undefined;
  let parent: SidebarItem[] | undefined;
  const find = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') {
        if (sameRoute(item.href, path)) parent ??= items;
        continue;
      }
      if (sameRoute(item.href, path)) own ??= item.items;
      find(item.items);
    }
  };
  find(graph.sidebars[route.sidebarId] ?? []);
  return (own ?? parent ?? []).flatMap((item) => {
    if (!item.href || sameRoute(item.href, path)) return [];
    const target = graph.byPath.get(item.href) ?? graph.byPath.get(`${item.href}/`);
    return [{ label: item.label, href: item.href, type: item.type, description: item.type === 'category' ? `${item.items.length} item${item.items.length === 1 ? '' : 's'}` : (target?.description ?? ''), count: item.type === 'category' ? item.items.length : undefined }];
  });
}

/** What a document's MDX imports, with the partials it names loaded and their links resolved (each partial once per chain). */
function importsOf(document: LoadedDocument, graph: RouteGraph, config: ResolvedConfig, pageUrl: string, chain: ReadonlySet<string> = new Set([document.file])): ContentImports | undefined {
  if (!document.mdx) return undefined;
  const partials: NonNullable<ContentImports['partials']> = {};
  const files: Record<string, unknown> = {};
  for (const [local, binding] of Object.entries(document.mdx.bindings)) {
    if (binding.kind === 'file') {
      // Published beside the pages, as a file a Markdown link names (siteOutputs.ts copies it).
      const url = contentFileHref(config.baseUrl, binding.file);
      files[local] = binding.namespace ? { default: url } : url;
    }
    if (binding.kind === 'raw') {
      // Its text, read with the content (loadContent.ts); nothing when it could not be read (a warning said so).
      const text = graph.rawFiles.get(binding.file);
      if (text !== undefined) files[local] = binding.namespace ? { default: text } : text;
    }
    if (binding.kind !== 'partial' || chain.has(binding.file)) continue;
    const partial = graph.partials.get(binding.file);
    if (!partial) continue;
    const own = importsOf(partial, graph, config, pageUrl, new Set([...chain, binding.file]));
    partials[local] = { tree: stringCodeBlocks(resolveTree(partial.content, graph, config, pageUrl), own, { magicComments: config.prism?.magicComments }), ...own };
  }
  return { values: { ...document.mdx.scope, ...files }, bindings: document.mdx.bindings, partials };
}

/** A page's table of contents: the levels its front matter says, else the config's (`tableOfContents`), as Docusaurus reads them for docs, posts and pages alike. */
function pageToc(document: LoadedDocument, config: ResolvedConfig): TocItem[] {
  const fm = document.frontMatter;
  return tocOf(document.headings, fm.toc_min_heading_level ?? config.tableOfContents.minHeadingLevel, fm.toc_max_heading_level ?? config.tableOfContents.maxHeadingLevel);
}

function tocOf(headings: HeadingInfo[], min: number, max: number): TocItem[] {
  return headings.filter((h) => h.level >= min && h.level <= max).map((h) => ({ id: h.id, value: h.value, ...(h.html !== undefined ? { html: h.html } : {}), level: h.level }));
}

/**
 * Keeps the items of open categories (the active page's ancestors and categories open by
 * default) and drops those of closed ones, recording how many there were.
 */
export function pruneSidebar(items: SidebarItem[], activePath: string): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const open = !item.collapsed || containsPath(item, activePath);
    return open ? { ...item, items: pruneSidebar(item.items, activePath) } : { ...item, items: [], itemCount: item.items.length };
  });
}

function containsPath(item: SidebarItem, path: string): boolean {
  return sameRoute(item.href, path) || (item.type === 'category' && (pathsWithin(item).has(path) || pathsWithin(item).has(path.slice(0, -1))));
}

/**
 * Every href in a category's subtree, computed once per category object. Every page asks
 * of every closed category whether it holds the page: walking the subtree each time made
 * rendering quadratic in the sidebar's size (10,000 docs: 4 s of a 20 s render).
 * The route graph's sidebars are never changed in place (an edit builds new objects).
 */
const hrefsWithin = new WeakMap<SidebarItem, Set<string>>();

function pathsWithin(category: Extract<SidebarItem, { type: 'category' }>): Set<string> {
  let hrefs = hrefsWithin.get(category);
  if (!hrefs) {
    hrefs = new Set();
    for (const child of category.items) {
      if (child.href) hrefs.add(child.href);
      if (child.type === 'category') for (const href of pathsWithin(child)) hrefs.add(href);
    }
    hrefsWithin.set(category, hrefs);
  }
  return hrefs;
}
