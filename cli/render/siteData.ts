import path from 'node:path';
import { createHash } from 'node:crypto';
import type { ResolvedConfig } from '../config/types.ts';
import type { DocsData, SiteData } from '../../runtime/pageData.ts';
import { joinRoute } from '../graph/paths.ts';
import type { DocsPluginGraph, RouteGraph } from '../graph/types.ts';
import { docsInstances, type DocsOptions } from '../config/docsInstances.ts';
import { urlOf } from '../graph/permalinks.ts';
import { sidebarRoutes } from '../graph/navigation.ts';
import { instanceSidebarId } from '../graph/buildRouteGraph.ts';
import { searchTags } from '../search/records.ts';
import { mermaidScriptPath } from './mermaidAssets.ts';
import { katexStylesheetPath } from './katexAssets.ts';

/**
 * The build id every page carries: a hash of the config as written, so two checkouts of
 * the same commit agree. Where the site folder is (`siteDir`, the config file's absolute
 * path) is not part of it: that made every page differ between two clones.
 */
export function buildIdOf(config: ResolvedConfig): string {
  const where = { siteDir: '.', configFile: config.configFile && path.relative(config.siteDir, config.configFile).split(path.sep).join('/') };
  // The sidebars' source text places their problems; what they hold is in `docs.sidebars`. A comment added to it is no new build.
  // Nor do redirects: their pages are made apart from every other (render/redirectPage.ts).
  const { sidebarsSource: _text, docsPluginSidebarsSources: _texts, redirects: _redirects, redirectsAt: _redirectsAt, ...rest } = config;
  return createHash('sha1').update(JSON.stringify({ ...rest, ...where })).digest('hex').slice(0, 12);
}

/**
 * The part of the config the browser needs, shared by every page. A search item is
 * appended to the navbar unless one is configured (SPEC §2). Secrets never reach it:
 * only Algolia's public search key is passed on.
 */
export function toSiteData(config: ResolvedConfig, graph: RouteGraph, buildId: string): SiteData {
  const docPath = (id: string) => graph.version.docs.find((d) => d.id === id)?.path;
  // Links are written as the routes' URLs (see urlOf); `docPath` stays a route, for lookups.
  const url = (path: string) => urlOf(graph.byPath.get(path) ?? { path }, config.trailingSlash);
  // Navbar items lead into the docs instance they name (`docsPluginId`), at its last version.
  const plugin = (id: string | undefined) => (id === undefined ? undefined : graph.docsPlugins.find((p) => p.pluginId === id)) ?? graph.docsPlugins[0]!;
  const items = config.navbar.items.map((item) => {
    if (item.type === 'doc') {
      const { version, routeBasePath } = plugin(item.docsPluginId);
      const path = version.docs.find((d) => d.id === item.docId)?.path;
      return { ...item, to: path ? url(path) : routeBasePath };
    }
    if (item.type === 'docSidebar') {
      const own = plugin(item.docsPluginId);
      const key = instanceSidebarId(item.sidebarId, own === graph.docsPlugins[0] ? undefined : own.pluginId);
      return { ...item, to: sidebarRoutes(graph.sidebars[key] ?? [])[0] ?? own.routeBasePath };
    }
    return item;
  });
  if (!items.some((i) => i.type === 'search')) items.push({ type: 'search', position: 'right' });
  const columns = config.footer.links.filter((l): l is { title?: string; items: { label?: string; to?: string; href?: string; html?: string }[] } => 'items' in l);
  const links = config.footer.links.filter((l) => !('items' in l)) as { label?: string; to?: string; href?: string; html?: string }[];
  const search = config.search;
  const versionPath = docPath(graph.version.mainDocId) ?? joinRoute(config.docs.routeBasePath);
  const blogPath = joinRoute(config.blog.routeBasePath);
  return {
    title: config.title,
    tagline: config.tagline,
    titleDelimiter: config.titleDelimiter,
    ...(config.customFields ? { customFields: config.customFields } : {}),
    url: config.url.replace(/\/$/, ''),
    baseUrl: config.baseUrl,
    locale: config.i18n.currentLocale ?? config.i18n.defaultLocale,
    locales: config.i18n.locales,
    navbar: { ...config.navbar, items },
    footer: { style: config.footer.style, columns, links, logo: config.footer.logo, copyright: config.footer.copyright },
    // Its HTML is the author's: links from the root (`/a/`), as in Markdown, go under the base URL.
    announcementBar: config.announcementBar && { ...config.announcementBar, content: config.announcementBar.content.replace(/\b(href|src)="\/(?!\/)/g, `$1="${config.baseUrl}`) },
    colorMode: config.colorMode,
    // Only when set, so the other sites' data (and bundle) stay as they were.
    ...(config.docsSidebar.hideable || config.docsSidebar.autoCollapseCategories ? { docsSidebar: config.docsSidebar } : {}),
    ...(config.markdown.mermaid ? { mermaid: { script: mermaidScriptPath(), theme: config.mermaid.theme, options: config.mermaid.options } } : {}),
    ...(config.markdown.math ? { math: { stylesheet: katexStylesheetPath() } } : {}),
    ...(config.tableOfContents.minHeadingLevel !== 2 || config.tableOfContents.maxHeadingLevel !== 3 ? { tableOfContents: config.tableOfContents } : {}),
    // Only when false, so the other sites' data (and bundle) stay as they were.
    ...(config.trailingSlash === false ? { trailingSlash: false as const } : {}),
    docs: docsData(config.docs, graph.docsPlugins[0]!, url, versionPath),
    // Only a site with other docs instances has the key, so other sites' pages stay as they were.
    ...(graph.docsPlugins.length > 1 ? { docsPlugins: graph.docsPlugins.slice(1).map((built) => docsData(docsInstances(config).find((i) => i.pluginId === built.pluginId)!.options, built, url)) } : {}),
    blog: { title: config.blog.title, path: blogPath, sidebarTitle: config.blog.sidebarTitle },
    homePath: url(homePath(graph, [versionPath, blogPath])),
    zoom: config.zoom,
    search:
      search.provider === 'algolia'
        ? { provider: 'algolia', appId: search.appId, apiKey: search.apiKey, indexName: search.indexName, contextualSearch: search.contextualSearch, missingResultsUrl: search.missingResultsUrl, tags: searchTagList(config, graph), pagePath: search.pagePath }
        : { provider: 'local', indexName: 'local', contextualSearch: true, missingResultsUrl: search.missingResultsUrl, tags: searchTagList(config, graph), pagePath: search.pagePath },
    buildId,
  };
}

/** One docs instance as the browser sees it; `versionPath` is where its navbar link leads (its main doc); `url` gives a route's URL. */
function docsData(options: DocsOptions, built: DocsPluginGraph, url: (path: string) => string, versionPath = built.version.docs.find((d) => d.id === built.version.mainDocId)?.path ?? built.routeBasePath): DocsData {
  const { versions } = built;
  return {
    pluginId: options.pluginId,
    versionPersistence: options.versionPersistence,
    versionLabel: options.versionLabel,
    releaseLabel: options.releaseLabel,
    versionPath,
    versions: versions.map((v) => ({
      name: v.name,
      // A site without versions.json shows its release label (Coinvoy's "4.8.1") for its one version.
      label: versions.length === 1 ? (options.releaseLabel ?? v.label) : v.label,
      path: v.path,
      mainDocPath: url(v.docs.find((d) => d.id === v.mainDocId)?.path ?? v.path),
      isLast: v.isLast,
      banner: v.banner,
      badge: v.badge,
      className: v.className,
    })),
  };
}

/** `/` when it is a page, else the first of `fallbacks` that is one, else the first page there is. */
function homePath(graph: RouteGraph, fallbacks: string[]): string {
  const isPage = (path: string) => graph.byPath.has(path) && graph.byPath.get(path)!.kind !== 'not-found';
  return ['/', ...fallbacks].find(isPage) ?? graph.routes.find((r) => r.kind !== 'not-found')?.path ?? '/';
}

/** The facet values contextual search keeps: plain pages, the docs version, the blog. */
function searchTagList(config: ResolvedConfig, graph: RouteGraph): string[] {
  const tags = searchTags(config, graph.version.name);
  // Each other docs instance's latest version too (Docusaurus's contextual search keeps every docs plugin).
  const others = graph.docsPlugins.slice(1).map((p) => searchTags(config, p.version.name, p.pluginId).docs);
  return [tags.pages, tags.docs, ...others, tags.blog];
}
