import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

/**
 * `dev` runs for hours while an author saves: memory must not grow with every save. A
 * child process (with --expose-gc, away from the test runner's own heap) saves a ~40 KB
 * page 1,000 times into a DevSite and reports the live heap after a GC. Before the memory
 * cache kept one version per file it kept them all: 24 → 143 MB after 1,000 saves
 * (now 24 → 25 MB). About 40 s of CPU.
 */
describe('dev memory', () => {
  it('stays bounded over 1,000 saves of a 40 KB page', () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(ROOT, 'tests/helpers/devChurn.ts'), '1000'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 280_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').pop()!) as { saves: number; applied: number; bytes: number; before: number; after: number };
    expect(result.bytes).toBeGreaterThan(38_000);
    expect(result.applied).toBe(1000);
    expect(result.after, `heap ${(result.before / 1e6).toFixed(1)} → ${(result.after / 1e6).toFixed(1)} MB`).toBeLessThanOrEqual(result.before * 1.5);
  }, 300_000);
});
