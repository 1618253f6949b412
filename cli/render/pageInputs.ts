import { createHash } from 'node:crypto';
import type { Route, RouteGraph, SidebarItem } from '../graph/types.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';
import type { SiteData } from '../../runtime/pageData.ts';
import type { PageAssets } from './document.ts';

/**
 * A fingerprint of everything a route's files are made from, computed from the render's
 * inputs rather than from its output: the page data (toPageData) holds the content
 * rendered to HTML, which is most of the cost of rendering (2,000 docs: 1.6–2.7 s for the
 * page data, and 0.7 s more to hash it, against about 40 ms for these). A page whose
 * fingerprint is the one its files were made with is not rendered again.
 *
 * What `toPageData`, `renderPage` and `pageDocument` read, and where it is counted:
 * - the route itself (title, breadcrumbs, previous/next, tags, items, posts, version
 *   links…), with each document and excerpt counted by its content key (a document is a
 *   pure function of its file's path and text, see `cacheKey`);
 * - the sidebar it shows (pruned by its own path, which is in the route) and, for a doc
 *   that may show `<DocCardList />`, the descriptions of the pages the sidebar lists
 *   (see `mayShowDocCards`: editing a page's first paragraph, its description, then
 *   re-renders the pages that may show it as a card, not the whole sidebar);
 * - for every page, `shared`: the site data (it carries the config's hash), the client
 *   bundle's file names, the head tags, the blog sidebar, and what link resolution reads:
 *   every route's path and permalink, which file is published where, image sizes, the
 *   docs versions, and the partials pages import. A page added, removed or moved changes
 *   it, so everything is rendered again then (a page's links may now resolve elsewhere).
 * The generator's own code is not here: the cache that holds fingerprints is per
 * generator version. Same inputs, same fingerprint: no clock, no absolute paths.
 */
export function pageFingerprints(
  graph: RouteGraph,
  ctx: { site: SiteData; assets: PageAssets; headTags: string; documentKeys: ReadonlyMap<string, string>; siteCode?: string; cardsOf?: (document: LoadedDocument) => boolean },
): Map<string, string> {
  const cardsOf = ctx.cardsOf ?? mayShowDocCards;
  const keyOf = (document: LoadedDocument) => ctx.documentKeys.get(document.file) ?? digest(JSON.stringify(document));
  const shared = sharedDigest(graph, ctx, keyOf);
  const sidebars = new Map<string, string>();
  const sidebarDigest = (id: string, withDescriptions: boolean) => {
    const name = `${withDescriptions}\0${id}`;
    let hash = sidebars.get(name);
    if (hash === undefined) {
      const items = graph.sidebars[id] ?? [];
      hash = digest(JSON.stringify(withDescriptions ? [items, listedDescriptions(graph, items)] : [items]));
      sidebars.set(name, hash);
    }
    return hash;
  };
  const out = new Map<string, string>();
  for (const route of graph.routes) {
    const sidebar = 'sidebarId' in route && route.sidebarId ? sidebarDigest(route.sidebarId, route.kind === 'doc' && cardsOf(route.document)) : '';
    out.set(route.path, digest(`${shared}\0${sidebar}\0${routeJson(route, ctx.documentKeys, keyOf)}`));
  }
  return out;
}

/** A route as JSON with its trees left out: documents by content key, excerpts by their post's. */
export function routeJson(route: Route, documentKeys: ReadonlyMap<string, string>, keyOf: (document: LoadedDocument) => string): string {
  return JSON.stringify(route, function (this: Record<string, unknown>, key, value: unknown) {
    if (key === 'document' && value && typeof value === 'object') return `doc:${keyOf(value as LoadedDocument)}`;
    // An excerpt is the start of its post's document, which the post's source names.
    if (key === 'excerpt' && typeof this.source === 'string' && documentKeys.has(this.source)) return `excerpt:${documentKeys.get(this.source)}`;
    return value;
  });
}

function sharedDigest(graph: RouteGraph, ctx: { site: SiteData; assets: PageAssets; headTags: string; siteCode?: string }, keyOf: (document: LoadedDocument) => string): string {
  const hash = createHash('sha1');
  // siteCode: the digest of the site's own components and overrides, which pages render on the server.
  hash.update(JSON.stringify([ctx.site, ctx.assets, ctx.headTags, graph.blogSidebar, graph.versions, ctx.siteCode ?? null]));
  for (const route of graph.routes) hash.update(`\0${route.path}\0${route.permalink ?? ''}`);
  for (const [file, route] of graph.fileRoutes) hash.update(`\0${file}\0${route}`);
  for (const [url, size] of graph.imageSizes) hash.update(`\0${url}\0${size.width}x${size.height}`);
  for (const [file, partial] of graph.partials) hash.update(`\0${file}\0${keyOf(partial)}`);
  return hash.digest('base64url');
}

/** Theme components that never read the page's doc cards. */
const NO_CARDS = new Set(['Admonition', 'CodeBlock', 'Details', 'Link', 'TabItem', 'Tabs', 'TOCInline']);

/**
 * Whether a document's content may read the cards of its sidebar category: it is MDX and
 * imports something, or holds an expression, or an element other than the theme
 * components above (DocCardList itself, or a name that could be anything).
 */
export function mayShowDocCards(document: LoadedDocument): boolean {
  if (!document.mdx) return false;
  if (Object.keys(document.mdx.bindings).length > 0) return true;
  const walk = (node: { type: string; name?: unknown; attributes?: { value?: unknown }[]; children?: unknown[] }): boolean => {
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return true;
    // An attribute's expression may hold an element too.
    if (node.attributes?.some((a) => a.value !== null && a.value !== undefined && typeof a.value !== 'string')) return true;
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && !(typeof node.name === 'string' && NO_CARDS.has(node.name))) return true;
    return (node.children ?? []).some((child) => walk(child as typeof node));
  };
  return walk(document.content as unknown as { type: string; children?: unknown[] });
}

/** The descriptions of the pages a sidebar links to, in its order. */
function listedDescriptions(graph: RouteGraph, items: SidebarItem[]): string[] {
  const out: string[] = [];
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.href) out.push(graph.byPath.get(item.href)?.description ?? '');
      if (item.type === 'category') walk(item.items);
    }
  };
  walk(items);
  return out;
}

export function digest(text: string | Uint8Array): string {
  return createHash('sha1').update(text).digest('base64url');
}
