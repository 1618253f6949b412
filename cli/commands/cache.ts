import path from 'node:path';
import { PACKAGE_ROOT } from '../paths.ts';
import fs from 'node:fs';
import { openDiskCache, unreadableCacheEntryIn } from '../content/documentCache.ts';
import type { Reporter } from '../pipeline/reporter.ts';
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
 * Runs `work` (a `build` or a `check`) with the document cache. When an entry of it cannot
 * be read where a document's tree is asked for (`UnreadableCacheEntry`: gone, cut short or
 * changed on disk), the work has taken its head for the document already and cannot read
 * the source in its place there: the cache is cleared, the author told, and the work run
 * once more with the cache opened afresh. A failed build leaves the output as it was, so
 * running it again is safe; a cache only ever costs time, never a build.
 */
export async function withDocumentCache<C extends { clear(): void }, T>(open: () => C | undefined, reporter: Reporter, work: (cache: C | undefined) => Promise<T>): Promise<T> {
  const cache = open();
  try {
    return await work(cache);
  } catch (error) {
    const damaged = unreadableCacheEntryIn(error);
    if (!damaged || !cache) throw error;
    reporter.warn(`${damaged.message} The document cache was cleared; starting again without it.`);
    cache.clear();
    return work(open());
  }
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
