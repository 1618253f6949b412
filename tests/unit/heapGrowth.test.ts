import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

/**
 * While a build runs, the heap may grow to twice what is live, not V8's up-to-4x (see
 * cli/pipeline/heapGrowth.ts): at 2,000 docs that was the difference between a 340–370
 * and a 470–535 MiB peak. Each run is a child process (away from the test runner's heap) keeping
 * 60 MB live while it makes garbage that lives long enough to be promoted, as a render
 * does (tests/helpers/heapChurn.ts). About 10 s of CPU.
 */
function peakOf(mode: 'plain' | 'bounded' | 'after'): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/helpers/heapChurn.ts'), mode], { cwd: ROOT, encoding: 'utf8', timeout: 100_000 });
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout.trim().split('\n').pop()!) as { peak: number }).peak;
}

describe('heap growth while building', () => {
  it('keeps the peak near twice the live set, and gives V8 its own growth back after', () => {
    const plain = peakOf('plain');
    const bounded = peakOf('bounded');
    const after = peakOf('after');
    const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
    // Measured: about 320 MB without, 175 MB with (60 MB live, 16 MB of garbage in flight).
    expect(bounded, `bounded ${mb(bounded)}, V8's own ${mb(plain)}`).toBeLessThan(plain * 0.7);
    expect(bounded).toBeLessThan(200e6);
    expect(after, `after a bounded stretch ${mb(after)}, V8's own ${mb(plain)}`).toBeGreaterThan(bounded * 1.3);
  }, 300_000);
});
