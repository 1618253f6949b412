import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { ResolvedConfig } from '../config/types.ts';
import type { DocumentCache } from '../content/loadContent.ts';
import { analyze } from './analyze.ts';
import { bundleClient } from '../bundle/clientBundle.ts';
import { toSiteData } from '../render/siteData.ts';
import { pageDocument, renderRoute } from '../render/renderRoute.ts';
import { renderFeeds, renderRobots, renderSitemap, sharedHeadTags } from '../render/siteFiles.ts';
import { CONTENT_FILES_PREFIX } from '../render/resolveContentLinks.ts';
import { pageDataUrl, sidebarDataUrl } from '../../runtime/pageData.ts';
import { routeFile, SiteWriter } from '../write/writeSite.ts';
import { urlFilePath } from '../graph/paths.ts';
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

  const { graph, diagnostics } = await analyze(config, { reporter, cache: deps.cache });
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
  const writer = await SiteWriter.open(outDir);
  try {
    const staticDir = path.resolve(config.siteDir, config.paths.static);
    await writer.copyDir(staticDir);
    const headTags = sharedHeadTags(site, config, graph.posts.length > 0);
    await reporter.step(`Rendering ${graph.routes.length} pages`, async (progress) => {
      let done = 0;
      for (const route of graph.routes) {
        const page = renderRoute(route, { graph, config, site });
        await writer.write(routeFile(route.path), pageDocument(page, { site, assets: bundle.assets, headTags }));
        if (page.data) await writer.write(urlFilePath(pageDataUrl('/', route.path)), page.data);
        progress(++done, graph.routes.length);
      }
    });
    await reporter.step('Building search index', async () => {
      for (const [file, contents] of searchIndexFiles(graph, config)) await writer.write(file, contents);
    });
    await reporter.step('Writing build', async () => {
      for (const [id, items] of Object.entries(graph.sidebars)) await writer.write(urlFilePath(sidebarDataUrl('/', id)), JSON.stringify(items));
      for (const [file, contents] of bundle.files) await writer.write(file, contents);
      await writer.write('sitemap.xml', renderSitemap(graph, site));
      for (const [file, contents] of Object.entries(renderFeeds(graph, site, config))) await writer.write(file, contents);
      if (!fs.existsSync(path.join(staticDir, 'robots.txt'))) await writer.write('robots.txt', renderRobots(site));
      // Files referenced next to the Markdown (not in static/).
      const copied = new Set<string>();
      for (const route of graph.routes) {
        if (!('document' in route) || route.canonical) continue;
        for (const link of route.document.links) {
          if (!link.file || /\.mdx?$/i.test(link.file) || copied.has(link.file)) continue;
          copied.add(link.file);
          await writer.copyFile(path.join(config.siteDir, link.file), CONTENT_FILES_PREFIX + link.file);
        }
      }
      await writer.commit();
    });
  } catch (error) {
    await writer.abort();
    throw error;
  }
  reporter.info(
    `Built ${graph.routes.length} pages in ${formatDuration(performance.now() - started)} · ${formatBytes(writer.bytes)} in ${writer.files} files → ${path.relative(process.cwd(), outDir) || '.'}/ · first-load JS ${formatBytes(bundle.firstLoadBytes)}`,
  );
  return { pages: graph.routes.length, bytes: writer.bytes, outDir, firstLoadBytes: bundle.firstLoadBytes };
}
