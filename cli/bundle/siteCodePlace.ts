import path from 'node:path';
import { SourceMap } from 'node:module';

/**
 * The site's own code runs here from one bundle (siteCode.ts), so an error it throws (a
 * component that reads `list.map` of null, a module that reads `window` as it loads) has
 * a stack inside the bundle, not in the author's file. Each bundle is run under a name of
 * its own, and its source map kept here, so that the error can be placed at the line that
 * threw in the file that holds it.
 */

/** Bundles run in this process, newest last; a few are kept (dev bundles again on every save of site code). */
const maps = new Map<string, { map: SourceMap; dir: string }>();
const KEPT = 8;

/**
 * Remembers the source map (`mapText`, esbuild's, its sources relative to `dir`) of the
 * bundle run under the file name `name`.
 */
export function rememberSiteCodeMap(name: string, mapText: string, dir: string): void {
  maps.delete(name);
  maps.set(name, { map: new SourceMap(JSON.parse(mapText) as ConstructorParameters<typeof SourceMap>[0]), dir });
  while (maps.size > KEPT) maps.delete(maps.keys().next().value!);
}

/** Frames of a remembered bundle's code: `name:line:column`. */
const FRAME = /(site-code-[0-9a-f]+\.js):(\d+):(\d+)/g;

/**
 * Where in the site's files `error` was thrown: the innermost frame of the site's code
 * (a frame in React or in a package is not the author's to fix), mapped back to its file
 * (relative to `siteDir`), line and column. Undefined when the error did not come from the
 * site's code, or its place is outside the site folder.
 */
export function siteCodePlace(error: unknown, siteDir: string): { file: string; line: number; column: number } | undefined {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  for (const [, name, line, column] of stack.matchAll(FRAME)) {
    const known = maps.get(name!);
    if (!known) continue;
    // Run with its first line after the wrapper's (siteCode.ts): one line down.
    const entry = known.map.findEntry(Number(line) - 2, Number(column) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (entry.originalSource === undefined || entry.originalLine === undefined) continue;
    // A module of a plugin namespace (a page's own components, a scoped stylesheet) is named by its path.
    const source = entry.originalSource.replace(/^file:\/\//, '').replace(/^(site-[\w-]+|page-module):/, '');
    const file = path.relative(siteDir, path.resolve(known.dir, source)).split(path.sep).join('/');
    // A package's own code (bundled in from the site's node_modules) is not the author's to fix: the site's line that called it is.
    if (file.startsWith('..') || path.isAbsolute(file) || file.split('/').includes('node_modules')) continue;
    // A module of the bundle's own making (the entry that lists the site's modules) is no one's file.
    if (file === 'site-code.js' || file.startsWith('.site-code')) continue;
    return { file, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  }
  return undefined;
}
