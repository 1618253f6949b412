import type { ResolvedConfig } from '../config/types.ts';
import { catalog } from '../errors/catalog.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { watchdog } from '../watchdog.ts';
import { canonicalPath, routeFile, urlFilePath } from './paths.ts';
import { urlOf } from './permalinks.ts';
import { RESERVED_PREFIXES, unwritableName } from './invariants.ts';
import { MARKER_FILE } from '../write/outputFolder.ts';
import type { Route } from './types.ts';
import { withArticle } from '../report/valueText.ts';

/** An old address that leads on: a small HTML file at `from` (render/redirectPage.ts). */
export interface Redirect {
  /** The old address under the base URL, encoded as routes are ("/docs/api.html", "/old/"). */
  from: string;
  /** Where it leads: a path under the base URL (its ?query and #hash kept) or an http(s) URL. */
  to: string;
  /** Its file, relative to the output folder ("docs/api.html/index.html"). */
  file: string;
  /** The config key of its target, for messages (`redirects.rules.2.to`, `redirects.createRedirects`). */
  configKey: string;
}

/** A redirect as the options make it, before it is checked. */
interface Candidate {
  from: string;
  to: string;
  /** Where `from` and `to` are written (a rule's own keys), for messages about either. */
  fromKey: string;
  toKey: string;
  /** Made for every page by an extension option: one that falls on a page is dropped without a word. */
  automatic: boolean;
}

/**
 * The site's redirects, as Docusaurus's client-redirects plugin collects them from its
 * options (`config.redirects`): `fromExtensions` and `toExtensions` for every page, the
 * rules, then what `createRedirects` returns for each page's URL (as Docusaurus writes it,
 * `urlOf`). A `to` path gets the site's trailing slash as Docusaurus applies it; whether it
 * leads anywhere is the link check's (checkLinks.ts).
 *
 * Left out, each with a message at its config key: a `from` that is no path of this site
 * (a URL, a ?query or #hash, `..` in any form: its file would be outside the output
 * folder); a `to` that is neither a path nor an http(s) URL (a `javascript:` one would run
 * on the old address); an address redirected twice (the first wins, as in Docusaurus); an
 * address that is a page (it keeps its page); one that would replace a static file or a
 * file the generator writes (an error: nothing the author made is overwritten).
 * Pure but for the author's `createRedirects`, which runs watched (watchdog.ts).
 */
export function collectRedirects(routes: readonly Route[], config: ResolvedConfig, staticFiles: readonly string[], siteFiles: ReadonlyMap<string, string>): { redirects: Redirect[]; diagnostics: Diagnostic[] } {
  const options = config.redirects;
  const redirects: Redirect[] = [];
  const diagnostics: Diagnostic[] = [];
  if (options.rules.length === 0 && options.fromExtensions.length === 0 && options.toExtensions.length === 0 && !options.createRedirects) return { redirects, diagnostics };
  const configFile = config.configFile ? config.configFile.slice(config.siteDir.length + 1) : undefined;
  const problem = (severity: Diagnostic['severity'], configKey: string, entry: ReturnType<typeof catalog.redirectFromInvalid>) => diagnostics.push({ severity, file: configFile, configKey, ...entry });
  // Docusaurus's option names under its plugin entry; ours under `redirects`.
  const at = config.redirectsAt ?? 'redirects';
  const rulesKey = config.redirectsAt ? `${at}.redirects` : `${at}.rules`;
  const pages = routes.filter((route) => route.kind !== 'not-found').map((route) => urlOf(route, config.trailingSlash));

  const candidates: Candidate[] = [];
  const extensions = (list: string[], key: string) =>
    list.flatMap((extension, i) => {
      const wrong = extensionProblem(extension);
      if (wrong) problem('error', `${at}.${key}.${i}`, catalog.redirectExtensionInvalid(extension, wrong));
      return wrong ? [] : [{ dotted: `.${extension}`, key: `${at}.${key}.${i}` }];
    });
  const fromExtensions = extensions(options.fromExtensions, 'fromExtensions');
  for (const page of pages) {
    if (page === '/' || fromExtensions.some(({ dotted }) => page.endsWith(dotted))) continue;
    // "/a" → "/a.html", "/a/" → "/a.html/" (Docusaurus's forms: the file is a.html/index.html either way).
    for (const { dotted, key } of fromExtensions) candidates.push({ from: page.endsWith('/') ? `${page.slice(0, -1)}${dotted}/` : `${page}${dotted}`, to: page, fromKey: key, toKey: key, automatic: true });
  }
  const toExtensions = extensions(options.toExtensions, 'toExtensions');
  for (const page of pages) {
    const found = toExtensions.find(({ dotted }) => page.endsWith(dotted));
    if (found) candidates.push({ from: page.slice(0, -found.dotted.length), to: page, fromKey: found.key, toKey: found.key, automatic: true });
  }
  options.rules.forEach((rule, i) => {
    const key = `${rulesKey}.${i}`;
    const froms = typeof rule.from === 'string' ? [rule.from] : rule.from;
    froms.forEach((from, k) => candidates.push({ from, to: rule.to, fromKey: typeof rule.from === 'string' ? `${key}.from` : `${key}.from.${k}`, toKey: `${key}.to`, automatic: false }));
  });
  const create = options.createRedirects;
  if (create) {
    const key = `${at}.createRedirects`;
    // The author's code, once per page: one that never ends stops the command here, named.
    watchdog.runSync({ what: 'Collecting the redirects createRedirects returns', file: configFile }, () => {
      for (const page of pages) {
        let returned: unknown;
        try {
          returned = create(page);
        } catch (error) {
          problem('error', key, catalog.createRedirectsFailed(page, `threw: ${error instanceof Error ? error.message : String(error)}`));
          return;
        }
        const froms = returned === null || returned === undefined || returned === '' ? [] : typeof returned === 'string' ? [returned] : returned;
        if (!Array.isArray(froms) || froms.some((from) => typeof from !== 'string')) {
          problem('error', key, catalog.createRedirectsFailed(page, `returned ${shapeOf(returned)}`));
          return;
        }
        for (const from of froms as string[]) candidates.push({ from, to: page, fromKey: key, toKey: key, automatic: false });
      }
    });
  }

  // What already has an address: pages (their files), static files and the generator's own.
  const pagePaths = new Set(routes.map((route) => route.path));
  const pageFiles = new Set(routes.map((route) => routeFile(route.path, config.trailingSlash)));
  const taken = new Map<string, string>();
  for (const file of staticFiles) taken.set(file, `the static file "${file}"`);
  for (const [file, what] of siteFiles) taken.set(file, what);
  taken.set(MARKER_FILE, "the output folder's marker");
  const byFile = new Map<string, Redirect>();
  for (const candidate of candidates) {
    const from = candidate.from;
    const fromPath = pathOnSite(from);
    if ('problem' in fromPath) {
      problem('error', candidate.fromKey, catalog.redirectFromInvalid(from, fromPath.problem));
      continue;
    }
    const to = targetOf(candidate.to, config.trailingSlash);
    if (to === undefined) {
      problem('error', candidate.toKey, catalog.redirectToInvalid(from, candidate.to));
      continue;
    }
    const file = redirectFile(fromPath.path);
    const reserved = RESERVED_PREFIXES.find((prefix) => `${fromPath.path}/`.startsWith(prefix));
    const unwritable = unwritableName(file);
    if (reserved || unwritable) {
      problem('error', candidate.fromKey, catalog.redirectFromInvalid(from, reserved ? `it is in "${reserved}", a folder the generator writes` : `its file cannot be written: ${unwritable}`));
      continue;
    }
    const first = byFile.get(file);
    if (first) {
      if (first.to !== to) problem('warning', candidate.fromKey, catalog.redirectFromTwice(from, first.to, to));
      continue;
    }
    // A page's address (with or without its slash), or its file or a folder on the way to it is a page's file.
    if (pagePaths.has(fromPath.path.endsWith('/') ? fromPath.path : `${fromPath.path}/`) || withFolders(file).some((f) => pageFiles.has(f))) {
      if (!candidate.automatic) problem('warning', candidate.fromKey, catalog.redirectFromIsPage(from, to));
      continue;
    }
    const other = withFolders(file).find((f) => taken.has(f));
    if (other !== undefined) {
      problem('error', candidate.fromKey, catalog.redirectFromIsFile(from, taken.get(other)!));
      continue;
    }
    byFile.set(file, { from: fromPath.path, to, file, configKey: candidate.toKey });
  }
  for (const redirect of byFile.values()) redirects.push(redirect);
  redirects.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { redirects, diagnostics };
}

/** Why Docusaurus refuses an extension (it must be what follows the dot in a URL), or undefined. */
function extensionProblem(extension: string): string | undefined {
  if (!extension) return 'is empty';
  if (extension.includes('.')) return 'holds a "." (write it without the dot)';
  if (extension.includes('/')) return 'holds a "/"';
  if (encodeURIComponent(extension) !== extension) return 'holds characters a URL does not carry as they are';
  return undefined;
}

/**
 * An old address as a route path of this site (encoded as routes are, `canonicalPath`),
 * or why it is not one: it must start with one "/", carry no ?query or #hash, have valid
 * escapes, and no segment may be "." or ".." or hold a "/" or "\" once decoded (its file
 * would be elsewhere, or outside the output folder).
 */
function pathOnSite(from: string): { path: string } | { problem: string } {
  if (!from.startsWith('/') || from.startsWith('//')) return { problem: 'it does not start with "/" (it must be a path on this site, not a URL)' };
  if (/[?#]/.test(from)) return { problem: 'it holds a "?" or "#" (an address is a path; its query and hash are kept as the reader sent them)' };
  if (/[\\\0]/.test(from)) return { problem: 'it holds a backslash or a NUL character' };
  const path = canonicalPath(from);
  if (path === undefined) return { problem: 'it holds a "%" that starts no escape' };
  for (const segment of path.split('/')) {
    const decoded = decodeURIComponent(segment);
    if (decoded === '.' || decoded === '..' || /[/\\\0]/.test(decoded)) return { problem: 'it holds "." or ".." as a segment, or an encoded "/" (its file would be elsewhere)' };
  }
  return { path };
}

/**
 * Where a redirect leads, as Docusaurus writes it: a path (under the base URL) with the
 * site's trailing slash applied to its path part (`applyTrailingSlash`: added with
 * `trailingSlash: true`, taken off with `false`, as written without it; the root keeps
 * its slash), or an http(s) URL as it is; undefined for anything else.
 */
function targetOf(to: string, trailingSlash: boolean | undefined): string | undefined {
  if (/^https?:\/\/[^/]/i.test(to)) return /[\s\u0000-\u001f\u007f]/.test(to) || !URL.canParse(to) ? undefined : to;
  if (!to.startsWith('/') || to.startsWith('//') || /[\\\0\s]/.test(to)) return undefined;
  if (trailingSlash === undefined) return to;
  const end = to.search(/[?#]/);
  const [path, rest] = end < 0 ? [to, ''] : [to.slice(0, end), to.slice(end)];
  if (path === '/') return to;
  return `${trailingSlash ? (path.endsWith('/') ? path : `${path}/`) : path.replace(/\/+$/, '')}${rest}`;
}

/** The file of an old address (decoded, as a static host looks it up): always `<address>/index.html`, as Docusaurus writes it, so a page's own `x.html` keeps precedence. */
function redirectFile(routePath: string): string {
  const file = urlFilePath(routePath).replace(/\/+$/, '');
  return file ? `${file}/index.html` : 'index.html';
}

/** A file and the folders on the way to it: "a/b/index.html" → ["a", "a/b", "a/b/index.html"]. */
function withFolders(file: string): string[] {
  const parts = file.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

const shapeOf = (value: unknown) => (Array.isArray(value) ? 'a list holding something other than strings' : value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function' ? 'a promise (it must return its addresses, not wait for them)' : withArticle(typeof value));
