import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import type { RouteGraph } from '../graph/types.ts';
import { parseSettings, readPartial, readSource, scanContent, scanStatic, type SourceFile } from '../content/scan.ts';
import type { KnownFiles } from '../content/knownFiles.ts';
import { readVersions } from '../content/readVersions.ts';
import { loadContent, type DocumentCache } from '../content/loadContent.ts';
import { imageUrls, measureImages } from '../content/imageSize.ts';
import { buildRouteGraph } from '../graph/buildRouteGraph.ts';
import { siteFileNames } from '../graph/invariants.ts';
import { checkLinks } from '../links/checkLinks.ts';
import { applyPolicy } from './report.ts';
import type { Reporter } from './reporter.ts';
import { catalog } from '../errors/catalog.ts';
import { readRoots, siteFileStatus } from '../config/sitePaths.ts';
import { placeConfigKeys } from '../config/keyLine.ts';
import { reactPageModules, resolveSiteComponents, type SiteComponent } from '../bundle/siteComponents.ts';
import { scanReactPages } from '../content/reactPages.ts';
import { lastUpdatesFor } from '../content/gitHistory.ts';

export interface Analysis {
  graph: RouteGraph;
  staticFiles: string[];
  /** The site's own React code: components content imports (found on disk) and React pages. */
  siteComponents: SiteComponent[];
  /** Stylesheets content imports for their effect (absolute paths, or package paths to resolve from the site folder). */
  siteStyles: string[];
  /** Everything found, with the config's severity policy applied. */
  diagnostics: Diagnostic[];
  /** Each Markdown file's content key (`cacheKey`): what its document was made from. */
  documentKeys: Map<string, string>;
}

/**
 * The stages `build`, `check` and `dev` share: read, load, graph, check. Nothing is
 * written. The caller decides what the diagnostics mean for the exit code.
 */
export async function analyze(config: ResolvedConfig, deps: { reporter: Reporter; cache?: DocumentCache; knownFiles?: KnownFiles; mode?: 'build' | 'dev' }): Promise<Analysis> {
  const { reporter } = deps;
  // A docs instance with no version left to build (an error says why) is built empty by the graph.
  const versions = readVersions(config);
  const docsFolders = versions.versions.map((v) => v.info);
  const [scanned, staticScan, reactPages] = await reporter.step('Reading content', () => Promise.all([scanContent(config, docsFolders, deps.cache && deps.knownFiles), scanStatic(config), scanReactPages(config)]));
  const staticFiles = staticScan.files;
  const keys = new WeakMap<SourceFile, string>();
  const content = await reporter.step('Loading Markdown', (progress) => {
    return loadContent(scanned.files, {
      cache: deps.cache,
      keys,
      readPartial: (file) => readPartial(config, file),
      readSource: (source) => readSource(config, source),
      // Decided on what is left to load: a warm cache needs no workers, and no parser
      // (loaded only then: the parser and its grammars cost a process 150-200 ms of CPU).
      loadMarkdown: async (sources) => {
        if (sources.length === 0) return [];
        // The grammars the site adds, before this thread highlights any code (workers add them themselves).
        await (await import('../content/markdown/codeBlock.ts')).registerLanguages(config.prism?.additionalLanguages);
        if (config.sitePlugins) return (await import('../content/loadDocument.ts')).loadDocumentsWithPlugins(sources, config.sitePlugins);
        const { loadMarkdownInWorkers, WORKER_THRESHOLD } = await import('../content/workerPool.ts');
        if (sources.length >= WORKER_THRESHOLD) return loadMarkdownInWorkers(sources, progress);
        const { loadDocument } = await import('../content/loadDocument.ts');
        return sources.map(loadDocument);
      },
    });
  });
  const roots = readRoots(config);
  const graph = await reporter.step('Building route graph', () => buildRouteGraph({ ...content, reactPages: reactPages.files, lastUpdates: lastUpdatesFor(config) }, config, staticFiles, versions.versions));
  graph.imageSizes = measureImages(imageUrls(content.documents), path.resolve(config.siteDir, config.paths.static));
  const linkProblems = await reporter.step('Checking links', () =>
    checkLinks(graph, config, { staticFiles: new Set(staticFiles), siteFiles: siteFileNames(config, graph.posts.length > 0).keys(), fileStatus: (f) => siteFileStatus(config, f, roots) }),
  );
  const siteComponents = resolveSiteComponents(graph, config);
  const diagnostics = placeConfigKeys([...(config.configWarnings ?? []), ...versions.diagnostics, ...scanned.diagnostics, ...staticScan.diagnostics, ...content.diagnostics, ...graph.diagnostics, ...linkProblems, ...reactPages.diagnostics, ...siteComponents.diagnostics, ...checkZoomSelector(config)], config);
  const documentKeys = new Map<string, string>();
  for (const source of scanned.files) {
    const key = keys.get(source);
    if (key === undefined) continue;
    documentKeys.set(source.file, key);
    // What the next build needs to find this document without reading the file.
    if (source.stamp && source.format) deps.knownFiles?.record(source.file, parseSettings(source), source.stamp, key);
  }
  return { graph, staticFiles, siteComponents: [...siteComponents.components, ...reactPageModules(graph, config)], siteStyles: siteComponents.styles, diagnostics: applyPolicy(diagnostics, config, deps.mode), documentKeys };
}

/** An invalid zoom selector would only fail in the reader's browser; catch it here. */
function checkZoomSelector(config: ResolvedConfig): Diagnostic[] {
  if (!config.zoom) return [];
  const selector = config.zoom.selector;
  // A cheap syntax check: balanced brackets/parens and no empty compound.
  let depth = 0;
  for (const ch of selector) {
    if (ch === '[' || ch === '(') depth++;
    if (ch === ']' || ch === ')') depth--;
    if (depth < 0) break;
  }
  const ok = selector.trim() !== '' && depth === 0 && !/(^|,)\s*(,|$)/.test(selector) && !/[>+~]\s*$/.test(selector);
  const file = config.configFile ? path.relative(config.siteDir, config.configFile) : undefined;
  return ok ? [] : [{ severity: 'error', file, configKey: 'zoom.selector', ...catalog.invalidZoomSelector(selector) }];
}
