import type { Diagnostic } from '../report/diagnostic.ts';
import type { Route } from './types.ts';
import { catalog } from '../errors/catalog.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { joinRoute, routeFile, urlFilePath } from './paths.ts';
import { MARKER_FILE } from '../write/outputFolder.ts';

/** Folders of the output the generator writes itself; no page may live there. */
export const RESERVED_PREFIXES = ['/assets/', '/page-data/'];

/**
 * Files the generator publishes beside the pages (by output path, with what each is, for
 * messages), whose names a page's folder could take and a link may name: the sitemap,
 * robots.txt, the blog's feeds and the local search index's manifest (its other files are
 * named by hashes). A static file of the same path is published instead (siteWideFiles).
 */
export function siteFileNames(config: Pick<ResolvedConfig, 'blog' | 'search'>, hasPosts: boolean): Map<string, string> {
  const files = new Map<string, string>([
    ['sitemap.xml', 'the sitemap'],
    ['robots.txt', 'the generated robots.txt'],
  ]);
  if (hasPosts) {
    const dir = urlFilePath(joinRoute(config.blog.routeBasePath));
    for (const feed of ['rss.xml', 'atom.xml', 'feed.json']) files.set(`${dir}${feed}`, "the blog's feed");
  }
  if (config.search.provider === 'local') files.set('search/manifest.json', 'the search index');
  return files;
}

/**
 * Two routes with one path, a route inside a reserved folder, a route that a static
 * file would overwrite (its index.html, or its "x.html" with `trailingSlash: false`, see
 * routeFile), a route whose file would be inside a file (a static file, one of
 * `siteFiles`, or another page's file, where its folder would have to be), or one whose
 * file no file system can hold (unwritableName): each is an error listing every file involved.
 */
export function checkInvariants(routes: Route[], staticFiles: string[], trailingSlash?: boolean, siteFiles: ReadonlyMap<string, string> = new Map()): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const claims = new Map<string, string[]>();
  const firstPlace = new Map<string, Pick<Diagnostic, 'file' | 'line' | 'column'>>();
  for (const route of routes) {
    const list = claims.get(route.path) ?? [];
    const slugLine = slugLineOf(route);
    const where = route.source && slugLine ? `${route.source}:${slugLine} (slug)` : route.source;
    list.push(route.canonical ? `${where ?? route.kind} (mirrored from ${route.canonical})` : where ?? `(generated ${route.kind} page)`);
    claims.set(route.path, list);
    if (!firstPlace.has(route.path) && route.source) firstPlace.set(route.path, { file: route.source, line: slugLine, column: slugLine && 1 });
    const reserved = RESERVED_PREFIXES.find((p) => route.path.startsWith(p));
    if (reserved) diagnostics.push({ severity: 'error', file: route.source ?? route.madeBy, ...(route.source && slugLine ? { line: slugLine, column: 1 } : {}), ...catalog.reservedRoute(route.path, reserved, route.kind === 'search') });
    const unwritable = unwritableName(routeFile(route.path, trailingSlash)) ?? encodedSeparator(route.path);
    const file = route.source ?? route.madeBy;
    if (unwritable) diagnostics.push({ severity: 'error', ...(file ? { file, line: slugLine, column: slugLine && 1 } : {}), ...catalog.routeNotWritable(route.path, unwritable) });
  }
  diagnostics.push(...routesInsideFiles(routes, staticFiles, trailingSlash, siteFiles));
  const staticSet = new Set(staticFiles.map((f) => `/${f}`));
  for (const [path, files] of claims) {
    const staticFile = !path.endsWith('/') ? path : trailingSlash === false && path !== '/' ? `${path.slice(0, -1)}.html` : `${path}index.html`;
    const claimedByStatic = staticSet.has(staticFile);
    if (claimedByStatic) files.push(`static${staticFile}`);
    // Generated pages (the not-found page, tag lists) have no file: the static file is the place then.
    const place = firstPlace.get(path) ?? (claimedByStatic ? { file: `static${staticFile}` } : {});
    if (files.length > 1) diagnostics.push({ severity: 'error', ...place, ...catalog.duplicateRoute(path, files) });
  }
  diagnostics.push(...filesAlikeOnMacOS(routes, trailingSlash));
  return diagnostics;
}

/**
 * Routes whose files differ only in case or in how an accent is encoded (`/Intro/` and
 * `/intro/`, `café` composed and decomposed): macOS's and Windows' file systems take them
 * for one file, so a build there writes one page over the other, and hosts that serve from
 * such a disk show one page at both addresses. A warning (Linux keeps both), at the first
 * page's file, naming every page involved.
 */
function filesAlikeOnMacOS(routes: Route[], trailingSlash: boolean | undefined): Diagnostic[] {
  const byKey = new Map<string, Route[]>();
  for (const route of routes) {
    const key = routeFile(route.path, trailingSlash).normalize('NFC').toLowerCase();
    const list = byKey.get(key);
    if (!list) byKey.set(key, [route]);
    else if (!list.some((r) => r.path === route.path)) list.push(route);
  }
  const diagnostics: Diagnostic[] = [];
  for (const alike of byKey.values()) {
    if (alike.length < 2) continue;
    const first = alike.find((r) => r.source) ?? alike[0]!;
    const line = slugLineOf(first);
    diagnostics.push({ severity: 'warning', ...(first.source ? { file: first.source, line, column: line && 1 } : {}), ...catalog.routesAlikeOnMacOS(alike.map((r) => `${r.path}${r.source ? ` (${r.source})` : ''}`)) });
  }
  return diagnostics;
}

/** A page that set its slug is named at the slug's line: that is what to change. */
function slugLineOf(route: Route): number | undefined {
  return 'document' in route && route.document.frontMatter.slug !== undefined ? route.document.frontMatterLines?.slug : undefined;
}

/**
 * Routes whose file would be inside a path that is a file (`guide/intro/index.html` when
 * static/guide is a file, `sitemap.xml/index.html`): the write would fail with EISDIR or
 * ENOTDIR. An error at the route's slug, naming what the file is.
 */
function routesInsideFiles(routes: Route[], staticFiles: string[], trailingSlash: boolean | undefined, siteFiles: ReadonlyMap<string, string>): Diagnostic[] {
  const owners = new Map<string, string>([...siteFiles, [MARKER_FILE, "the output folder's marker"]]);
  for (const file of staticFiles) owners.set(file, `static/${file}`);
  for (const route of routes) owners.set(routeFile(route.path, trailingSlash), `the page ${route.path}${route.source ? ` (${route.source})` : ''}`);
  const diagnostics: Diagnostic[] = [];
  for (const route of routes) {
    const parts = routeFile(route.path, trailingSlash).split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      const owner = owners.get(folder);
      if (owner === undefined) continue;
      const file = route.source ?? route.madeBy;
      const line = slugLineOf(route);
      diagnostics.push({ severity: 'error', ...(file ? { file, line, column: line && 1 } : {}), ...catalog.routeInsideFile(route.path, folder, owner) });
      break;
    }
  }
  return diagnostics;
}

/** The longest file or folder name, in bytes, that Linux, macOS and Windows file systems all take. */
const MAX_NAME_BYTES = 255;

/**
 * The longest path an output file may have inside the output folder, in bytes: macOS
 * takes paths of at most 1,024 bytes, the output folder's own included, so this leaves
 * room for it. (Linux takes 4,096; past that the writer's ENAMETOOLONG names the folder.)
 */
const MAX_PATH_BYTES = 900;

/**
 * Why an output file's path cannot be written as it is, or undefined: a part over 255
 * bytes or a whole path over MAX_PATH_BYTES (ENAMETOOLONG when written, and `check`
 * would pass it), or a part holding a control character (a NUL cannot be in a file
 * name; the others make addresses no one can type or share).
 */
/**
 * Why no address reaches a route whose address holds a slash or backslash written encoded
 * (`slug: /a/%2F..`): its file keeps the `%2F` in its name, but a static host decodes the
 * address first and looks for another file. (A file named `a%2Fb.md` is `/a%252Fb/`: fine.)
 */
function encodedSeparator(path: string): string | undefined {
  const found = /%2F|%5C/i.exec(path);
  return found ? `it holds an encoded ${found[0].toUpperCase() === '%2F' ? 'slash' : 'backslash'} (${found[0]}), which a static host reads as a folder separator, so no address reaches the page` : undefined;
}

export function unwritableName(file: string): string | undefined {
  for (const name of file.split('/')) {
    const control = /[\u0000-\u001f\u007f]/.exec(name);
    if (control) return `its part ${JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name)} holds a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
    const bytes = Buffer.byteLength(name);
    if (bytes > MAX_NAME_BYTES) return `its part "${name.slice(0, 40)}…" is ${bytes} bytes long, and file systems take names of at most ${MAX_NAME_BYTES}`;
  }
  const bytes = Buffer.byteLength(file);
  if (bytes > MAX_PATH_BYTES) return `its file path is ${bytes} bytes long, and file systems take paths of at most about ${MAX_PATH_BYTES} bytes within the output folder (macOS takes 1,024, the folder's own path included)`;
  return undefined;
}
