import path from 'node:path';
import { PACKAGE_ROOT } from '../paths.ts';
import { openDiskCache } from '../content/documentCache.ts';

/**
 * The on-disk document cache for `build` and `check`, unless turned off. Only the
 * compiled CLI has one: it knows its own version (`SITE_CLI_BUILD`, set by bin/site.js).
 */
export function commandCache(enabled: boolean): ReturnType<typeof openDiskCache> | undefined {
  const stamp = process.env.SITE_CLI_BUILD;
  if (!enabled || !stamp) return undefined;
  return openDiskCache(path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'site-documents'), stamp);
}
