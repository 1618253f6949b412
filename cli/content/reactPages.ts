import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { readRoots } from '../config/sitePaths.ts';
import { walkFolder, type WalkResult } from './walkFolder.ts';

const PAGE_MODULE = /\.(jsx?|tsx?)$/;

/**
 * The React pages of the pages folder (`src/pages/index.tsx`, `help.js`), relative to it,
 * as Docusaurus's pages plugin finds them: not `_`-prefixed files or folders, not type
 * declarations, tests or `__tests__`. (Its Markdown pages are content: see scan.ts.)
 */
export function scanReactPages(config: ResolvedConfig): Promise<WalkResult> {
  // Pages turned off (`pages: false` in a Docusaurus config): none to find.
  if (config.paths.pages === false) return Promise.resolve({ files: [], diagnostics: [], links: [] });
  return walkFolder(path.resolve(config.siteDir, config.paths.pages), {
    allowedRoots: readRoots(config),
    siteDir: config.siteDir,
    skip: (name, isDirectory) => name.startsWith('_') || name.startsWith('.') || name === 'node_modules' || (!isDirectory && (!PAGE_MODULE.test(name) || /\.d\.ts$|\.test\.[jt]sx?$/.test(name))),
  });
}
