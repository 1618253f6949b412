import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { isInside, protectedPaths, realPath } from '../config/sitePaths.ts';
import { usageError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';

/**
 * The file that marks a folder as made by this generator. Only a folder that carries it
 * (or an empty one) is ever replaced or deleted. Its text is the same in every build, so
 * output stays byte-identical.
 */
export const MARKER_FILE = '.site-build';

export type MarkerState = 'writing' | 'complete';

/**
 * The folders a build makes beside its output folder `build/` (see swap.ts): `build.tmp/`,
 * the next build, written aside; `build.old/`, the previous build for the moment of the
 * swap; `.build.lock`, the process id of the build writing them.
 */
export function sideFolders(target: string): { temp: string; old: string; lock: string } {
  const dir = path.dirname(target);
  const name = path.basename(target);
  return { temp: `${target}.tmp`, old: `${target}.old`, lock: path.join(dir, `.${name}.lock`) };
}

/** Whether a lock file's text is one a build wrote (a process id, and its start time). */
export function isLockStamp(text: string): boolean {
  return /^\d+( \S+)?\s*$/.test(text);
}

export function markerText(state: MarkerState): string {
  return `${JSON.stringify({ generator: 'site', state })}\n`;
}

/** The state a folder's marker records, or null when the folder is not one of ours. */
export function readMarker(dir: string): MarkerState | null {
  try {
    const data = JSON.parse(fs.readFileSync(path.join(dir, MARKER_FILE), 'utf8')) as { generator?: string; state?: string };
    if (data.generator !== 'site') return null;
    return data.state === 'complete' ? 'complete' : 'writing';
  } catch {
    return null;
  }
}

/**
 * Refuses (exit code 2) an output folder the build could not replace without losing
 * something: one that is, holds or lies inside the site's sources or the generator, an
 * existing file or symbolic link, or a non-empty folder this generator did not make.
 * Runs before anything is read, so a careless `--out-dir` costs nothing.
 */
export function assertSafeOutputFolder(outDir: string, config: Pick<ResolvedConfig, 'siteDir' | 'paths' | 'configFile'>, generatorRoot: string): void {
  const shown = path.relative(process.cwd(), outDir) || '.';
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(outDir);
  } catch {
    // Does not exist yet: only its place matters.
  }
  if (stat?.isSymbolicLink()) throw usageError(catalog.outputIsLink(shown, realPath(outDir)));
  if (stat && !stat.isDirectory()) throw usageError(catalog.outputIsFile(shown));

  const out = realPath(outDir);
  const folders = [
    { path: config.siteDir, what: 'the site folder', mayLieInside: true },
    { path: generatorRoot, what: "the generator's folder", mayLieInside: true },
    ...protectedPaths(config, generatorRoot).map((p) => ({ ...p, mayLieInside: false })),
  ];
  for (const folder of folders) {
    if (!fs.existsSync(folder.path)) continue;
    const real = realPath(folder.path);
    const where = path.relative(process.cwd(), folder.path) || '.';
    if (out === real) throw usageError(catalog.outputIsSource(shown, 'is', folder.what, where));
    if (isInside(real, out)) throw usageError(catalog.outputIsSource(shown, 'holds', folder.what, where));
    if (!folder.mayLieInside && isInside(out, real)) throw usageError(catalog.outputIsSource(shown, 'lies inside', folder.what, where));
  }

  if (stat && fs.readdirSync(outDir).length > 0 && readMarker(outDir) === null) {
    throw usageError(catalog.outputNotOurs(shown, MARKER_FILE));
  }
  assertSideFoldersFree(path.resolve(outDir));
}

/**
 * Refuses (exit code 2) an output folder whose side folders (`build.tmp/`, `build.old/`,
 * `.build.lock`) are taken by something this generator did not make: a build removes and
 * replaces them, and `site.tmp` may be the site itself (`build site.tmp --out-dir site`).
 * A folder of ours carries the marker; an empty one holds nothing to lose.
 */
export function assertSideFoldersFree(target: string): void {
  const { temp, old, lock } = sideFolders(target);
  for (const file of [temp, old, lock]) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(file);
    } catch {
      continue;
    }
    const ours = file === lock ? stat.isFile() && isLockStamp(fs.readFileSync(file, 'utf8')) : stat.isDirectory() && (readMarker(file) !== null || fs.readdirSync(file).length === 0);
    if (!ours) throw usageError(catalog.outputSideTaken(path.relative(process.cwd(), file) || file, path.relative(process.cwd(), target) || '.', MARKER_FILE));
  }
}

/**
 * Refuses (exit code 2) an output file (`export-search-records --out`) that is one of the
 * site's sources or the generator's files, lies inside them, or is a folder; and a file
 * that exists but is not search records this command wrote (`--out package.json`
 * replaced the site's package.json): only its own output is written over.
 */
export function assertSafeOutputFile(file: string, config: Pick<ResolvedConfig, 'siteDir' | 'paths' | 'configFile'>, generatorRoot: string): void {
  const shown = path.relative(process.cwd(), file) || file;
  if (fs.existsSync(file) && !fs.statSync(file).isFile()) throw usageError(catalog.outputFileUnsafe(shown, 'is a folder'));
  const real = realPath(file);
  for (const source of protectedPaths(config, generatorRoot)) {
    if (fs.existsSync(source.path) && isInside(real, realPath(source.path))) {
      throw usageError(catalog.outputFileUnsafe(shown, `${real === realPath(source.path) ? 'is' : 'lies inside'} ${source.what}`));
    }
  }
  if (fs.existsSync(file) && !isSearchRecords(file)) throw usageError(catalog.outputFileUnsafe(shown, 'exists and holds something other than the search records this command writes'));
}

/** Whether a file holds what export-search-records writes: a JSON array of records, each with its objectID. */
function isSearchRecords(file: string): boolean {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return Array.isArray(value) && value.every((record) => typeof (record as { objectID?: unknown } | null)?.objectID === 'string');
  } catch {
    return false;
  }
}
