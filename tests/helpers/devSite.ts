import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DevSite } from '../../cli/dev/devSite.ts';
import { writeTempSite } from './memorySite.ts';
import { ROOT } from './cli.ts';

/**
 * A temp site written from `files` and a DevSite on it (in this process), started before
 * the file's tests and removed after them. `cacheName` keeps each test file's dev cache apart.
 */
export function useDevSite(files: Record<string, string>, cacheName: string): { site: string; dev: DevSite } {
  const site = writeTempSite(files);
  const temp = path.join(ROOT, 'node_modules/.cache/site-dev', cacheName);
  const handle = { site } as { site: string; dev: DevSite };
  beforeAll(async () => {
    handle.dev = await DevSite.start(site, temp);
  });
  afterAll(async () => {
    await handle.dev?.dispose();
    fs.rmSync(temp, { recursive: true, force: true });
    fs.rmSync(site, { recursive: true, force: true });
  });
  return handle;
}
