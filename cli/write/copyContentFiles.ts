import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { RouteGraph } from '../graph/types.ts';
import { readRoots, siteFileStatus } from '../config/sitePaths.ts';
import { contentFileUrl } from '../render/resolveContentLinks.ts';
import type { SiteWriter } from './writeSite.ts';

/**
 * Copies the files pages reference next to their Markdown (images, downloads: not in
 * static/) to where the pages link them. A missing one was reported by the link check
 * (and let through under `onBrokenLinks: 'warn'`), so it is skipped; one outside the site
 * was an error there, and is never read.
 */
export async function copyContentFiles(graph: RouteGraph, config: ResolvedConfig, writer: SiteWriter): Promise<void> {
  const copied = new Set<string>();
  const roots = readRoots(config);
  for (const route of graph.routes) {
    if (!('document' in route) || route.canonical) continue;
    for (const link of route.document.links) {
      if (!link.file || /\.mdx?$/i.test(link.file) || copied.has(link.file)) continue;
      copied.add(link.file);
      if (siteFileStatus(config, link.file, roots) !== 'ok') continue;
      await writer.copyFile(path.join(config.siteDir, link.file), contentFileUrl(link.file));
    }
  }
}
