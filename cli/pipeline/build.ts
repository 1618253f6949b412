import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { DocumentCache } from '../content/loadContent.ts';
import { analyze } from './analyze.ts';
import { bundleClient } from '../bundle/clientBundle.ts';
import { siteCodeFor, withSiteNames } from '../bundle/siteBundle.ts';
import { findThemeOverrides, siteStylesheets } from '../bundle/themeOverrides.ts';
import { fallbackModules, siteModules } from '../../themes/classic/siteModules.ts';
import { copiedFiles, pageFiles, siteDataOf, siteWideFiles } from '../render/siteOutputs.ts';
import { assertSafeOutputFolder } from '../write/outputFolder.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { SiteWriter } from '../write/writeSite.ts';
import { SiteError } from '../errors/SiteError.ts';
import { printDiagnostics } from './report.ts';
import { searchIndexFiles } from '../search/searchIndex.ts';
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
 */
export async function build(config: ResolvedConfig, deps: { reporter: Reporter; cache?: DocumentCache; outDir?: string }): Promise<BuildResult> {
  const { reporter } = deps;
  const started = performance.now();
  const outDir = path.resolve(config.siteDir, deps.outDir ?? config.paths.outDir);
  // Before anything is read: an output folder that would take the sources with it is refused.
  assertSafeOutputFolder(outDir, config, PACKAGE_ROOT);
  // Taken first: what a killed build left is put right before anything else, and a folder
  // that cannot be written fails the build now, not after the work.
  const writer = await SiteWriter.open(outDir);
  try {
    const analysis = await analyze(config, { reporter, cache: deps.cache });
    const { graph, staticFiles, siteComponents } = analysis;
    // The site's own code (components content imports, theme overrides) before the report: it names components content may use.
    const input = { siteDir: config.siteDir, components: siteComponents, overrides: findThemeOverrides(config.siteDir), styles: siteStylesheets(config.siteDir), provided: siteModules, fallbacks: fallbackModules };
    const hasSiteCode = siteComponents.length > 0 || input.overrides.length > 0 || input.styles.length > 0;
    const siteCode = hasSiteCode ? await reporter.step('Bundling site code', () => siteCodeFor(input)) : undefined;
    const diagnostics = [...withSiteNames(analysis.diagnostics, siteCode?.bundle?.overrides ?? {}), ...(siteCode?.diagnostics ?? [])];
    if (diagnostics.length > 0) {
      const errors = printDiagnostics(diagnostics, reporter);
      if (errors > 0) {
        const failure = new SiteError(diagnostics.filter((d) => d.severity === 'error'));
        failure.printed = true;
        throw failure;
      }
    }

    const site = siteDataOf(config, graph);
    const bundle = await reporter.step('Bundling client', () => bundleClient(site, outDir, { siteDir: config.siteDir, components: siteComponents }));
    const siteBundle = siteCode?.bundle;
    const assets = siteBundle?.stylesheet ? { ...bundle.assets, css: [...bundle.assets.css, `${site.baseUrl}${siteBundle.stylesheet.file}`] } : bundle.assets;
    // The site's own files first: a file the generator makes for the same path wins.
    for (const [from, to] of copiedFiles(graph, config, staticFiles)) await writer.copyFile(from, to);
    await reporter.step(`Rendering ${graph.routes.length} pages`, async (progress) => {
      let done = 0;
      for (const route of graph.routes) {
        for (const [file, contents] of pageFiles(route, { graph, config, site, assets, siteComponents: siteBundle?.components, overrides: siteBundle?.overrides }).files) await writer.write(file, contents);
        progress(++done, graph.routes.length);
      }
    });
    await reporter.step('Building search index', async () => {
      for (const [file, contents] of searchIndexFiles(graph, config)) await writer.write(file, contents);
    });
    await reporter.step('Writing build', async () => {
      for (const [file, contents] of siteWideFiles(graph, site, config, staticFiles)) await writer.write(file, contents);
      for (const [file, contents] of bundle.files) await writer.write(file, contents);
      if (siteBundle?.stylesheet) await writer.write(siteBundle.stylesheet.file, siteBundle.stylesheet.contents);
      await writer.commit();
    });
    reporter.info(
      `Built ${graph.routes.length} pages in ${formatDuration(performance.now() - started)} · ${formatBytes(writer.bytes)} in ${writer.files} files → ${path.relative(process.cwd(), outDir) || '.'}/ · first-load JS ${formatBytes(bundle.firstLoadBytes)}`,
    );
    return { pages: graph.routes.length, bytes: writer.bytes, outDir, firstLoadBytes: bundle.firstLoadBytes };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

