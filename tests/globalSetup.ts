import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The real site, built once with the real CLI for the integration and browser tests. */
export const SITE_OUTPUT = path.resolve(import.meta.dirname, '.output/site');

export default function setup() {
  fs.rmSync(SITE_OUTPUT, { recursive: true, force: true });
  execFileSync(process.execPath, ['bin/site.js', 'build', '.', '--out-dir', SITE_OUTPUT], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
}
