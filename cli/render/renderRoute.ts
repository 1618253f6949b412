import type { ResolvedConfig } from '../config/types.ts';
import type { ComponentType } from 'react';
import type { Route, RouteGraph } from '../graph/types.ts';
import type { PageData, SiteData } from '../../runtime/pageData.ts';
import * as serverEntry from '../../runtime/entry-server.tsx';
import { renderDocument, type PageAssets } from './document.ts';
import { toPageData } from './toPageData.ts';
import { contentContext } from '../../runtime/contentContext.ts';
import { siteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';
import { siteComponentKey } from '../../runtime/islands/siteIsland.tsx';
import { withBase } from '../../runtime/SiteContext.ts';
import { siteCodePlace } from '../bundle/siteCodePlace.ts';
import { withDeepStacks } from '../errors/deepStacks.ts';
import { findMisnesting } from './misnesting.ts';

/** One route rendered: the React output and the payload the client router fetches. */
export interface RenderedPage {
  route: Route;
  page: PageData;
  body: string;
  /** The page's data as JSON, for client-side navigation (none for the 404 page). */
  data?: string;
}

export interface RenderContext {
  graph: RouteGraph;
  config: ResolvedConfig;
  site: SiteData;
  /** The theme's server render (pages and content); dev mode passes a freshly compiled one after theme edits. */
  server?: ServerRender;
  /** The site's own components content imports, by island key (see cli/bundle/siteBundle.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  siteComponents?: Record<string, ComponentType<any>>;
  /** Data content imports from the site's modules, by the same key. */
  siteValues?: Record<string, unknown>;
  /** Content components the site adds or replaces by name (src/theme/MDXComponents, src/theme/<Name>). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  overrides?: Record<string, ComponentType<any>>;
  /** The island key of each override that is the site's own code: those hydrate in the browser. */
  overrideKeys?: Record<string, string>;
}

export type ServerRender = Pick<typeof serverEntry, 'renderPage' | 'renderContent' | 'renderSitePage' | 'siteModules' | 'fallbackModules'>;

/** `renderToString` of the theme for one route. */
export function renderRoute(route: Route, ctx: RenderContext): RenderedPage {
  const server = ctx.server ?? serverEntry;
  let page: PageData;
  let body: string;
  try {
    [page, body] = withDeepStacks(() => renderParts(route, ctx, server));
  } catch (error) {
    // At the line of the site's code that threw (a component's), else at the page's file.
    throw siteError({ file: route.source, ...siteCodePlace(error, ctx.config.siteDir), ...catalog.renderFailed(route.path, (error as Error).message) }, error);
  }
  return { route, page, body, data: route.kind === 'not-found' ? undefined : payloadOf(page) };
}

/** The page's data and its HTML body. */
function renderParts(route: Route, ctx: RenderContext, server: ServerRender): [PageData, string] {
  let math = false;
  let page = toPageData(route, ctx.graph, ctx.config, (tree, content, imports) => {
    const render = (blockParagraphs?: true) => server.renderContent(tree, { site: ctx.site, content: contentContext(content), imports, siteComponents: ctx.siteComponents, siteValues: ctx.siteValues, components: ctx.overrides, componentKeys: ctx.overrideKeys, location: withBase(ctx.site.baseUrl, route.path), blockParagraphs });
    let html = render();
    // A site component written inside a paragraph that draws a block (a <div>): the browser would move
    // the block out of the <p>, and the island could not hydrate (its content drawn twice). Its paragraph
    // is drawn as a block instead. Only pages with site islands (data-slots) are parsed for this.
    if (html.includes(' data-slots="') && findMisnesting(html)) html = render(true);
    // Typeset math (content/markdown/math.ts), in the page's own content or in a post or partial it shows.
    if (ctx.site.math && html.includes('class="katex')) math = true;
    return html;
  });
  if (math) page = { ...page, math: true };
  if (route.kind === 'react-page') page = reactPageData(page, route.source, ctx, server);
  return [page, server.renderPage(ctx.site, page)];
}

/** A React page: its module rendered as an island, its title and description from its Layout. */
function reactPageData(page: PageData, source: string, ctx: RenderContext, server: ServerRender): PageData {
  const key = siteComponentKey(source, 'default');
  const Page = ctx.siteComponents?.[key];
  // A page whose module did not build was reported, and the build stopped: this is only reached without one in tests.
  if (!Page) throw new Error(`The React page ${source} was not bundled.`);
  const location = withBase(ctx.site.baseUrl, page.path);
  const rendered = server.renderSitePage(ctx.site, key, Page, location);
  // Markup the browser would rebuild (reported by the React-page check) is rendered by the browser instead of hydrated.
  const { html, title, description, headTags } = findMisnesting(rendered.html) ? server.renderSitePage(ctx.site, key, Page, location, { render: 'client' }) : rendered;
  return { ...page, kind: 'page', react: true, html, title: title ?? page.title, description: description ?? page.description, toc: [], ...(headTags ? { headTags } : {}) };
}

/**
 * The payload the client router fetches. It leaves out the sidebar: by the time a reader
 * navigates, the client has the whole sidebar (see useFullSidebar), and repeating it in
 * every payload would dominate their size on large sites.
 */
function payloadOf(page: PageData): string {
  return JSON.stringify('sidebar' in page ? { ...page, sidebar: undefined } : page);
}

/** The page's complete HTML document, once the client bundle's file names are known. */
export function pageDocument(rendered: RenderedPage, ctx: { site: SiteData; assets: PageAssets; headTags: string }): string {
  return renderDocument({ site: ctx.site, page: rendered.page, body: rendered.body, assets: ctx.assets, headTags: ctx.headTags, noIndex: rendered.route.noIndex });
}
