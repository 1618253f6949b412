import path from 'node:path';
import { createHash } from 'node:crypto';
import type { ResolvedConfig } from '../config/types.ts';
import type { DocumentCache } from '../content/loadContent.ts';
import { analyze } from './analyze.ts';
import { bundleClient } from '../bundle/clientBundle.ts';
import { toSiteData } from '../render/siteData.ts';
import { pageDocument, renderRoute } from '../render/renderRoute.ts';
import { renderFeeds, renderRobots, renderSitemap, sharedHeadTags } from '../render/siteFiles.ts';
import { assertSafeOutputFolder } from '../write/outputFolder.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { pageDataUrl, sidebarDataUrl } from '../../runtime/pageData.ts';
import { routeFile, SiteWriter } from '../write/writeSite.ts';
import { copyContentFiles } from '../write/copyContentFiles.ts';
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
    const { graph, staticFiles, diagnostics } = await analyze(config, { reporter, cache: deps.cache });
    if (diagnostics.length > 0) {
      const errors = printDiagnostics(diagnostics, reporter);
      if (errors > 0) {
        const failure = new SiteError(diagnostics.filter((d) => d.severity === 'error'));
        failure.printed = true;
        throw failure;
      }
    }

    const buildId = createHash('sha1').update(JSON.stringify(config)).digest('hex').slice(0, 12);
    const site = toSiteData(config, graph, buildId);
    const bundle = await reporter.step('Bundling client', () => bundleClient(site, outDir));
    const staticDir = path.resolve(config.siteDir, config.paths.static);
    // The scan listed only files inside the site (links out of it were reported, not followed).
    for (const file of staticFiles) await writer.copyFile(path.join(staticDir, file), file);
    const headTags = sharedHeadTags(site, config, graph.posts.length > 0);
    await reporter.step(`Rendering ${graph.routes.length} pages`, async (progress) => {
      let done = 0;
      for (const route of graph.routes) {
        const page = renderRoute(route, { graph, config, site });
        await writer.write(routeFile(route.path), pageDocument(page, { site, assets: bundle.assets, headTags }));
        if (page.data) await writer.write(pageDataUrl('/', route.path).slice(1), page.data);
        progress(++done, graph.routes.length);
      }
    });
    await reporter.step('Building search index', async () => {
      for (const [file, contents] of searchIndexFiles(graph, config)) await writer.write(file, contents);
    });
    await reporter.step('Writing build', async () => {
      for (const [id, items] of Object.entries(graph.sidebars)) await writer.write(sidebarDataUrl('/', id).slice(1), JSON.stringify(items));
      for (const [file, contents] of bundle.files) await writer.write(file, contents);
      await writer.write('sitemap.xml', renderSitemap(graph, site));
      for (const [file, contents] of Object.entries(renderFeeds(graph, site, config))) await writer.write(file, contents);
      if (!staticFiles.includes('robots.txt')) await writer.write('robots.txt', renderRobots(site));
      await copyContentFiles(graph, config, writer);
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
