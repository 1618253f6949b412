import type { ResolvedConfig } from '../config/types.ts';
import type { Route, RouteGraph } from '../graph/types.ts';
import type { PageData, SiteData } from '../../runtime/pageData.ts';
import { renderPage } from '../../runtime/entry-server.tsx';
import { renderDocument, type PageAssets } from './document.ts';
import { toPageData } from './toPageData.ts';
import { siteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';

/** One route's output: the HTML file and the payload the client router fetches. */
export interface RenderedPage {
  path: string;
  html: string;
  /** The page's data as JSON, for client-side navigation (none for the 404 page). */
  data?: string;
}

export interface RenderContext {
  graph: RouteGraph;
  config: ResolvedConfig;
  site: SiteData;
  assets: PageAssets;
  headTags: string;
}

/** `renderToString` of the theme for one route, inside the full HTML document. */
export function renderRoute(route: Route, ctx: RenderContext): RenderedPage {
  const page: PageData = toPageData(route, ctx.graph, ctx.config);
  let body: string;
  try {
    body = renderPage(ctx.site, page);
  } catch (error) {
    throw siteError({ file: route.source, ...catalog.renderFailed(route.path, (error as Error).message) }, error);
  }
  const html = renderDocument({ site: ctx.site, page, body, assets: ctx.assets, headTags: ctx.headTags, noIndex: route.noIndex });
  return { path: route.path, html, data: route.kind === 'not-found' ? undefined : JSON.stringify(page) };
}
