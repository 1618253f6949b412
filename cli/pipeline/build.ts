import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { DocumentCache } from '../content/loadContent.ts';
import { analyze } from './analyze.ts';
import { bundleClient } from '../bundle/clientBundle.ts';
import { bundleSiteComponents, type SiteBundle } from '../bundle/siteBundle.ts';
import { SiteCodeError } from '../bundle/siteCode.ts';
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
    const { graph, staticFiles, diagnostics, siteComponents } = await analyze(config, { reporter, cache: deps.cache });
    if (diagnostics.length > 0) {
      const errors = printDiagnostics(diagnostics, reporter);
      if (errors > 0) {
        const failure = new SiteError(diagnostics.filter((d) => d.severity === 'error'));
        failure.printed = true;
        throw failure;
      }
    }

    const site = siteDataOf(config, graph);
    const siteCode = siteComponents.length > 0 ? await reporter.step('Bundling site components', () => bundleSiteCode(siteComponents, config.siteDir, reporter)) : undefined;
    const bundle = await reporter.step('Bundling client', () => bundleClient(site, outDir, { siteDir: config.siteDir, components: siteComponents }));
    const assets = siteCode?.stylesheet ? { ...bundle.assets, css: [...bundle.assets.css, `${site.baseUrl}${siteCode.stylesheet.file}`] } : bundle.assets;
    // The site's own files first: a file the generator makes for the same path wins.
    for (const [from, to] of copiedFiles(graph, config, staticFiles)) await writer.copyFile(from, to);
    await reporter.step(`Rendering ${graph.routes.length} pages`, async (progress) => {
      let done = 0;
      for (const route of graph.routes) {
        for (const [file, contents] of pageFiles(route, { graph, config, site, assets, siteComponents: siteCode?.components }).files) await writer.write(file, contents);
        progress(++done, graph.routes.length);
      }
    });
    await reporter.step('Building search index', async () => {
      for (const [file, contents] of searchIndexFiles(graph, config)) await writer.write(file, contents);
    });
    await reporter.step('Writing build', async () => {
      for (const [file, contents] of siteWideFiles(graph, site, config, staticFiles)) await writer.write(file, contents);
      for (const [file, contents] of bundle.files) await writer.write(file, contents);
      if (siteCode?.stylesheet) await writer.write(siteCode.stylesheet.file, siteCode.stylesheet.contents);
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

/** The site's components for the server render; what is wrong with them is printed, and errors stop the build. */
async function bundleSiteCode(components: Parameters<typeof bundleSiteComponents>[0], siteDir: string, reporter: Reporter): Promise<SiteBundle> {
  let bundled: SiteBundle;
  try {
    bundled = await bundleSiteComponents(components, siteDir);
  } catch (error) {
    if (!(error instanceof SiteCodeError)) throw error;
    printDiagnostics(error.diagnostics, reporter);
    const failure = new SiteError(error.diagnostics);
    failure.printed = true;
    throw failure;
  }
  if (bundled.diagnostics.length > 0) printDiagnostics(bundled.diagnostics, reporter);
  return bundled;
}
