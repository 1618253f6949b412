import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { ROOT, runCli } from './helpers/cli.ts';
import { startDev, stopDev } from './helpers/devServer.ts';
import { writeTempSite } from './helpers/memorySite.ts';

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

  it('prints a file name with control characters as escapes, in text and in annotations, never as terminal codes', () => {
    const dir = writeTempSite({ 'docs/intro.md': '# Intro\n', 'docs/x\u001b[31m,line=9::red.md': '# Red\n\n[gone](./gone.md)\n' });
    try {
      const text = runCli(['check', dir]);
      expect(text.code).toBe(1);
      expect(text.stdout + text.stderr).toContain('docs/x\\u001b[31m,line=9::red.md:3:1: Broken link to "./gone.md"');
      const github = runCli(['check', dir, '--format', 'github']);
      const annotations = github.stdout.split('\n').filter((line) => line.startsWith('::'));
      expect(annotations.some((line) => line.startsWith('::error file=docs/x\\u001b[31m%2Cline=9%3A%3Ared.md,line=3,col=1::Broken link to "./gone.md"'))).toBe(true);
      for (const output of [text.stdout, text.stderr, github.stdout, github.stderr]) expect(output).not.toContain('\u001b[31m,');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
      // The folder was removed first: no previous build to keep pages from.
      'Rebuilt 14 of 14 pages (0 unchanged) in',
      expect.stringMatching(/^Built 14 pages in [\d.]+ m?s · [\d.]+ (KB|MB) in \d+ files → tests\/\.output\/minimal\/ · first-load JS [\d.]+ KB$/),
    ]);
    expect(stderr).not.toContain('\x1b[');
  });
});

/**
 * A site with one broken link (line 6) or one broken anchor (line 8), each policy in its
 * config. `site.onBrokenLinks` / `onBrokenAnchors` decide the exit code and what is printed.
 */
function policySite(broken: 'link' | 'anchor', policy: string): string {
  const key = broken === 'link' ? 'onBrokenLinks' : 'onBrokenAnchors';
  return writeTempSite({
    'site.config.ts': `export default { title: 'T', url: 'https://t.example', trailingSlash: true, ${key}: '${policy}' };\n`,
    'docs/index.md': `---\nslug: /\n---\n# Home\n\n${broken === 'link' ? 'See [gone](./gone.md).' : 'See the guide.'}\n\n${broken === 'anchor' ? 'See [setup](./guide.md#nowhere).' : 'More.'}\n`,
    'docs/guide.md': '# Guide\n\n## Set up\n\nText.\n',
  });
}

const MESSAGES = {
  link: 'docs/index.md:6:5: Broken link to "./gone.md": that file does not exist (or is a draft).',
  anchor: 'docs/index.md:8:5: Broken anchor in "./guide.md#nowhere": /guide/ has no element with that id.',
};

describe('broken-link policy through the command line', () => {
  const sites: string[] = [];
  afterAll(() => sites.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  for (const broken of ['link', 'anchor'] as const) {
    const key = broken === 'link' ? 'onBrokenLinks' : 'onBrokenAnchors';

    it(`${key}: 'error' fails build and check with exit 1 and the error`, () => {
      const dir = policySite(broken, 'error');
      sites.push(dir);
      for (const command of ['build', 'check']) {
        const { code, stderr } = runCli([command, dir]);
        expect(code, command).toBe(1);
        expect(stderr, command).toContain(MESSAGES[broken]);
        expect(stderr, command).toContain('1 error in 1 file');
      }
      expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
    });

    it(`${key}: 'warn' builds with exit 0 and prints the warning`, () => {
      const dir = policySite(broken, 'warn');
      sites.push(dir);
      for (const command of ['build', 'check']) {
        const { code, stderr } = runCli([command, dir]);
        expect(code, command).toBe(0);
        expect(stderr, command).toContain(MESSAGES[broken]);
        expect(stderr, command).toContain('1 warning in 1 file');
      }
      expect(fs.existsSync(path.join(dir, 'build/index.html'))).toBe(true);
    });

    it(`${key}: 'ignore' builds with exit 0 and prints nothing about it`, () => {
      const dir = policySite(broken, 'ignore');
      sites.push(dir);
      for (const command of ['build', 'check']) {
        const { code, stderr } = runCli([command, dir]);
        expect(code, command).toBe(0);
        expect(stderr, command).not.toMatch(/Broken|warning|error/);
      }
      expect(fs.existsSync(path.join(dir, 'build/index.html'))).toBe(true);
    });

    it(`${key}: 'error' is only a warning in dev, and 'ignore' is silent there too`, async () => {
      for (const [policy, printed] of [['error', true], ['ignore', false]] as const) {
        const dir = policySite(broken, policy);
        sites.push(dir);
        const { url, child, output } = await startDev(dir);
        // Once it answers, it also handles Ctrl+C (stopped right after "ready", it is killed
        // before its handler is installed, and leaves its temporary folder behind).
        expect((await fetch(url)).status).toBe(200);
        expect(await stopDev(child)).toBe(0);
        if (printed) expect(output(), policy).toContain(MESSAGES[broken]);
        else expect(output(), policy).not.toContain('Broken');
        // Whatever the policy, dev serves: an author mid-edit gets the page, not a dead server.
        expect(output(), policy).toMatch(/Dev server ready/);
      }
    });
  }
});
