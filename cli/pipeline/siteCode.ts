import { placeConfigKeys } from '../config/keyLine.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { siteCodeFor, withSiteNames, type SiteBundle } from '../bundle/siteBundle.ts';
import { findThemeOverrides, siteStylesheets, unusedThemeWarnings } from '../bundle/themeOverrides.ts';
import { fallbackModules, siteModules } from '../../themes/classic/siteModules.ts';
import { renderSitePage } from '../../runtime/entry-server.tsx';
import { siteComponentKey } from '../../runtime/islands/siteIsland.tsx';
import { withBase } from '../../runtime/SiteContext.ts';
import { checkRenderedPages, type RenderedLinks } from '../links/checkLinks.ts';
import { readRoots, siteFileStatus } from '../config/sitePaths.ts';
import { siteDataOf } from '../render/siteOutputs.ts';
import { findMisnesting } from '../render/misnesting.ts';
import { catalog } from '../errors/catalog.ts';
import { applyPolicy } from './report.ts';
import { renderedPageText, type RenderedPageText } from '../search/records.ts';
import type { Analysis } from './analyze.ts';
import type { Reporter } from './reporter.ts';
import { siteCodePlace } from '../bundle/siteCodePlace.ts';
import { withDeepStacks } from '../errors/deepStacks.ts';
import { watchdog } from '../watchdog.ts';

/**
 * The site's own code (components content imports, theme overrides, its stylesheets),
 * bundled, and every diagnostic so far: the analysis' own, less the components the site's
 * MDXComponents adds (the load stage could not know them), plus the bundle's, plus the
 * links in React pages (known once they render). `build` and `check` both run it, so
 * `check` fails on what `build` would.
 */
export async function bundleSiteCode(config: ResolvedConfig, analysis: Analysis, reporter: Reporter): Promise<{ bundle?: SiteBundle; diagnostics: Diagnostic[]; roots: string[]; reactPages: Map<string, RenderedPageText> }> {
  // Where site code may be read from: the site folder and the content folders it reads (a docs folder beside it).
  const roots = readRoots(config);
  const stylesheets = siteStylesheets(config);
  const input = { siteDir: config.siteDir, components: analysis.siteComponents, overrides: findThemeOverrides(config.siteDir), styles: [...stylesheets.files, ...analysis.siteStyles], clientModules: stylesheets.clientModules, provided: siteModules, fallbacks: fallbackModules, roots, baseUrl: config.baseUrl };
  const hasSiteCode = input.components.length > 0 || input.overrides.length > 0 || input.styles.length > 0 || input.clientModules.length > 0;
  const siteCode = hasSiteCode ? await reporter.step('Bundling site code', () => siteCodeFor(input)) : undefined;
  const bundle = siteCode?.bundle;
  const pages = bundle ? await reporter.step('Checking React pages', () => checkReactPages(config, analysis, bundle, roots)) : { diagnostics: [], text: new Map<string, RenderedPageText>() };
  return { bundle, diagnostics: [...placeConfigKeys(stylesheets.diagnostics, config), ...withSiteNames(analysis.diagnostics, bundle?.overrides ?? {}), ...(siteCode?.diagnostics ?? []), ...unusedThemeWarnings(config.siteDir), ...pages.diagnostics], roots, reactPages: pages.text };
}

/**
 * Renders each React page once on the server to collect what its `Link`s and `Heading`s
 * give (as Docusaurus's broken-link check does), then checks its links and the anchors
 * other pages link to on it. A page that throws while rendering is an error here, before
 * any page is written. Its text, by heading, is kept for the search index (as DocSearch's
 * crawler reads a React page like any other).
 */
function checkReactPages(config: ResolvedConfig, analysis: Analysis, bundle: SiteBundle, roots: string[]): { diagnostics: Diagnostic[]; text: Map<string, RenderedPageText> } {
  const { graph } = analysis;
  const text = new Map<string, RenderedPageText>();
  const pages = graph.routes.filter((r) => r.kind === 'react-page');
  if (pages.length === 0) return { diagnostics: [], text };
  const site = siteDataOf(config, graph);
  const rendered = new Map<string, RenderedLinks>();
  const failures: Diagnostic[] = [];
  for (const route of pages) {
    const key = siteComponentKey(route.source, 'default');
    const Page = bundle.components[key];
    if (!Page) continue;
    try {
      const { html, title, links, anchors } = watchdog.runSync({ what: `Rendering ${route.path}`, file: route.source }, () => withDeepStacks(() => renderSitePage(site, key, Page, withBase(site.baseUrl, route.path))));
      text.set(route.path, renderedPageText(html, title ?? route.title));
      const misnested = findMisnesting(html);
      if (misnested) failures.push({ severity: 'warning', file: route.source, ...catalog.reactPageMisnested(route.path, misnested.element, misnested.parent) });
      const source = readSource(config, route.source);
      rendered.set(route.path, { links: links.map((url) => ({ url, ...placeOf(url, source, config.baseUrl) })), anchors });
    } catch (error) {
      failures.push({ severity: 'error', file: route.source, ...siteCodePlace(error, config.siteDir), ...catalog.renderFailed(route.path, (error as Error).message) });
    }
  }
  const deps = { staticFiles: new Set(analysis.staticFiles), fileStatus: (f: string) => siteFileStatus(config, f, roots) };
  return { diagnostics: [...failures, ...applyPolicy(checkRenderedPages(graph, config, deps, rendered), config)], text };
}

function readSource(config: ResolvedConfig, file: string): string {
  try {
    return fs.readFileSync(path.join(config.siteDir, file), 'utf8');
  } catch {
    return '';
  }
}

/** Where the page's source writes the link, when it is written there as a string (`to="/docs/x"`): its line and column. */
function placeOf(url: string, source: string, baseUrl: string): { line?: number; column?: number } {
  const written = baseUrl !== '/' && url.startsWith(baseUrl) ? [url, url.slice(baseUrl.length - 1)] : [url];
  for (const text of written) {
    for (const quote of ['"', "'", '`']) {
      const at = source.indexOf(`${quote}${text}${quote}`);
      if (at < 0) continue;
      const before = source.slice(0, at + 1);
      const line = before.split('\n').length;
      return { line, column: at + 2 - (before.lastIndexOf('\n') + 1) };
    }
  }
  return {};
}
