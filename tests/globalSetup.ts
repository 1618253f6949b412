import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The real site, built once with the real CLI for the integration and browser tests. */
export const SITE_OUTPUT = path.resolve(import.meta.dirname, '.output/site');

/**
 * Builds the site, and gives the run a temporary folder of its own: the test workers, the
 * CLI processes they start and the browser inherit it as TMPDIR, so every temporary site,
 * output folder and profile a test makes is removed with it when the run ends (a run used
 * to leave hundreds of folders in /tmp; a test that fails before its own clean-up too).
 */
export default function setup() {
  const run = fs.mkdtempSync(path.join(os.tmpdir(), 'site-tests-'));
  // As /tmp is: a test runs a build as another user (a read-only output folder, as root).
  fs.chmodSync(run, 0o1777);
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = run;
  const removeRun = () => fs.rmSync(run, { recursive: true, force: true });
  fs.rmSync(SITE_OUTPUT, { recursive: true, force: true });
  try {
    execFileSync(process.execPath, ['bin/site.js', 'build', '.', '--out-dir', SITE_OUTPUT], {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
  } catch (error) {
    // The run ends here, and vitest calls no teardown for a set-up that failed.
    removeRun();
    throw error;
  }
  return removeRun;
}
