import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { formatOf, markdownSettings, isContentFile, toPosix, type SourceFile } from '../content/scan.ts';
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
  for (const { area, dir: root } of contentFolders(config)) {
    if (!absPath.startsWith(root + path.sep)) continue;
    const relPath = toPosix(path.relative(root, absPath));
    // As the scan: hidden files, and `_` files and folders (partials) other than category files, are not pages.
    const name = path.basename(absPath);
    if (!isContentFile(name) || relPath.split('/').some((s) => s.startsWith('.') || (s.startsWith('_') && !/^_category_\./.test(s)))) return null;
    return { area, relPath, file: toPosix(path.relative(config.siteDir, absPath)), text: '', ...markdownSettings(config, /\.mdx?$/.test(relPath) ? formatOf(config, relPath) : undefined) };
  }
  return null;
}
