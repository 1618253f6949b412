import type { ResolvedConfig } from '../config/types.ts';
import type { PostSummary, Route, RouteGraph, SidebarItem } from '../graph/types.ts';
import type { PageData, PostSummary as PostData, TocItem } from '../../runtime/pageData.ts';
import type { HeadingInfo } from '../content/markdown/headings.ts';
import { resolveContentLinks } from './resolveContentLinks.ts';
import { parseDate } from '../graph/machineIndependent.ts';

/**
 * What the theme gets for one route: plain JSON, with the document's links resolved and
 * the sidebar cut down to the branch that is open on this page.
 */
export function toPageData(route: Route, graph: RouteGraph, config: ResolvedConfig): PageData {
  const base = { path: route.path, title: route.title, description: route.description, canonical: route.canonical };
  const html = (r: { document: { html: string } }) => resolveContentLinks(r.document.html, graph, config);
  switch (route.kind) {
    case 'doc': {
      const fm = route.document.frontMatter;
      const sidebar = route.sidebarId ? graph.sidebars[route.sidebarId] : undefined;
      const activePath = route.canonical ?? route.path;
      return {
        ...base,
        kind: 'doc',
        docId: route.doc.id,
        html: html(route),
        toc: tocOf(route.document.headings, fm.toc_min_heading_level ?? 2, fm.toc_max_heading_level ?? 3),
        hideTitle: fm.hide_title === true,
        hideToc: fm.hide_table_of_contents === true,
        breadcrumbs: route.breadcrumbs,
        previous: route.previous,
        next: route.next,
        tags: route.tags,
        sidebarId: route.sidebarId,
        sidebar: sidebar && pruneSidebar(sidebar, activePath),
        ...(route.editUrl ? { editUrl: route.editUrl } : {}),
        lastUpdate: fm.last_update ? { date: fm.last_update.date ? parseDate(fm.last_update.date).toISOString() : undefined, author: fm.last_update.author } : undefined,
      };
    }
    case 'category-index': {
      const sidebar = route.sidebarId ? graph.sidebars[route.sidebarId] : undefined;
      return { ...base, kind: 'category-index', breadcrumbs: route.breadcrumbs, previous: route.previous, next: route.next, items: route.items, sidebarId: route.sidebarId, sidebar: sidebar && pruneSidebar(sidebar, route.path) };
    }
    case 'blog-list':
    case 'blog-tag':
      return {
        ...base,
        kind: route.kind,
        posts: route.posts.map((p) => postData(p, resolveContentLinks(p.excerptHtml, graph, config))),
        page: route.page,
        totalPages: route.totalPages,
        previousPage: route.previousPage,
        nextPage: route.nextPage,
        tag: route.kind === 'blog-tag' ? route.tag : undefined,
        allTagsPath: route.kind === 'blog-tag' ? route.allTagsPath : undefined,
        blogSidebar: graph.blogSidebar,
      };
    case 'blog-post':
      return {
        ...base,
        kind: 'blog-post',
        // The post's own page shows its whole text, not the excerpt.
        post: postData(route.post, ''),
        html: html(route),
        toc: tocOf(route.document.headings, 2, 3),
        previous: route.previous,
        next: route.next,
        blogSidebar: graph.blogSidebar,
      };
    case 'blog-tags':
    case 'docs-tags':
      return { ...base, kind: route.kind, tags: route.tags };
    case 'docs-tag':
      return { ...base, kind: 'docs-tag', tag: route.tag, items: route.items, allTagsPath: route.allTagsPath };
    case 'blog-archive':
      return { ...base, kind: 'blog-archive', years: route.years.map((y) => ({ year: y.year, posts: y.posts.map((p) => ({ title: p.title, permalink: p.permalink, date: p.date })) })) };
    case 'page':
      return { ...base, kind: 'page', html: html(route), toc: tocOf(route.document.headings, 2, 3) };
    case 'search':
    case 'not-found':
      return { ...base, kind: route.kind };
  }
}

/** A post as pages get it: without the source file, with its excerpt's links resolved. */
function postData({ source: _source, ...post }: PostSummary, excerptHtml: string): PostData {
  return { ...post, excerptHtml };
}

function tocOf(headings: HeadingInfo[], min: number, max: number): TocItem[] {
  return headings.filter((h) => h.level >= min && h.level <= max).map((h) => ({ id: h.id, value: h.value, level: h.level }));
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
  return item.href === path || (item.type === 'category' && pathsWithin(item).has(path));
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
