import path from 'node:path';
import { PACKAGE_ROOT } from '../paths.ts';
import fs from 'node:fs';
import { openDiskCache } from '../content/documentCache.ts';
import { openBuildCache, type BuildCache } from '../write/buildCache.ts';
import { openKnownFiles } from '../content/knownFiles.ts';

/**
 * The on-disk document cache for `build` and `check`, unless turned off. Only the
 * compiled CLI has one: it knows its own version (`SITE_CLI_BUILD`, set by bin/site.js).
 */
export function commandCache(enabled: boolean): ReturnType<typeof openDiskCache> | undefined {
  const stamp = process.env.SITE_CLI_BUILD;
  if (!enabled || !stamp) return undefined;
  return openDiskCache(path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'site-documents'), stamp);
}

/**
 * The build cache (what each output file was made from) for `build`, beside the document
 * cache, unless turned off. Its version is the generator's own, and the lockfile's: the
 * packages that render pages and bundle the client are part of what made each file.
 */
export function commandBuildCache(enabled: boolean): BuildCache | undefined {
  const stamp = process.env.SITE_CLI_BUILD;
  if (!enabled || !stamp) return undefined;
  let lock = '';
  try {
    const stat = fs.statSync(path.join(PACKAGE_ROOT, 'package-lock.json'));
    lock = `${stat.size}:${stat.mtimeMs}`;
  } catch {
    // No lockfile: the generator's stamp alone.
  }
  return openBuildCache(path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'site-build'), `${stamp}\0${lock}`);
}

/**
 * The stamps of the site's files with their content keys, kept beside the documents (see
 * knownFiles.ts); none without a document cache. `startedAt`: when the command began.
 */
export function commandKnownFiles(cache: ReturnType<typeof commandCache>, siteDir: string, startedAt: number): ReturnType<typeof openKnownFiles> | undefined {
  return cache && openKnownFiles(cache.dir, siteDir, startedAt);
}
