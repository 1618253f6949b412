import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.ts';

/**
 * The same sources give byte-identical output wherever they are checked out and
 * whatever the machine: checkout path, working directory, time zone (one of the first
 * and one of the last to see a date) and locale, and line endings (git checks text out with
 * CRLF on Windows). Two copies of a site, built by the same generator, are compared file by file.
 */

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A copy of `files` (paths relative to `from`) at `depth` folders below a fresh temp folder. */
function copySite(from: string, entries: string[], depth: number, extra: Record<string, string> = {}): string {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'det-'));
  temps.push(top);
  const dir = path.join(top, ...Array.from({ length: depth }, (_, i) => `level ${i}`), 'site');
  for (const entry of entries) fs.cpSync(path.join(from, entry), path.join(dir, entry), { recursive: true });
  for (const [file, text] of Object.entries(extra)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function listFiles(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const p = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? listFiles(dir, p) : [p];
  }).sort();
}

/** The site's text files as git's autocrlf checks them out on Windows: every line ending `\r\n`. */
function checkOutWithCrlf(dir: string): number {
  let converted = 0;
  for (const file of listFiles(dir)) {
    if (!/\.(?:mdx?|json|ya?ml|ts)$/.test(file) || file.startsWith('static/') || file.startsWith('build/')) continue;
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    fs.writeFileSync(path.join(dir, file), text.replace(/\r?\n/g, '\r\n'));
    converted++;
  }
  return converted;
}

/** Builds two copies on different machines (as far as a process can tell) and compares the outputs. */
function buildTwice(a: string, b: string) {
  const builds = [
    { dir: a, cwd: ROOT, env: { TZ: 'Pacific/Kiritimati', LC_ALL: 'C', LANG: 'C' } },
    { dir: b, cwd: path.dirname(b), env: { TZ: 'America/Adak', LC_ALL: 'sv_SE.UTF-8', LANG: 'sv_SE.UTF-8' } },
  ];
  for (const { dir, cwd, env } of builds) {
    const run = runCli(['build', path.relative(cwd, dir) || '.'], { cwd, env });
    expect(run.code, run.stderr).toBe(0);
  }
  const [outA, outB] = [path.join(a, 'build'), path.join(b, 'build')];
  const files = listFiles(outA);
  expect(listFiles(outB)).toEqual(files);
  const differing = files.filter((f) => !fs.readFileSync(path.join(outA, f)).equals(fs.readFileSync(path.join(outB, f))));
  expect(differing).toEqual([]);
  return files;
}

/** Dates and names whose order or rendering depends on the time zone or locale if the code does. */
const extra = {
  'blog/2024-03-01-late.md': '---\ntitle: Late in the day\ndate: 2024-03-01T23:30:00\ntags: [Zebra, alpha, Éclair, İstanbul, istanbul]\n---\nPosted late.\n',
  'blog/2024-03-02-early.md': '---\ntitle: Early\ndate: "2024-03-02 00:30"\nlast_update:\n  date: "2024-03-03 01:00"\ntags: [Zebra, Alpha, éclair]\n---\nPosted early.\n',
  'docs/zz-dates.md': '---\ntitle: Dates\nlast_update:\n  date: "2024-01-01 00:15"\n  author: Ada\ntags: [Zebra, alpha, Ä, a]\n---\nText.\n',
};

describe('the same input gives the same output', () => {
  it('for a small site, from any checkout path, working directory, time zone and locale', () => {
    const from = path.join(ROOT, 'tests/fixtures/sites/minimal');
    const entries = fs.readdirSync(from);
    const files = buildTwice(copySite(from, entries, 0, extra), copySite(from, entries, 3, extra));
    expect(files).toEqual(expect.arrayContaining(['index.html', 'blog/rss.xml', 'sitemap.xml']));
    expect(files.some((f) => f.startsWith('assets/') && f.endsWith('.js'))).toBe(true);
  }, 240_000);

  it('for the Coinvoy site, checked out with LF and with CRLF line endings', () => {
    const entries = ['content', 'static'];
    // The config imports defineConfig from the generator beside it: point it at this one.
    const config = { 'site.config.ts': fs.readFileSync(path.join(ROOT, 'site.config.ts'), 'utf8').replace("'./cli/config/types.ts'", JSON.stringify(path.join(ROOT, 'cli/config/types.ts'))) };
    const windows = copySite(ROOT, entries, 4, config);
    expect(checkOutWithCrlf(windows)).toBeGreaterThan(130);
    const files = buildTwice(copySite(ROOT, entries, 1, config), windows);
    expect(files.length).toBeGreaterThan(180);
  }, 400_000);
});
