import type { LoadedContent } from '../content/loadContent.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import type { CategoryIndexRoute, DocRoute, DocsVersion, Route, RouteGraph, SidebarItem, TagLink } from './types.ts';
import { catalog } from '../errors/catalog.ts';
import { slugify } from '../content/slug.ts';
import { duplicateDocIds, placeDocs, type DocEntry } from './docs.ts';
import { resolveSidebars } from './sidebars.ts';
import { docEditUrl } from './editUrl.ts';
import { placeInSidebars } from './navigation.ts';
import { buildBlog } from './blog.ts';
import { checkInvariants } from './invariants.ts';
import { compareRoutes, joinRoute } from './paths.ts';
import { compareText } from './machineIndependent.ts';

/**
 * The route graph: every page of the site and everything the theme shows around it
 * (sidebars, breadcrumbs, prev/next, tag and category listings). A pure function of the
 * loaded content, the config and the list of static files: no I/O, no clock.
 */
export function buildRouteGraph(content: LoadedContent, config: ResolvedConfig, staticFiles: string[] = []): RouteGraph {
  const diagnostics: Diagnostic[] = [];
  const entries = placeDocs(content.documents, config);
  diagnostics.push(...duplicateDocIds(entries));
  const live = entries.filter((e) => !e.draft);
  const { sidebars, generatedIndexes, diagnostics: sidebarProblems } = resolveSidebars(entries, content.categories, config);
  diagnostics.push(...sidebarProblems);
  const places = placeInSidebars(sidebars);
  const byId = new Map(live.map((e) => [e.id, e]));
  const configFile = config.configFile ? config.configFile.slice(config.siteDir.length + 1) : undefined;

  const routes: Route[] = [];
  const docsTags = new Map<string, { tag: TagLink; docs: DocEntry[] }>();
  for (const entry of live) {
    const fm = entry.document.frontMatter;
    let place = places.get(entry.path);
    if (fm.displayed_sidebar !== undefined) {
      if (fm.displayed_sidebar === null) place = undefined;
      else if (!sidebars[fm.displayed_sidebar]) {
        diagnostics.push({ severity: 'error', file: entry.document.file, line: entry.document.frontMatterLines?.displayed_sidebar ?? 1, column: 1, ...catalog.unknownSidebarId(fm.displayed_sidebar, 'Front matter "displayed_sidebar"', Object.keys(sidebars)) });
      } else if (place?.sidebarId !== fm.displayed_sidebar) {
        place = { sidebarId: fm.displayed_sidebar, breadcrumbs: [{ label: entry.label }] };
      }
    }
    const paginationTarget = (key: 'pagination_prev' | 'pagination_next', fallback: { label: string; href: string } | undefined) => {
      const value = fm[key];
      if (value === undefined) return fallback;
      if (value === null) return undefined;
      const target = byId.get(value);
      if (!target) {
        if (!entries.some((e) => e.id === value)) {
          diagnostics.push({ severity: 'error', file: entry.document.file, line: entry.document.frontMatterLines?.[key] ?? 1, column: 1, ...catalog.unknownDocId(value, `Front matter "${key}"`, [...byId.keys()].sort()) });
        }
        return undefined;
      }
      return { label: target.document.frontMatter.pagination_label ?? target.label, href: target.path };
    };
    const tags = (fm.tags ?? []).map((t) => {
      const label = typeof t === 'string' ? t : t.label;
      const tag = { label, permalink: joinRoute(config.docs.routeBasePath, 'tags', slugify(label)) };
      const slot = docsTags.get(tag.permalink) ?? { tag, docs: [] as DocEntry[] };
      slot.docs.push(entry);
      docsTags.set(tag.permalink, slot);
      return tag;
    });
    const route: DocRoute = {
      kind: 'doc',
      path: entry.path,
      title: entry.document.title,
      description: entry.document.description,
      source: entry.document.file,
      noIndex: entry.unlisted || undefined,
      doc: { id: entry.id, path: entry.path, sidebar: place?.sidebarId },
      document: entry.document,
      sidebarId: place?.sidebarId,
      breadcrumbs: place?.breadcrumbs ?? [],
      previous: paginationTarget('pagination_prev', place?.previous),
      next: paginationTarget('pagination_next', place?.next),
      tags,
      editUrl: docEditUrl(entry, config),
    };
    routes.push(route);
  }

  for (const index of generatedIndexes) {
    const place = places.get(index.path);
    const route: CategoryIndexRoute = {
      kind: 'category-index',
      path: index.path,
      title: index.title,
      description: index.description || `Pages about ${index.title}.`,
      source: index.source,
      sidebarId: place?.sidebarId,
      breadcrumbs: place?.breadcrumbs ?? [{ label: index.title }],
      previous: place?.previous,
      next: place?.next,
      items: index.items.flatMap((item) => (item.type === 'html' ? [] : [item])).map((item) => ({
        label: item.label,
        href: item.href ?? '',
        type: item.type,
        count: item.type === 'category' ? item.items.length : undefined,
        description:
          item.type === 'link'
            ? (item.docId ? byId.get(item.docId)?.document.description : undefined) ?? ''
            : `${item.items.length} item${item.items.length === 1 ? '' : 's'}`,
      })).filter((item) => item.href),
    };
    routes.push(route);
  }

  if (docsTags.size > 0) {
    const tagsPath = joinRoute(config.docs.routeBasePath, 'tags');
    const tags = [...docsTags.values()].map(({ tag, docs }) => ({ ...tag, count: docs.length })).sort((a, b) => compareText(a.label, b.label));
    routes.push({ kind: 'docs-tags', path: tagsPath, title: 'Tags', description: 'All tags used in the documentation.', tags });
    for (const { tag, docs } of docsTags.values()) {
      routes.push({
        kind: 'docs-tag',
        path: tag.permalink,
        title: `${docs.length} doc${docs.length === 1 ? '' : 's'} tagged with "${tag.label}"`,
        description: `Documentation pages tagged "${tag.label}".`,
        tag: { ...tag, count: docs.length },
        allTagsPath: tagsPath,
        items: docs.map((d) => ({ title: d.document.title, href: d.path, description: d.document.description })),
      });
    }
  }

  // Mirrors publish a folder again under another path; search engines are sent to the source.
  for (const mirror of config.docs.mirrors) {
    const from = joinRoute(config.docs.routeBasePath, mirror.from);
    const to = joinRoute(config.docs.routeBasePath, mirror.to);
    for (const route of [...routes]) {
      if (route.kind === 'doc' && route.path.startsWith(from)) {
        routes.push({ ...route, path: to + route.path.slice(from.length), canonical: route.path });
      }
    }
  }

  const blog = buildBlog(content.documents, content.authors, config);
  routes.push(...blog.routes);
  diagnostics.push(...blog.diagnostics);

  for (const document of content.documents.filter((d) => d.area === 'pages' && !d.frontMatter.draft)) {
    const name = document.relPath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
    routes.push({ kind: 'page', path: document.frontMatter.slug ? joinRoute(document.frontMatter.slug) : joinRoute(name), title: document.title, description: document.description, source: document.file, document });
  }
  routes.push({ kind: 'search', path: '/search/', title: 'Search the documentation', description: `Search the ${config.title} documentation.`, noIndex: true });
  routes.push({ kind: 'not-found', path: '/404.html', title: 'Page Not Found', description: 'We could not find what you were looking for.', noIndex: true });

  const mainDocId = config.docs.mainDocId ?? firstDocId(Object.values(sidebars)[0] ?? []) ?? live[0]?.id ?? '';
  if (config.docs.mainDocId && !byId.has(config.docs.mainDocId)) {
    diagnostics.push({ severity: 'error', file: configFile, configKey: 'docs.mainDocId', ...catalog.unknownDocId(config.docs.mainDocId, 'Config key "docs.mainDocId"', [...byId.keys()].sort()) });
  }
  config.navbar.items.forEach((item, i) => {
    if (item.type === 'doc' && !byId.has(item.docId) && !entries.some((e) => e.id === item.docId)) {
      diagnostics.push({ severity: 'error', file: configFile, configKey: `navbar.items.${i}.docId`, ...catalog.unknownDocId(item.docId, 'A navbar item', [...byId.keys()].sort()) });
    }
    if (item.type === 'docSidebar' && !sidebars[item.sidebarId]) {
      diagnostics.push({ severity: 'error', file: configFile, configKey: `navbar.items.${i}.sidebarId`, ...catalog.unknownSidebarId(item.sidebarId, 'A navbar item', Object.keys(sidebars)) });
    }
  });
  diagnostics.push(...checkInvariants(routes, staticFiles));

  routes.sort(compareRoutes);
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const fileRoutes = new Map<string, string>();
  for (const route of routes) if (route.source && !route.canonical && route.kind !== 'category-index') fileRoutes.set(route.source, route.path);

  const version: DocsVersion = {
    name: 'current',
    label: config.docs.versionLabel,
    isLast: true,
    path: joinRoute(config.docs.routeBasePath),
    mainDocId,
    docs: live.map((e) => ({ id: e.id, path: e.path, sidebar: places.get(e.path)?.sidebarId })),
    draftIds: entries.filter((e) => e.draft).map((e) => e.id),
    sidebars: Object.keys(sidebars),
  };
  return { routes, byPath, fileRoutes, sidebars, version, blogSidebar: blog.recent, posts: blog.posts, diagnostics, imageSizes: new Map() };
}

function firstDocId(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    const id = item.type === 'link' ? (item.ref ? undefined : item.docId) : item.type === 'category' ? firstDocId(item.items) : undefined;
    if (id) return id;
  }
  return undefined;
}
