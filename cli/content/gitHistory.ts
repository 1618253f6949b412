import { spawnSync } from 'node:child_process';
import type { ResolvedConfig } from '../config/types.ts';

/** When a file was last committed, and by whom (git's committer time, author name). */
export interface LastUpdate {
  /** ISO 8601. */
  date: string;
  author: string;
}

/**
 * "Last updated" from git, as Docusaurus's showLastUpdateTime/Author read it, for every
 * file under the site folder at once: one `git log` over the folder's history, the first
 * (newest) commit that names a file being its last update. Docusaurus runs git once per
 * file, which on 2,000 docs is minutes; this is one process. Outside a repository, with
 * no git, or when git fails, the map is empty and pages honestly show no date.
 * Paths are relative to the site folder, with forward slashes.
 */
export function gitLastUpdates(siteDir: string): Map<string, LastUpdate> {
  const found = new Map<string, LastUpdate>();
  const result = spawnSync('git', ['-c', 'core.quotePath=off', 'log', '--format=%x1e%ct%x1f%an', '--name-only', '--no-renames', '--relative', '--', '.'], {
    cwd: siteDir,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (result.status !== 0 || typeof result.stdout !== 'string') return found;
  for (const commit of result.stdout.split('\x1e')) {
    const [header, ...files] = commit.split('\n');
    const [time, author] = (header ?? '').split('\x1f');
    const seconds = Number(time);
    if (!Number.isFinite(seconds) || author === undefined) continue;
    for (const file of files) {
      if (file && !found.has(file)) found.set(file, { date: new Date(seconds * 1000).toISOString(), author });
    }
  }
  return found;
}

/** The last commits the docs show (showLastUpdateTime/Author of any docs instance), or none when none shows them. */
export function lastUpdatesFor(config: Pick<ResolvedConfig, 'siteDir' | 'docs' | 'docsPlugins'>): Map<string, LastUpdate> | undefined {
  const shows = [config.docs, ...(config.docsPlugins ?? [])].some((docs) => docs.showLastUpdateTime || docs.showLastUpdateAuthor);
  return shows ? gitLastUpdates(config.siteDir) : undefined;
}
