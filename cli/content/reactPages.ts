import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { readRoots } from '../config/sitePaths.ts';
import { walkFolder, type WalkResult } from './walkFolder.ts';
import { folderFilter } from './scan.ts';

const PAGE_MODULE = /\.(jsx?|tsx?)$/;

/**
 * The React pages of the pages folder (`src/pages/index.tsx`, `help.js`), relative to it,
 * as Docusaurus's pages plugin finds them: its `include` globs less its `exclude` ones (by
 * default not `_`-prefixed files or folders, tests or `__tests__`), and not type
 * declarations. (Its Markdown pages are content: see scan.ts.)
 */
export function scanReactPages(config: ResolvedConfig): Promise<WalkResult> {
  // Pages turned off (`pages: false` in a Docusaurus config): none to find.
  if (config.paths.pages === false) return Promise.resolve({ files: [], diagnostics: [], links: [] });
  const filter = folderFilter(config, { area: 'pages' });
  return walkFolder(path.resolve(config.siteDir, config.paths.pages), {
    allowedRoots: readRoots(config),
    siteDir: config.siteDir,
    skip: (name, isDirectory, relPath) => {
      if (name.startsWith('.') || name === 'node_modules') return true;
      if (isDirectory) return !filter.mayHold(relPath);
      return !PAGE_MODULE.test(name) || name.endsWith('.d.ts') || !filter.includes(relPath);
    },
  });
}
