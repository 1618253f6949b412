import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { DocumentCache } from '../content/loadContent.ts';
import { analyze } from './analyze.ts';
import { bundleClient, type ClientBundle } from '../bundle/clientBundle.ts';
import { siteCodeFor, withSiteNames } from '../bundle/siteBundle.ts';
import { findThemeOverrides, siteStylesheets } from '../bundle/themeOverrides.ts';
import { fallbackModules, siteModules } from '../../themes/classic/siteModules.ts';
import { copiedFiles, pageFiles, siteDataOf, siteWideFiles } from '../render/siteOutputs.ts';
import { assertSafeOutputFolder } from '../write/outputFolder.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { readRoots } from '../config/sitePaths.ts';
import { SiteWriter } from '../write/writeSite.ts';
import { SiteError } from '../errors/SiteError.ts';
import { printDiagnostics } from './report.ts';
import { withContentStrictness } from '../report/diagnostic.ts';
import { searchIndexFiles } from '../search/searchIndex.ts';
import { buildIdOf } from '../render/siteData.ts';
import { sharedHeadTags } from '../render/siteFiles.ts';
import { digest, pageFingerprints } from '../render/pageInputs.ts';
import { MANIFEST_FORMAT, type BuildCache, type BuildManifest } from '../write/buildCache.ts';
import { formatBytes, formatDuration, type Reporter } from './reporter.ts';

export interface BuildResult {
  pages: number;
  bytes: number;
  outDir: string;
  firstLoadBytes: number;
}

/**
 * `build`: analyze (read → load → graph → check), bundle, then render and write each
 * page as it is rendered. Any error stops the build before the new output is swapped
 * in, so the previous output stays as it was.
 *
 * With a build cache, a page whose inputs are those its files in the previous build were
 * made from (see pageInputs.ts) is not rendered: its files are kept (SiteWriter.reuse),
 * as are the client bundle and the search index when what they are made from is the
 * same. The output is the same, byte for byte, as a cold build's.
 */
export async function build(config: ResolvedConfig, deps: { reporter: Reporter; cache?: DocumentCache; buildCache?: BuildCache; outDir?: string }): Promise<BuildResult> {
  const { reporter, buildCache } = deps;
  const started = performance.now();
  const outDir = path.resolve(config.siteDir, deps.outDir ?? config.paths.outDir);
  // Before anything is read: an output folder that would take the sources with it is refused.
  assertSafeOutputFolder(outDir, config, PACKAGE_ROOT);
  // Taken first: what a killed build left is put right before anything else, and a folder
  // that cannot be written fails the build now, not after the work.
  const writer = await SiteWriter.open(outDir, { previous: buildCache && ((dir) => buildCache.load(dir)) });
  writer.recording = buildCache !== undefined;
  const configId = buildIdOf(config);
  // Another config: no page is kept as it was (files whose bytes come out the same still are).
  const before = writer.previousBuild?.configId === configId ? writer.previousBuild : undefined;
  try {
    const analysis = await analyze(config, { reporter, cache: deps.cache });
    const { graph, staticFiles, siteComponents, siteStyles, documentKeys } = analysis;
    // The site's own code (components content imports, theme overrides) before the report: it names components content may use.
    const input = { siteDir: config.siteDir, components: siteComponents, overrides: findThemeOverrides(config.siteDir), styles: [...siteStylesheets(config.siteDir), ...siteStyles], provided: siteModules, fallbacks: fallbackModules, roots: readRoots(config) };
    const hasSiteCode = siteComponents.length > 0 || input.overrides.length > 0 || input.styles.length > 0;
    const siteCode = hasSiteCode ? await reporter.step('Bundling site code', () => siteCodeFor(input)) : undefined;
    const diagnostics = withContentStrictness([...withSiteNames(analysis.diagnostics, siteCode?.bundle?.overrides ?? {}), ...(siteCode?.diagnostics ?? [])], config.markdown.strict);
    if (diagnostics.length > 0) {
      const errors = printDiagnostics(diagnostics, reporter);
      if (errors > 0) {
        const failure = new SiteError(diagnostics.filter((d) => d.severity === 'error'));
        failure.printed = true;
        throw failure;
      }
    }

    const site = siteDataOf(config, graph);
    const siteBundle = siteCode?.bundle;
    // Only components that were bundled reach the browser: one that could not be shows its children (a warning above).
    const islands = siteComponents.filter((c) => siteBundle?.components[c.key]);
    // The client bundle is made from the site data and the site's components (their code, by its digest).
    const bundleKey = digest(JSON.stringify([site, islands, siteBundle?.key ?? null]));
    const kept = before?.bundle?.key === bundleKey && writer.reuse(before.bundle.files) ? before.bundle : undefined;
    const bundle: Pick<ClientBundle, 'assets' | 'firstLoadBytes'> & { files?: ClientBundle['files'] } = await reporter.step('Bundling client', () =>
      kept ? { assets: kept.assets, firstLoadBytes: kept.firstLoadBytes } : bundleClient(site, outDir, { siteDir: config.siteDir, components: islands, roots: input.roots }),
    );
    const assets = siteBundle?.stylesheet ? { ...bundle.assets, css: [...bundle.assets.css, `${site.baseUrl}${siteBundle.stylesheet.file}`] } : bundle.assets;
    // The site's own files first: a file the generator makes for the same path wins.
    for (const [from, to] of copiedFiles(graph, config, staticFiles)) await writer.copyFile(from, to);
    // Pages render the site's components on the server: their code's digest is an input of every page.
    const fingerprints = buildCache && pageFingerprints(graph, { site, assets, headTags: sharedHeadTags(site, config, graph.posts.length > 0), documentKeys, siteCode: siteBundle?.key });
    const pages: BuildManifest['pages'] = {};
    await reporter.step(`Rendering ${graph.routes.length} pages`, async (progress) => {
      let done = 0;
      for (const route of graph.routes) {
        const fingerprint = fingerprints?.get(route.path) ?? '';
        const last = before?.pages[route.path];
        if (last?.fingerprint === fingerprint && writer.reuse(last.files)) {
          pages[route.path] = last;
        } else {
          const { files } = pageFiles(route, { graph, config, site, assets, siteComponents: siteBundle?.components, siteValues: siteBundle?.values, overrides: siteBundle?.overrides });
          for (const [file, contents] of files) await writer.write(file, contents);
          pages[route.path] = { fingerprint, files: files.map(([file]) => file) };
        }
        progress(++done, graph.routes.length);
      }
    });
    const searchKey = fingerprints && digest(JSON.stringify([graph.sidebars, [...fingerprints.values()]]));
    const search = await reporter.step('Building search index', async () => {
      if (searchKey !== undefined && before?.search?.key === searchKey && writer.reuse(before.search.files)) return before.search.files;
      const files = searchIndexFiles(graph, config);
      for (const [file, contents] of files) await writer.write(file, contents);
      return [...files.keys()];
    });
    await reporter.step('Writing build', async () => {
      for (const [file, contents] of siteWideFiles(graph, site, config, staticFiles)) await writer.write(file, contents);
      for (const [file, contents] of bundle.files ?? []) await writer.write(file, contents);
      if (siteBundle?.stylesheet) await writer.write(siteBundle.stylesheet.file, siteBundle.stylesheet.contents);
      // Forgotten before the swap: a build killed after it leaves no manifest of the build it replaced.
      buildCache?.forget(outDir);
      await writer.commit();
    });
    if (buildCache) {
      const files = kept?.files ?? [...(bundle.files?.keys() ?? [])];
      buildCache.save(outDir, {
        format: MANIFEST_FORMAT,
        configId,
        marker: writer.marker!,
        outputs: writer.outputs,
        pages,
        bundle: { key: bundleKey, assets: bundle.assets, firstLoadBytes: bundle.firstLoadBytes, files },
        search: searchKey === undefined ? undefined : { key: searchKey, files: search },
      });
      const rendered = graph.routes.filter((r) => pages[r.path] !== before?.pages[r.path]).length;
      reporter.info(`Rebuilt ${count(rendered)} of ${count(graph.routes.length)} pages (${count(graph.routes.length - rendered)} unchanged) in ${formatDuration(performance.now() - started)}`);
    }
    reporter.info(
      `Built ${graph.routes.length} pages in ${formatDuration(performance.now() - started)} · ${formatBytes(writer.bytes)} in ${writer.files} files → ${path.relative(process.cwd(), outDir) || '.'}/ · first-load JS ${formatBytes(bundle.firstLoadBytes)}`,
    );
    return { pages: graph.routes.length, bytes: writer.bytes, outDir, firstLoadBytes: bundle.firstLoadBytes };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** 10021 → "10,021", as CI logs show counts. */
function count(n: number): string {
  return n.toLocaleString('en-US');
}
