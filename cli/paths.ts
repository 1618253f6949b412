import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The generator's own folder (where package.json, runtime/ and themes/ are), found by
 * walking up from this module: the same answer from the sources and from the compiled
 * CLI in node_modules/.cache.
 */
export const PACKAGE_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'runtime'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Cannot find the generator's package root above ${start}.`);
  }
}
