import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { folderFilter, formatOf, isScannedPath, markdownSettings, toPosix, type SourceFile } from '../content/scan.ts';
import { contentFolders } from '../config/sitePaths.ts';

/** Whether a path is inside (or is) one of the content folders. */
export function insideContent(config: ResolvedConfig, absPath: string): boolean {
  return contentFolders(config).some(({ dir: root }) => absPath === root || absPath.startsWith(root + path.sep));
}

/**
 * The source file a changed path stands for, if it is content (its text is read by the
 * caller); null for other files and for hidden ones, as the scan stage skips them.
 */
export function contentSource(config: ResolvedConfig, absPath: string): SourceFile | null {
  for (const folder of contentFolders(config)) {
    const { area, dir: root } = folder;
    if (!absPath.startsWith(root + path.sep)) continue;
    const relPath = toPosix(path.relative(root, absPath));
    // As the scan: hidden files, `_` partials, files the plugin's globs leave out are not content.
    if (!isScannedPath(folderFilter(config, folder), relPath)) return null;
    return { area, relPath, file: toPosix(path.relative(config.siteDir, absPath)), text: '', ...markdownSettings(config, area, /\.mdx?$/.test(relPath) ? formatOf(config, relPath) : undefined) };
  }
  return null;
}
