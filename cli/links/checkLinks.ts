import type { siteFileStatus } from '../config/sitePaths.ts';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import type { LinkRef } from '../content/markdown/links.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';
import type { Route, RouteGraph, SidebarItem } from '../graph/types.ts';
import { catalog } from '../errors/catalog.ts';
import { nearest } from '../report/nearest.ts';
import { decodePart, markdownLinkRoute, resolveLink, type LinkTarget } from './resolveLink.ts';

export interface CheckDeps {
  /** Files of the static folder, relative to it, with forward slashes. */
  staticFiles: Set<string>;
  /**
   * Files the generator publishes beside the pages (the sitemap, the feeds…: siteFileNames),
   * which links may name as they name static files; never suggested for a missing one.
   */
  siteFiles?: Iterable<string>;
  /** Whether a site-relative file (an image next to its Markdown) exists and is inside the site. */
  fileStatus: (file: string) => ReturnType<typeof siteFileStatus>;
  /**
   * Check only the links written in these files, and skip the config's (dev mode after an
   * edit: the other files' results have not changed).
   */
  onlyFiles?: Set<string>;
}

/** Ids the theme puts on every page, which links may target too. */
const THEME_IDS = ['__docusaurus_skipToContent_fallback', 'main'];

/**
 * Every internal link and `#anchor` in content, navbar, footer and sidebars must lead to a
 * route and to an id that route's page really has; every image and static file must
 * exist. Pure: returns diagnostics, the caller decides what they do to the exit code.
 * Mirror copies are not checked twice: their links are their source's.
 */
export function checkLinks(graph: RouteGraph, config: ResolvedConfig, deps: CheckDeps): Diagnostic[] {
  const { diagnostics, checkOne, idsOf, suggest } = linkChecker(graph, config, deps, () => undefined);

  const checkDocument = (document: LoadedDocument, route: Route | undefined) => {
    for (const link of document.links) {
      const at = { file: document.file, line: link.line, column: link.column };
      if (link.file === undefined) {
        checkOne(link.url, link.kind, route, at);
        continue;
      }
      const hash = link.url.includes('#') ? link.url.slice(link.url.indexOf('#') + 1) : undefined;
      if (/\.mdx?$/i.test(link.file)) {
        const targetPath = markdownLinkRoute(link.candidates ?? [link.file], graph);
        const otherPlugin = targetPath && otherDocsPlugin(route, graph.byPath.get(targetPath)!);
        if (!targetPath) {
          // A file that is there but is no page (a partial, a draft, a name the scan skips) is said so, not "does not exist".
          const entry = deps.fileStatus(link.file) === 'ok' ? catalog.mdLinkNotPage(link.url, path.posix.basename(link.file).startsWith('_')) : catalog.brokenMdLink(link.url, suggest(link.file, [...graph.fileRoutes.keys()], 3));
          diagnostics.push({ severity: 'error', ...at, ...entry, markdownLink: true });
        } else if (otherPlugin) {
          diagnostics.push({ severity: 'error', ...at, ...catalog.mdLinkOtherDocsPlugin(link.url, otherPlugin, targetPath), markdownLink: true });
        } else if (hash) {
          // A Markdown file's route is a document's: its ids are known.
          const ids = idsOf(graph.byPath.get(targetPath)!) ?? new Set<string>();
          if (!ids.has(decodePart(hash))) {
            diagnostics.push({ severity: 'error', ...at, ...catalog.brokenAnchor(link.url, targetPath, suggest(hash, ids, 3)) });
          }
        }
      } else {
        const status = deps.fileStatus(link.file);
        if (status === 'missing') diagnostics.push({ severity: 'error', ...at, ...catalog.missingFileBeside(link.url, link.file) });
        else if (status === 'broken-symlink') diagnostics.push({ severity: 'error', ...at, ...catalog.linkToBrokenSymlink(link.url, link.file) });
        else if (status === 'outside') diagnostics.push({ severity: 'error', ...at, ...catalog.fileOutsideSite(link.url, link.file) });
      }
    }
  };

  for (const route of graph.routes) {
    if (!('document' in route) || route.canonical) continue;
    if (deps.onlyFiles && !deps.onlyFiles.has(route.document.file)) continue;
    checkDocument(route.document, route);
    // The social card the front matter names: a warning, as for the config's images (Docusaurus does not look).
    const image = route.document.frontMatter.image;
    const imagePath = typeof image === 'string' ? staticImagePath(image) : undefined;
    if (imagePath) {
      const found = diagnostics.length;
      checkOne(imagePath, 'image', route, { file: route.document.file, line: route.document.frontMatterLines.image, column: 1 });
      for (const problem of diagnostics.slice(found)) Object.assign(problem, { severity: 'warning', ...catalog.frontMatterImageMissing(String(image), problem.hint) });
    }
  }
  // A partial's links are checked once, at its own file and lines; a relative URL in it
  // is read from the first page that shows it (its Markdown file links do not depend on that).
  const shownOn = new Map<string, Route>();
  for (const route of graph.routes) {
    if (!('document' in route) || route.canonical) continue;
    for (const binding of Object.values(route.document.mdx?.bindings ?? {})) if (binding.kind === 'partial' && !shownOn.has(binding.file)) shownOn.set(binding.file, route);
  }
  for (const [file, partial] of graph.partials) {
    if (deps.onlyFiles && !deps.onlyFiles.has(file)) continue;
    checkDocument(partial, shownOn.get(file));
  }

  if (deps.onlyFiles) return diagnostics;

  // Links from the config: navbar, footer, logo.
  const configFile = config.configFile ? config.configFile.slice(config.siteDir.length + 1) : undefined;
  const configLinks: [url: string, key: string][] = [];
  config.navbar.items.forEach((item, i) => {
    if ('to' in item && item.to) configLinks.push([item.to, `navbar.items.${i}.to`]);
    if (item.type === 'dropdown') item.items.forEach((child, k) => child.to && configLinks.push([child.to, `navbar.items.${i}.items.${k}.to`]));
    if (item.type === 'docsVersionDropdown' || item.type === 'localeDropdown') {
      for (const key of ['dropdownItemsBefore', 'dropdownItemsAfter'] as const) item[key]?.forEach((child, k) => child.to && configLinks.push([child.to, `navbar.items.${i}.${key}.${k}.to`]));
    }
  });
  config.footer.links.forEach((entry, i) => {
    if ('items' in entry) entry.items.forEach((link, k) => link.to && configLinks.push([link.to, `footer.links.${i}.items.${k}.to`]));
    else if (entry.to) configLinks.push([entry.to, `footer.links.${i}.to`]);
  });
  for (const [url, key] of configLinks) checkOne(url, 'link', undefined, { file: configFile, configKey: key });
  // Where each redirect leads must be a page or file of the site, as Docusaurus requires (its build fails).
  for (const redirect of graph.redirects) {
    if (!redirect.to.startsWith('/')) continue;
    const found = diagnostics.length;
    checkOne(redirect.to, 'link', undefined, { file: configFile, configKey: redirect.configKey }, true);
    for (const problem of diagnostics.slice(found)) {
      if (problem.code !== 'broken-link' && problem.code !== 'missing-file') continue;
      const entry = catalog.brokenRedirect(redirect.from, redirect.to, []);
      Object.assign(problem, { ...entry, hint: problem.hint?.startsWith('Nearest') ? problem.hint : entry.hint });
    }
  }
  // The config's images, shown on every page. Docusaurus builds with one missing, so a warning, not an error.
  // (A Docusaurus config has them in its themeConfig, but for the favicon.)
  const theme = configFile && /^docusaurus\.config\./.test(path.basename(configFile)) ? 'themeConfig.' : '';
  const configImages: [url: string | undefined, key: string][] = [
    [config.favicon, 'favicon'],
    [config.image, `${theme}image`],
    ...(['navbar', 'footer'] as const).flatMap((part): [string | undefined, string][] => [[config[part].logo?.src, `${theme}${part}.logo.src`], [config[part].logo?.srcDark, `${theme}${part}.logo.srcDark`]]),
  ];
  for (const [value, key] of configImages) {
    const url = value === undefined ? undefined : staticImagePath(value);
    if (!url) continue;
    const found = diagnostics.length;
    checkOne(url, 'image', undefined, { file: configFile, configKey: key });
    // Said as a missing image of the config, which onBrokenLinks does not make an error.
    for (const problem of diagnostics.slice(found)) Object.assign(problem, { severity: 'warning', ...catalog.configImageMissing(url, key, problem.hint) });
  }

  // Sidebar links written as plain hrefs in the config.
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type === 'link' && !item.docId && !item.external) checkOne(item.href, 'link', undefined, { file: configFile });
      if (item.type === 'category') walk(item.items);
    }
  };
  Object.values(graph.sidebars).forEach(walk);
  return diagnostics;
}

/**
 * Checks one link at a time into `diagnostics`. A React page's ids are known only once it
 * is rendered: `renderedIds` gives them, and without them an `#anchor` on such a page is
 * not judged (checkRenderedPages does it after the render).
 */
function linkChecker(graph: RouteGraph, config: ResolvedConfig, deps: CheckDeps, renderedIds: (route: Route) => string[] | undefined) {
  const diagnostics: Diagnostic[] = [];
  const routePaths = [...graph.byPath.keys()].filter((p) => p !== '/404.html');
  // One set per page, made once: a page with 20,000 footnotes has 40,000 ids and as many
  // anchor links, and searching its id list for each link took 30 s.
  const idSets = new Map<Route, Set<string> | undefined>();
  const idsOf = (route: Route): Set<string> | undefined => {
    if (!idSets.has(route)) {
      const ids = route.kind === 'react-page' ? renderedIds(route) : 'document' in route ? documentIds(route.document, graph) : [];
      idSets.set(route, ids && new Set(ids.concat(THEME_IDS)));
    }
    return idSets.get(route);
  };

  // "Did you mean" costs an edit distance per candidate: 20,000 broken anchors on a page of
  // 40,000 ids would take hours. Past this many comparisons a failing build names the
  // problems without suggestions, and ends.
  let budget = SUGGESTION_BUDGET;
  const suggest = (target: string, candidates: readonly string[] | ReadonlySet<string>, count: number, maxDistance?: number): string[] => {
    const size = 'size' in candidates ? candidates.size : candidates.length;
    if (size > budget) return [];
    budget -= size;
    return nearest(target, candidates, count, maxDistance);
  };

  const linkable = deps.siteFiles ? new Set([...deps.staticFiles, ...deps.siteFiles]) : deps.staticFiles;
  // A path from the root leads to the same place from every page: resolved once (10,000
  // docs that each show the logo parsed its URL 10,000 times, 40 ms of a rebuild).
  const fromRoot = new Map<string, LinkTarget>();
  const resolve = (url: string, from: string, underBase: boolean): LinkTarget => {
    const linkDeps = { baseUrl: config.baseUrl, staticFiles: linkable };
    // A path already under the base URL (a redirect's target, which the base URL is put before) is not taken out of it.
    if (underBase) return resolveLink(url, from, graph, { ...linkDeps, baseUrl: '/' });
    if (!url.startsWith('/') || url.startsWith('//')) return resolveLink(url, from, graph, linkDeps);
    let target = fromRoot.get(url);
    if (!target) fromRoot.set(url, (target = resolveLink(url, '/', graph, linkDeps)));
    return target;
  };

  const checkOne = (url: string, kind: LinkRef['kind'], from: Route | undefined, at: Pick<Diagnostic, 'file' | 'line' | 'column' | 'configKey'>, underBase = false) => {
    if (url.startsWith('#')) {
      const id = decodePart(url.slice(1));
      const ids = from && idsOf(from);
      if (id && ids && !ids.has(id)) diagnostics.push({ severity: 'error', ...at, ...catalog.brokenAnchor(url, from!.path, suggest(id, ids, 3)) });
      return;
    }
    const target = resolve(url, from ? from.permalink ?? from.path : '/', underBase);
    if (target.type === 'missing') {
      const entry = kind === 'image' || /\.[a-z\d]{2,5}$/i.test(target.pathname)
        ? catalog.missingFile(url, suggest(target.pathname.slice(1), deps.staticFiles, 3, 12).map((f) => `/${f}`))
        : catalog.brokenLink(url, suggest(target.pathname, routePaths, 3));
      diagnostics.push({ severity: 'error', ...at, ...entry });
    } else if (target.type === 'route' && target.hash) {
      const ids = idsOf(target.route);
      if (ids && !ids.has(target.hash)) diagnostics.push({ severity: 'error', ...at, ...catalog.brokenAnchor(url, target.route.path, suggest(target.hash, ids, 3)) });
    }
  };
  return { diagnostics, checkOne, idsOf, suggest };
}

/**
 * The ids a document's page has: its own, and those of the partials it imports, whose
 * headings are drawn on it (`<CatalogPrune />` from `_catalogPrune.mdx`), as Docusaurus
 * finds them on the rendered page. Each partial once, however often or deep it is imported.
 */
function documentIds(document: LoadedDocument, graph: RouteGraph): string[] {
  const ids = [...document.ids];
  const seen = new Set<string>();
  const stack = [document];
  while (stack.length > 0) {
    for (const binding of Object.values(stack.pop()!.mdx?.bindings ?? {})) {
      if (binding.kind !== 'partial' || seen.has(binding.file)) continue;
      seen.add(binding.file);
      const partial = graph.partials.get(binding.file);
      if (!partial) continue;
      ids.push(...partial.ids);
      stack.push(partial);
    }
  }
  return ids;
}

/** Candidate comparisons for suggestions per check (about half a second of edit distances). */
const SUGGESTION_BUDGET = 500_000;

/** What rendering a React page found, as Docusaurus collects it: the internal links its `Link`s lead to, the ids its `Heading`s and `Link`s give. */
export interface RenderedLinks {
  links: { url: string; line?: number; column?: number }[];
  anchors: string[];
}

/**
 * After React pages are rendered: their own links, and the `#anchor`s other pages link to
 * on them (which `checkLinks` could not judge without their ids), by route path.
 */
export function checkRenderedPages(graph: RouteGraph, config: ResolvedConfig, deps: CheckDeps, rendered: Map<string, RenderedLinks>): Diagnostic[] {
  const { diagnostics, checkOne } = linkChecker(graph, config, deps, (route) => rendered.get(route.path)?.anchors);
  for (const [routePath, page] of rendered) {
    const route = graph.byPath.get(routePath);
    if (route?.kind !== 'react-page') continue;
    for (const link of page.links) checkOne(link.url, 'link', route, { file: route.source, line: link.line, column: link.column });
  }
  const intoRenderedPage = (url: string, from: string) => {
    if (!url.includes('#') || url.startsWith('#')) return false;
    const target = resolveLink(url, from, graph, { baseUrl: config.baseUrl, staticFiles: deps.staticFiles });
    return target.type === 'route' && target.route.kind === 'react-page' && rendered.has(target.route.path);
  };
  for (const route of graph.routes) {
    if (!('document' in route) || route.canonical) continue;
    for (const link of route.document.links) {
      if (link.file === undefined && intoRenderedPage(link.url, route.permalink ?? route.path)) checkOne(link.url, link.kind, route, { file: route.document.file, line: link.line, column: link.column });
    }
  }
  return diagnostics;
}

/**
 * The docs plugin of a Markdown link's target when it is not the linking doc's: Docusaurus
 * resolves `.md` links per docs plugin instance (its `sourceToPermalink` holds that
 * plugin's docs only), so a file of another instance is a broken link there.
 */
function otherDocsPlugin(from: Route | undefined, target: Route): string | undefined {
  const isDocs = (r: Route | undefined) => r?.kind === 'doc' || r?.kind === 'category-index';
  if (!isDocs(from) || !isDocs(target) || from!.docsPluginId === target.docsPluginId) return undefined;
  return `"${target.docsPluginId ?? 'default'}"`;
}

/**
 * The site path of an image a config or front matter names for every page or a social card:
 * as the page's head writes it (runtime/head.ts absoluteUrl), a path without a leading `/`
 * (`img/card.png`, `../../x.png`) is from the site's root, the static folder's. Undefined
 * for a URL of another site (`https:`, `//host`), which is not checked.
 */
function staticImagePath(value: string): string | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//')) return undefined;
  return value.startsWith('/') ? value : `/${value}`;
}
