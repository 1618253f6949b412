import crypto, { createHash } from 'node:crypto';
import type { Route, RouteGraph, SidebarItem } from '../graph/types.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';
import { contentJsx } from '../content/contentJsx.ts';
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
 *   bundle's file names, the head tags, the blog sidebar, and the docs versions (without
 *   their lists of docs: pages read how many versions there are, the site data the rest);
 * - what the page looked up in the graph's tables when it was rendered (`recordingGraph`:
 *   the routes its links lead to, which file is published where, image sizes, partials, raw files),
 *   with what each lookup finds now (`readsDigest`). So a page added, removed or moved
 *   re-renders the pages whose links or cards reach it, or whose sidebar lists it, not
 *   every page. The build keeps the two apart: when no table changed (`tablesDigest`),
 *   a page's lookups find what they found before, and are not redone.
 * The generator's own code is not here: the cache that holds fingerprints is per
 * generator version. Same inputs, same fingerprint: no clock, no absolute paths.
 */
export function pageFingerprints(
  graph: RouteGraph,
  ctx: { site: SiteData; assets: PageAssets; headTags: string; documentKeys: ReadonlyMap<string, string>; siteCode?: string; cardsOf?: (document: LoadedDocument) => boolean },
): Map<string, string> {
  const cardsOf = ctx.cardsOf ?? mayShowDocCards;
  const keyOf = (document: LoadedDocument) => ctx.documentKeys.get(document.file) ?? digest(JSON.stringify(document));
  const shared = sharedDigest(graph, ctx);
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
  // A doc route holds one document, at the top, and no excerpt: the same JSON without a
  // replacer, which V8 calls for every value (10,000 docs: 0.4 s of a rebuild's CPU).
  if (route.kind === 'doc') return JSON.stringify({ ...route, document: `doc:${keyOf(route.document)}` });
  return JSON.stringify(route, function (this: Record<string, unknown>, key, value: unknown) {
    if (key === 'document' && value && typeof value === 'object') return `doc:${keyOf(value as LoadedDocument)}`;
    // An excerpt is the start of its post's document, which the post's source names.
    if (key === 'excerpt' && typeof this.source === 'string' && documentKeys.has(this.source)) return `excerpt:${documentKeys.get(this.source)}`;
    return value;
  });
}

function sharedDigest(graph: RouteGraph, ctx: { site: SiteData; assets: PageAssets; headTags: string; siteCode?: string }): string {
  const hash = createHash('sha1');
  // siteCode: the digest of the site's own components and overrides, which pages render on the server.
  // Versions without their docs: pages read how many there are (versionOf); the site data, which is here, the rest.
  const versions = graph.docsPlugins.map((p) => [p.pluginId, p.routeBasePath, p.versions.map(({ docs: _docs, draftIds: _drafts, ...v }) => v)]);
  const main = graph.versions.map(({ docs: _docs, draftIds: _drafts, ...v }) => v);
  hash.update(JSON.stringify([ctx.site, ctx.assets, ctx.headTags, graph.blogSidebar, versions, main, ctx.siteCode ?? null]));
  return hash.digest('base64url');
}

/**
 * Everything link resolution can read: every route's path and permalink, which file is
 * published where, image sizes, partials, raw files. What a page that read the graph in a way not
 * recorded lookup by lookup (`*`) depends on.
 */
function allTablesDigest(graph: RouteGraph, keyOf: (document: LoadedDocument) => string): string {
  const hash = createHash('sha1');
  // Every route whole (by its JSON): such a page may read anything of any route.
  for (const route of graph.routes) hash.update(`\0${routeJson(route, new Map(), keyOf)}`);
  for (const [file, route] of graph.fileRoutes) hash.update(`\0${file}\0${route}`);
  for (const [url, size] of graph.imageSizes) hash.update(`\0${url}\0${size.width}x${size.height}`);
  for (const [file, partial] of graph.partials) hash.update(`\0${file}\0${keyOf(partial)}`);
  for (const [file, text] of graph.rawFiles) hash.update(`\0${file}\0${digest(text)}`);
  return hash.digest('base64url');
}

/** The graph's tables a page's render looks things up in, and the name each lookup is recorded under. */
const TABLES = { byPath: 'route', fileRoutes: 'file', imageSizes: 'image', partials: 'partial', rawFiles: 'raw' } as const;
/** Fields of the graph a page's fingerprint covers otherwise: its own sidebar (in the route), and `shared`. */
const COVERED = new Set<string | symbol>(['sidebars', 'blogSidebar', 'docsPlugins', 'versions', 'version', 'posts']);

/**
 * A view of `graph` that records each lookup a render makes in its tables, as
 * "table\0key". Any other use of a table (iterating it, its size) or of a field not
 * covered otherwise is recorded as "*": the page then depends on every table whole.
 * `take()` returns what was recorded since the last call, and starts again.
 */
export function recordingGraph(graph: RouteGraph): { graph: RouteGraph; take: () => string[] } {
  let reads = new Set<string>();
  const tables = new Map<string | symbol, unknown>();
  for (const [field, table] of Object.entries(TABLES)) {
    const map = graph[field as keyof typeof TABLES] as Map<string, unknown>;
    const lookup = (key: string) => reads.add(`${table}\0${key}`);
    tables.set(
      field,
      new Proxy(map, {
        get(target, prop) {
          if (prop === 'get') return (key: string) => (lookup(key), target.get(key));
          if (prop === 'has') return (key: string) => (lookup(key), target.has(key));
          reads.add('*');
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      }),
    );
  }
  const view = new Proxy(graph, {
    get(target, prop, receiver) {
      if (tables.has(prop)) return tables.get(prop);
      if (!COVERED.has(prop)) reads.add('*');
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return {
    graph: view,
    take: () => {
      const out = [...reads].sort();
      reads = new Set();
      return out;
    },
  };
}

/**
 * What a page's recorded lookups find in `graph`, as one digest; `memo` holds each
 * lookup's answer across the pages of one build (many pages look up the same routes).
 */
export function readsDigest(reads: readonly string[], graph: RouteGraph, ctx: { documentKeys: ReadonlyMap<string, string>; memo: Map<string, string> }): string {
  const keyOf = (document: LoadedDocument) => ctx.documentKeys.get(document.file) ?? digest(JSON.stringify(document));
  const hash = createHash('sha1');
  for (const read of reads) {
    let found = ctx.memo.get(read);
    if (found === undefined) {
      const at = read.indexOf('\0');
      const table = read.slice(0, at);
      const key = read.slice(at + 1);
      if (read === '*') found = allTablesDigest(graph, keyOf);
      else if (table === 'route') found = routeIdentity(graph.byPath.get(key));
      else if (table === 'file') found = graph.fileRoutes.get(key) ?? '-';
      else if (table === 'image') found = JSON.stringify(graph.imageSizes.get(key) ?? null);
      else if (table === 'partial') found = ((partial) => (partial ? keyOf(partial) : '-'))(graph.partials.get(key));
      else if (table === 'raw') found = ((text) => (text === undefined ? '-' : digest(text)))(graph.rawFiles.get(key));
      else found = allTablesDigest(graph, keyOf);
      ctx.memo.set(read, found);
    }
    hash.update(`\0${read}\0${found}`);
  }
  return hash.digest('base64url');
}

/**
 * What a page reads of a route it looks up: its address and kind (links). Not its
 * description, which only doc cards show (counted with the sidebar, `listedDescriptions`,
 * for the pages that may show them), nor its document, which only a blog list reads (its
 * posts' excerpts are counted by their documents' keys in the route): so editing a page
 * does not re-render every page that links to it.
 */
function routeIdentity(route: Route | undefined): string {
  return route ? JSON.stringify([route.path, route.permalink ?? null, route.kind]) : '-';
}

/**
 * What every recorded lookup but "*" can find in `graph` (see `readsDigest`): each route's
 * identity by path, which file is published where, image sizes, partials, raw files. Two builds whose
 * tables have the same digest answer every such lookup the same, so a page whose reads have
 * no "*" finds what it found before without its lookups being redone: one pass over the
 * tables instead of a digest per page (2,000 docs: 9 lookups a page, about 60 ms of CPU).
 */
export function tablesDigest(graph: RouteGraph, documentKeys: ReadonlyMap<string, string>): string {
  const keyOf = (document: LoadedDocument) => documentKeys.get(document.file) ?? digest(JSON.stringify(document));
  const parts: string[] = [];
  for (const [key, route] of graph.byPath) parts.push(`route\0${key}\0${routeIdentity(route)}`);
  for (const [file, route] of graph.fileRoutes) parts.push(`file\0${file}\0${route}`);
  for (const [url, size] of graph.imageSizes) parts.push(`image\0${url}\0${JSON.stringify(size ?? null)}`);
  for (const [file, partial] of graph.partials) parts.push(`partial\0${file}\0${keyOf(partial)}`);
  for (const [file, text] of graph.rawFiles) parts.push(`raw\0${file}\0${digest(text)}`);
  return digest(parts.join('\0\0'));
}

/** Whether a page's lookups are all answered by the tables `tablesDigest` covers. */
export function readsOnlyTables(reads: readonly string[]): boolean {
  return reads.every((read) => {
    const at = read.indexOf('\0');
    return at > 0 && TABLE_NAMES.has(read.slice(0, at));
  });
}

const TABLE_NAMES = new Set<string>(Object.values(TABLES));

/** Theme components that never read the page's doc cards. */
const NO_CARDS = new Set(['Admonition', 'CodeBlock', 'Details', 'Link', 'TabItem', 'Tabs', 'ThemedImage', 'TOCInline']);

/**
 * Whether a document's content may read the cards of its sidebar category: it is MDX and
 * imports something, or holds an expression, or an element other than the theme
 * components above (DocCardList itself, or a name that could be anything).
 */
export function mayShowDocCards(document: LoadedDocument): boolean {
  if (!document.mdx) return false;
  if (Object.keys(document.mdx.bindings).length > 0) return true;
  // Read at load time; from the tree for a document made otherwise.
  const jsx = document.jsx ?? contentJsx(document.content);
  return jsx.expressions || jsx.elements.some((name) => !(name !== null && NO_CARDS.has(name)));
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

/**
 * The SHA-1 of `text`, base64url: what names a page's inputs, a document's content, a search
 * page's part. Node's one-shot `crypto.hash` where it has it (20.12 and later): no Hash
 * object per call, about half the time for the short texts hashed here by the ten thousand
 * (a one-page rebuild of 10,000 docs asks for 20,437); the same digest either way.
 */
export const digest: (text: string | Uint8Array) => string =
  typeof crypto.hash === 'function' ? (text) => crypto.hash('sha1', text, 'base64url') : (text) => createHash('sha1').update(text).digest('base64url');
