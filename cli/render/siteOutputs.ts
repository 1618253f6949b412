import path from 'node:path';
import { prismThemesOf } from '../bundle/siteStyles.ts';
import { mermaidFiles } from './mermaidAssets.ts';
import { katexFiles } from './katexAssets.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Route, RouteGraph } from '../graph/types.ts';
import { pageDataUrl, sidebarDataUrl, type SiteData } from '../../runtime/pageData.ts';
import { readRoots, siteFileStatus } from '../config/sitePaths.ts';
import { routeFile, urlFilePath } from '../graph/paths.ts';
import type { PageAssets } from './document.ts';
import { pageDocument, renderRoute, type RenderContext, type RenderedPage } from './renderRoute.ts';
import { buildIdOf, toSiteData } from './siteData.ts';
import { renderFeeds, renderRobots, renderSitemap, sharedHeadTags } from './siteFiles.ts';
import { contentFileUrl } from './resolveTree.ts';
import { redirectPage } from './redirectPage.ts';

/**
 * The site as files: what `build` writes and `dev` serves, each file made in one place so
 * the two cannot drift. Paths are relative to the output folder.
 */

/** The data every page shares, with the id of this build (a hash of the config). */
export function siteDataOf(config: ResolvedConfig, graph: RouteGraph): SiteData {
  return toSiteData(config, graph, buildIdOf(config));
}

/**
 * The site data pages and the client bundle are made with: with the code colours
 * (`prismThemes`) when the site has code of its own, which may ask for them (usePrismTheme).
 */
export async function siteDataFor(config: ResolvedConfig, graph: RouteGraph, hasSiteCode: boolean): Promise<SiteData> {
  const site = siteDataOf(config, graph);
  return hasSiteCode ? { ...site, prismThemes: await prismThemesOf(config) } : site;
}

export interface PageFiles {
  route: Route;
  /** The page's JSON for the client router, as in its payload file. */
  data: string | undefined;
  /** Everything the page shows (its data with the sidebar, which the payload leaves out), to tell whether it changed. */
  fingerprint: string;
  files: [string, string][];
}

/** A route's HTML document and payload file. */
export function pageFiles(route: Route, ctx: RenderContext & { assets: PageAssets }): PageFiles {
  return pageFilesOf(renderRoute(route, ctx), ctx);
}

/** The files of a route rendered: its document needs the client bundle's file names (`assets`), its rendering does not. */
export function pageFilesOf(rendered: RenderedPage, ctx: RenderContext & { assets: PageAssets }): PageFiles {
  const { route } = rendered;
  const headTags = sharedHeadTags(ctx.site, ctx.config, ctx.graph.posts.length > 0);
  const files: [string, string][] = [[routeFile(route.path, ctx.config.trailingSlash), pageDocument(rendered, { site: ctx.site, assets: ctx.assets, headTags })]];
  if (rendered.data) files.push([urlFilePath(pageDataUrl('/', route.path)), rendered.data]);
  return {
    route,
    data: rendered.data,
    // Made when asked (dev asks): build does not, and it is the JSON of the page's data and content HTML (about 30 KB a page).
    get fingerprint() {
      return JSON.stringify(rendered.page);
    },
    files,
  };
}

/**
 * The files made for the whole site: each sidebar's tree, the redirects' pages, and the sitemap, the feeds and
 * robots.txt unless the static folder has its own (an author's file is never replaced: a
 * Docusaurus site with `sitemap: false` and a static/sitemap.xml keeps it).
 */
export function siteWideFiles(graph: RouteGraph, site: SiteData, config: ResolvedConfig, staticFiles: readonly string[]): [string, string][] {
  const own = new Set(staticFiles);
  const unlessStatic = (files: [string, string][]) => files.filter(([file]) => !own.has(file));
  return [
    ...Object.entries(graph.sidebars).map(([id, items]): [string, string] => [urlFilePath(sidebarDataUrl('/', id)), JSON.stringify(items)]),
    ...unlessStatic([['sitemap.xml', renderSitemap(graph, site, config.trailingSlash)], ...Object.entries(renderFeeds(graph, site, config)), ['robots.txt', renderRobots(site)]]),
    // None is a page's, a static file's or one of the above (graph/redirects.ts leaves those out).
    ...graph.redirects.map((redirect): [string, string] => [redirect.file, redirectPage(redirect, site)]),
  ];
}

/**
 * The site's own files published as they are, as [absolute source, output path]: the
 * static folder (as scanned: only what is inside the site), then the files pages and the
 * partials they import show next to their Markdown (images, downloads, files MDX imports),
 * then the files the site's code imports for their URL (`siteCodeFiles`, siteCode.ts). A missing one was reported by the link check
 * (and let through under `onBrokenLinks: 'warn'`); one outside the site was an error
 * there and is never read.
 */
export function copiedFiles(graph: RouteGraph, config: ResolvedConfig, staticFiles: readonly string[], siteCodeFiles: readonly string[] = []): [string, string][] {
  const staticDir = path.resolve(config.siteDir, config.paths.static);
  const out: [string, string][] = staticFiles.map((file) => [path.join(staticDir, file), file]);
  const seen = new Set<string>();
  const roots = readRoots(config);
  const documents = [...graph.routes.flatMap((route) => ('document' in route && !route.canonical ? [route.document] : [])), ...graph.partials.values()];
  const files = [...documents.flatMap((document) => document.links.flatMap((link) => (link.file && !/\.mdx?$/i.test(link.file) ? [link.file] : []))), ...siteCodeFiles];
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (siteFileStatus(config, file, roots) === 'ok') out.push([path.join(config.siteDir, file), contentFileUrl(file)]);
  }
  return out;
}

/**
 * The generator's own files a site publishes as they are, as [absolute source, output
 * path]: Mermaid's browser build, for a site with diagrams; KaTeX's stylesheet and fonts,
 * for a site with math. Not the site's files, so not held to its folder (dev serves them
 * from the generator's package).
 */
export function generatorFiles(config: Pick<ResolvedConfig, 'markdown'>): [string, string][] {
  return [...(config.markdown.mermaid ? mermaidFiles() : []), ...(config.markdown.math ? katexFiles() : [])];
}
