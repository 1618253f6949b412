import { describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runCli } from './helpers/cli.ts';

describe('command line', () => {
  it('prints help with every command and exits 0', () => {
    const { code, stdout } = runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: site [options] [command]');
    for (const command of ['build [options] [siteDir]', 'check [options] [siteDir]', 'serve [options] [siteDir]']) expect(stdout).toContain(command);
  });

  it('prints the version', () => {
    const { code, stdout } = runCli(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exits 2 on an unknown command or a bad option value', async () => {
    expect(await main(['node', 'site', 'bulid'])).toBe(2);
    expect(await main(['node', 'site', 'check', '--format', 'xml'])).toBe(2);
    expect(await main(['node', 'site', 'serve', '--port', 'eighty'])).toBe(2);
  });

  it('check exits 1 with file:line:col on a broken link, and 0 on a clean site', () => {
    const broken = runCli(['check', 'tests/fixtures/sites/broken-links']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('docs/index.md:7:33: Broken link to "./missing.md"');
    expect(broken.stderr).toMatch(/6 errors in 2 files/);
    const clean = runCli(['check', 'tests/fixtures/sites/minimal']);
    expect(clean.code).toBe(0);
    expect(clean.stderr).toContain('All links resolve across');
  });

  it('check --format github prints workflow annotations', () => {
    const { code, stdout } = runCli(['check', 'tests/fixtures/sites/broken-links', '--format', 'github']);
    expect(code).toBe(1);
    expect(stdout).toContain('::error file=docs/index.md,line=7,col=33::Broken link to "./missing.md": that file does not exist (or is a draft).');
  });

  it('check --format json prints only JSON on stdout', () => {
    const { stdout } = runCli(['check', 'tests/fixtures/sites/broken-links', '--format', 'json']);
    const report = JSON.parse(stdout) as { errors: number; diagnostics: { code: string; file: string; line: number }[] };
    expect(report.errors).toBe(6);
    expect(report.diagnostics[0]).toMatchObject({ code: 'broken-link', file: 'docs/index.md', line: 7 });
  });

  it('names each build stage and ends with one summary line', () => {
    // A folder left by an older generator carries no marker and would be refused.
    fs.rmSync(path.join(ROOT, 'tests/.output/minimal'), { recursive: true, force: true });
    const { code, stderr } = runCli(['build', 'tests/fixtures/sites/minimal', '--out-dir', 'tests/.output/minimal']);
    expect(code).toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines.map((l) => l.replace(/ [\d.]+ m?s$/, ''))).toEqual([
      '✓ Loading config',
      '✓ Reading content',
      '✓ Loading Markdown',
      '✓ Building route graph',
      '✓ Checking links',
      '✓ Bundling client',
      '✓ Rendering 14 pages',
      '✓ Building search index',
      '✓ Writing build',
      expect.stringMatching(/^Built 14 pages in [\d.]+ m?s · [\d.]+ (KB|MB) in \d+ files → tests\/\.output\/minimal\/ · first-load JS [\d.]+ KB$/),
    ]);
    expect(stderr).not.toContain('\x1b[');
  });
});
