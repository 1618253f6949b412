import type { LoadedContent } from '../content/loadContent.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import type { CategoryIndexRoute, DocRoute, DocsPluginGraph, DocsVersion, Route, RouteGraph, SidebarItem, TagLink } from './types.ts';
import { catalog } from '../errors/catalog.ts';
import { duplicateDocIds, placeDocs, type DocEntry } from './docs.ts';
import { resolveSidebars } from './sidebars.ts';
import { docEditUrl } from './editUrl.ts';
import { placeInSidebars } from './navigation.ts';
import { buildBlog } from './blog.ts';
import { checkInvariants, siteFileNames } from './invariants.ts';
import { compareRoutes, fileNamesAsUrl, joinRoute, reactPageRoute } from './paths.ts';
import { applyPermalinks } from './permalinks.ts';
import { collectRedirects } from './redirects.ts';
import { tagOf } from './tags.ts';
import { compareText } from './machineIndependent.ts';
import path from 'node:path';
import { CURRENT, prefix, resolveVersions, type VersionInfo, type VersionSource } from '../config/versions.ts';
import { docsInstances, instanceConfig } from '../config/docsInstances.ts';

/**
 * The route graph: every page of the site and everything the theme shows around it
 * (sidebars, breadcrumbs, prev/next, tag and category listings). A pure function of the
 * loaded content, the config and the list of static files: no I/O, no clock.
 */
export function buildRouteGraph(content: LoadedContent, config: ResolvedConfig, staticFiles: string[] = [], versions: VersionSource[] = docsInstances(config).map((i) => currentOnly(instanceConfig(config, i)))): RouteGraph {
  const diagnostics: Diagnostic[] = [];
  const routes: Route[] = [];
  const sidebars: Record<string, SidebarItem[]> = {};
  const versionFolders: string[] = [];
  // Docs per id in each version: two docs with one id share a route (reported once, as the id).
  const idCount = new Map<string, number>();
  const docsPlugins: DocsPluginGraph[] = [];
  const lastDocsOf = new Map<string, { byId: Map<string, DocEntry>; entries: DocEntry[]; sidebars: Record<string, SidebarItem[]> }>();
  const owners = versionOwners(versions);
  // Each instance is the docs plugin run on its own folder; each version runs it again on the version's folder, sidebars and base path.
  const instances = docsInstances(config);
  const first = instances[0];
  for (const instance of instances) {
    const own = instanceConfig(config, instance);
    // An instance with no version left to build (an error says why) has its folder stand in, so later stages have one.
    const listed = versions.filter((v) => v.info.pluginId === instance.pluginId);
    const sources = listed.length > 0 ? listed : [currentOnly(own)];
    const docsVersions: DocsVersion[] = [];
    // Routes and sidebars of the instances after the first say which instance they are of.
    const qualifier = instance === first ? undefined : instance.pluginId;
    const lastDocs = { byId: new Map<string, DocEntry>(), entries: [] as DocEntry[], sidebars: {} as Record<string, SidebarItem[]> };
    for (const source of sources) {
      const built = buildDocsVersion(contentOfVersion(content, source.info, own, owners, instance === first && source.info.name === CURRENT), versionConfig(own, source), source.info, qualifier);
      if (qualifier) for (const route of built.routes) route.docsPluginId = qualifier;
      diagnostics.push(...built.diagnostics);
      routes.push(...built.routes);
      for (const [id, items] of Object.entries(built.sidebars)) sidebars[sidebarKey(id, source.info, qualifier)] = items;
      docsVersions.push(built.version);
      versionFolders.push(...built.folders);
      const countKey = (id: string) => `${qualifier ?? ''}\0${source.info.name}\0${id}`;
      for (const entry of built.entries) idCount.set(countKey(entry.id), (idCount.get(countKey(entry.id)) ?? 0) + 1);
      if (source.info.isLast) Object.assign(lastDocs, built);
    }
    if (docsVersions.length > 1) linkVersions(routes.filter((r) => r.docsPluginId === qualifier), docsVersions);
    lastDocsOf.set(instance.pluginId, lastDocs);
    docsPlugins.push({ pluginId: instance.pluginId, routeBasePath: joinRoute(instance.options.routeBasePath), version: docsVersions.find((v) => v.isLast) ?? docsVersions[0]!, versions: docsVersions });
  }
  const configFile = config.configFile ? config.configFile.slice(config.siteDir.length + 1) : undefined;
  // An authors.yml that could not be read is its own error: every post naming an author is not another one.
  const authorsUnread = content.diagnostics.some((d) => d.severity === 'error' && /(^|\/)authors\.ya?ml$/.test(d.file ?? ''));
  const blog = buildBlog(content.documents, content.authors, config, content.tagsFiles.blog, authorsUnread);
  routes.push(...blog.routes);
  diagnostics.push(...blog.diagnostics);

  // Routes that stand for a folder keep their slash in Docusaurus's URLs (see permalinkOf).
  const folders = new Set(versionFolders);
  for (const document of content.documents.filter((d) => d.area === 'pages' && !d.frontMatter.draft)) {
    const name = fileNamesAsUrl(document.relPath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/i, ''));
    const slug = document.frontMatter.slug;
    if (slug === undefined ? /(^|\/)index\.mdx?$/i.test(document.relPath) : slug.endsWith('/')) folders.add(joinRoute(slug ?? name));
    routes.push({ kind: 'page', path: document.frontMatter.slug ? joinRoute(document.frontMatter.slug) : joinRoute(name), title: document.title, description: document.description, source: document.file, document });
  }
  for (const relPath of content.reactPages ?? []) {
    const { name, isIndex } = reactPageRoute(relPath);
    if (isIndex) folders.add(joinRoute(fileNamesAsUrl(name)));
    // Its title is what the page gives its Layout, known once it is rendered.
    routes.push({ kind: 'react-page', path: joinRoute(fileNamesAsUrl(name)), title: config.title, description: config.tagline, source: path.posix.join(String(config.paths.pages).split(path.sep).join('/'), relPath) });
  }
  // Where search.pagePath puts it: a problem with its address is the config's.
  if (config.search.pagePath !== false) routes.push({ kind: 'search', path: joinRoute(config.search.pagePath), title: 'Search the documentation', description: `Search the ${config.title} documentation.`, noIndex: true, ...(configFile ? { madeBy: configFile } : {}) });
  routes.push({ kind: 'not-found', path: '/404.html', title: 'Page Not Found', description: 'We could not find what you were looking for.', noIndex: true });

  config.navbar.items.forEach((item, i) => {
    if (item.type !== 'doc' && item.type !== 'docSidebar' && item.type !== 'docsVersionDropdown') return;
    const pluginId = item.docsPluginId ?? first!.pluginId;
    const lastDocs = lastDocsOf.get(pluginId);
    if (!lastDocs) {
      const known = [...lastDocsOf.keys()];
      diagnostics.push({ severity: 'error', file: configFile, configKey: `navbar.items.${i}.docsPluginId`, ...catalog.unknownDocsPlugin(pluginId, known) });
      return;
    }
    const { byId, entries } = lastDocs;
    if (item.type === 'doc' && !byId.has(item.docId) && !entries.some((e) => e.id === item.docId)) {
      diagnostics.push({ severity: 'error', file: configFile, configKey: `navbar.items.${i}.docId`, ...catalog.unknownDocId(item.docId, 'A navbar item', [...byId.keys()].sort()) });
    }
    if (item.type === 'docSidebar' && !lastDocs.sidebars[item.sidebarId]) {
      diagnostics.push({ severity: 'error', file: configFile, configKey: `navbar.items.${i}.sidebarId`, ...catalog.unknownSidebarId(item.sidebarId, 'A navbar item', Object.keys(lastDocs.sidebars)) });
    }
  });
  const idKey = (r: DocRoute) => `${r.docsPluginId ?? ''}\0${r.version ?? ''}\0${r.doc.id}`;
  const siteFiles = siteFileNames(config, blog.posts.length > 0);
  diagnostics.push(...checkInvariants(routes.filter((r) => r.kind !== 'doc' || idCount.get(idKey(r)) === 1), staticFiles, config.trailingSlash, siteFiles));

  applyPermalinks(routes, { sidebars, blogSidebar: blog.recent, posts: blog.posts }, folders, config.trailingSlash);
  routes.sort(compareRoutes);
  // From the pages' URLs (createRedirects is given them as Docusaurus writes them).
  const redirects = collectRedirects(routes, config, staticFiles, siteFiles);
  diagnostics.push(...redirects.diagnostics);
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const fileRoutes = new Map<string, string>();
  for (const route of routes) if (route.source && !route.canonical && route.kind !== 'category-index') fileRoutes.set(route.source, route.path);

  // The first instance (the classic preset's docs) is the one single-docs code reads as `version(s)`.
  const main = docsPlugins[0]!;
  return { routes, byPath, fileRoutes, sidebars, version: main.version, versions: main.versions, docsPlugins, blogSidebar: blog.recent, posts: blog.posts, partials: content.partials ?? new Map(), rawFiles: content.rawFiles ?? new Map(), redirects: redirects.redirects, diagnostics, imageSizes: new Map() };
}

/**
 * One docs version: its docs placed, its sidebars resolved, its doc, category-index and
 * tag routes, all under the version's base path.
 */
function buildDocsVersion(content: LoadedContent, config: ResolvedConfig, info: VersionInfo, qualifier: string | undefined) {
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
      const tag = tagOf(t, joinRoute(config.docs.routeBasePath, 'tags'), content.tagsFiles.docs);
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
      breadcrumbs: config.docs.breadcrumbs ? (place?.breadcrumbs ?? []) : [],
      previous: paginationTarget('pagination_prev', place?.previous),
      next: paginationTarget('pagination_next', place?.next),
      tags,
      editUrl: docEditUrl(entry, config),
      lastUpdate: gitLastUpdate(content.lastUpdates?.get(entry.document.file), config),
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
      ...(index.image ? { image: index.image } : {}),
      ...(index.keywords ? { keywords: index.keywords } : {}),
      source: index.source,
      sidebarId: place?.sidebarId,
      breadcrumbs: config.docs.breadcrumbs ? (place?.breadcrumbs ?? [{ label: index.title }]) : [],
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
        // Its address comes from the tag's name: messages about it name a file that uses the tag.
        madeBy: docs[0]?.document.file,
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

  // As Docusaurus's getMainDocId: the doc at the version's base path, else the first of the first sidebar.
  const home = live.find((e) => e.path === info.routeBasePath)?.id;
  const mainDocId = config.docs.mainDocId ?? home ?? firstDocId(Object.values(sidebars)[0] ?? []) ?? live[0]?.id ?? '';
  if (config.docs.mainDocId && !byId.has(config.docs.mainDocId)) {
    diagnostics.push({ severity: 'error', file: configFile, configKey: 'docs.mainDocId', ...catalog.unknownDocId(config.docs.mainDocId, 'Config key "docs.mainDocId"', [...byId.keys()].sort()) });
  }
  const qualified = (id: string | undefined) => id && sidebarKey(id, info, qualifier);
  const version: DocsVersion = {
    name: info.name,
    label: info.label,
    isLast: info.isLast,
    path: info.routeBasePath,
    banner: info.banner,
    badge: info.badge,
    noIndex: info.noIndex,
    className: info.className,
    mainDocId,
    docs: live.map((e) => ({ id: e.id, path: e.path, sidebar: qualified(places.get(e.path)?.sidebarId) })),
    draftIds: entries.filter((e) => e.draft).map((e) => e.id),
    sidebars: Object.keys(sidebars).map((id) => sidebarKey(id, info, qualifier)),
  };
  for (const route of routes) {
    route.version = info.name;
    if (info.noIndex) route.noIndex = true;
    if (route.kind === 'doc' || route.kind === 'category-index') route.sidebarId = qualified(route.sidebarId);
    if (route.kind === 'doc') route.doc = { ...route.doc, sidebar: qualified(route.doc.sidebar) };
  }
  const folders = live.filter((e) => e.folder).map((e) => e.path);
  return { routes, sidebars, version, diagnostics, byId, entries, folders };
}

/**
 * Gives each doc its twins: the doc with the same id in every other version (Docusaurus's
 * dropdown and banner link there; where there is none, to that version's main doc).
 */
function linkVersions(routes: Route[], versions: DocsVersion[]): void {
  const byId = new Map<string, Record<string, string>>();
  for (const version of versions) {
    for (const doc of version.docs) byId.set(doc.id, { ...byId.get(doc.id), [version.name]: doc.path });
  }
  for (const route of routes) {
    if (route.kind !== 'doc' || route.canonical || !route.version) continue;
    const { [route.version]: _self, ...others } = byId.get(route.doc.id) ?? {};
    route.versionLinks = others;
  }
}

/** The one version of a site without versions.json: the docs folder, at the docs base path. */
export function currentOnly(config: ResolvedConfig): VersionSource {
  return { info: resolveVersions(null, config).versions[0]!, sidebars: config.docs.sidebars };
}

/**
 * A version's sidebar ids are its own (every version may have a "docs" sidebar); those of
 * the versions not at the base path are told apart as "docs@1.0" in the graph and URLs.
 */
function sidebarKey(id: string, info: VersionInfo, docsPluginId: string | undefined): string {
  const own = instanceSidebarId(id, docsPluginId);
  return info.isLast ? own : `${own}@${info.name}`;
}

/** A sidebar of an instance after the first is told apart by the instance's id ("community~docs"): "~" stays as it is in a URL. */
export function instanceSidebarId(id: string, docsPluginId: string | undefined): string {
  return docsPluginId === undefined ? id : `${docsPluginId}~${id}`;
}

/** The docs options as the version sees them: its base path and sidebars; main doc and mirrors stay with the last version. */
function versionConfig(config: ResolvedConfig, source: VersionSource): ResolvedConfig {
  const { info, sidebars } = source;
  const last = info.isLast;
  return { ...config, docs: { ...config.docs, routeBasePath: info.routeBasePath, sidebars, mainDocId: last ? config.docs.mainDocId : undefined, mirrors: last ? config.docs.mirrors : [] } };
}

/**
 * The docs and category files of one version's content folder (other areas are left out):
 * those scanned from that folder, less those inside a deeper folder of another version or
 * instance (docs in '.' hold versioned_docs/ and another instance's folder). The first
 * instance's current version takes every other docs file (as before there were instances),
 * and never a file of its own versioned_docs/.
 */
function contentOfVersion(content: LoadedContent, info: VersionInfo, config: ResolvedConfig, owners: string[], catchAll: boolean): LoadedContent {
  const dir = folderKey(info.contentDir);
  const inside = (file: string, folder: string) => (folder === '' ? !file.startsWith('../') : file.startsWith(folder));
  const others = owners.filter((o) => o !== dir && (catchAll ? o !== '' : o.startsWith(dir)));
  const mine = (file: string) => (catchAll || inside(file, dir)) && !others.some((o) => inside(file, o)) && (info.name !== CURRENT || !isVersionedFile(file, config));
  const scannedHere = (d: LoadedContent['documents'][number]) => catchAll || d.file.slice(0, d.file.length - d.relPath.length) === dir;
  // Its own tags.yml (Docusaurus reads the tags file of each version's folder).
  const byFolder = content.docsTagsFiles;
  const tagsFile = !byFolder ? content.tagsFiles.docs : (byFolder[dir] ?? (catchAll ? Object.entries(byFolder).find(([folder]) => !owners.includes(folder))?.[1] : undefined));
  return {
    ...content,
    tagsFiles: { ...content.tagsFiles, docs: tagsFile },
    documents: content.documents.filter((d) => d.area === 'docs' && mine(d.file) && scannedHere(d)),
    categories: content.categories.filter((c) => mine(c.file)),
  };
}

/** Every version's content folder, as `folderKey` gives it. */
function versionOwners(versions: VersionSource[]): string[] {
  return versions.map((v) => folderKey(v.info.contentDir));
}

/** A site-relative folder as the prefix of its files: "docs/", or "" for the site folder itself. */
function folderKey(dir: string): string {
  const key = `${path.posix.normalize(dir.split(path.sep).join('/')).replace(/\/$/, '')}/`;
  return key === './' ? '' : key;
}

/** Files of versioned_docs/ are never docs of the current version (even with docs in '.'). */
function isVersionedFile(file: string, config: ResolvedConfig): boolean {
  return file.startsWith(`${prefix(config.docs.pluginId)}versioned_docs/`);
}

function firstDocId(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    const id = item.type === 'link' ? (item.ref ? undefined : item.docId) : item.type === 'category' ? firstDocId(item.items) : undefined;
    if (id) return id;
  }
  return undefined;
}

/** What of a doc's last commit the docs show: its date, its author, both or nothing. */
function gitLastUpdate(commit: { date: string; author: string } | undefined, config: ResolvedConfig): DocRoute['lastUpdate'] {
  const { showLastUpdateTime, showLastUpdateAuthor } = config.docs;
  if (!commit || (!showLastUpdateTime && !showLastUpdateAuthor)) return undefined;
  return { ...(showLastUpdateTime ? { date: commit.date } : {}), ...(showLastUpdateAuthor ? { author: commit.author } : {}) };
}
