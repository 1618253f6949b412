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
import { routeFile, writeSite, type SiteOutput } from '../write/writeSite.ts';
import { SiteError } from '../errors/SiteError.ts';
import { printDiagnostics } from './report.ts';
import { formatBytes, formatDuration, type Reporter } from './reporter.ts';

export interface BuildResult {
  pages: number;
  bytes: number;
  outDir: string;
  firstLoadBytes: number;
}

/**
 * `build`: analyze (read → load → graph → check), then bundle, render and write. The
 * client bundle is started first and runs while the content is analyzed. Any error
 * stops the build before `write`, so the previous output stays as it was.
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
  // esbuild works in its own process: it bundles while this thread renders.
  const bundling = bundleClient(site, outDir);
  bundling.catch(() => undefined);

  const files: SiteOutput['files'] = new Map();
  const rendered = await reporter.step(`Rendering ${graph.routes.length} pages`, (progress) =>
    graph.routes.map((route, i) => {
      const page = renderRoute(route, { graph, config, site });
      progress(i + 1, graph.routes.length);
      return page;
    }),
  );
  const bundle = await reporter.step('Bundling client', () => bundling);
  const headTags = sharedHeadTags(site, config, graph.posts.length > 0);
  for (const page of rendered) {
    files.set(routeFile(page.route.path), pageDocument(page, { site, assets: bundle.assets, headTags }));
    if (page.data) files.set(pageDataUrl('/', page.route.path).slice(1), page.data);
  }
  for (const [id, items] of Object.entries(graph.sidebars)) files.set(sidebarDataUrl('/', id).slice(1), JSON.stringify(items));
  for (const [file, contents] of bundle.files) files.set(file, contents);
  files.set('sitemap.xml', renderSitemap(graph, site));
  for (const [file, contents] of Object.entries(renderFeeds(graph, site, config))) files.set(file, contents);

  const copyFiles = new Map<string, string>();
  for (const route of graph.routes) {
    if (!('document' in route) || route.canonical) continue;
    for (const link of route.document.links) {
      if (link.file && !/\.mdx?$/i.test(link.file)) copyFiles.set(link.file, CONTENT_FILES_PREFIX + link.file);
    }
  }
  const staticDir = path.resolve(config.siteDir, config.paths.static);
  const written = await reporter.step('Writing build', async () => {
    const robots = await import('node:fs').then((fs) => fs.existsSync(path.join(staticDir, 'robots.txt')));
    if (!robots) files.set('robots.txt', renderRobots(site));
    return writeSite(outDir, { files, copyDirs: [staticDir], copyFiles }, config.siteDir);
  });
  const elapsed = performance.now() - started;
  reporter.info(
    `Built ${graph.routes.length} pages in ${formatDuration(elapsed)} · ${formatBytes(written.bytes)} in ${written.files} files → ${path.relative(process.cwd(), outDir) || '.'}/ · first-load JS ${formatBytes(bundle.firstLoadBytes)}`,
  );
  return { pages: graph.routes.length, bytes: written.bytes, outDir, firstLoadBytes: bundle.firstLoadBytes };
}
