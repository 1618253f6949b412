import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs the real CLI (`node bin/site.js …`) and returns its exit code and output. */
export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'bin/site.js'), ...args], {
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    timeout: 120_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
