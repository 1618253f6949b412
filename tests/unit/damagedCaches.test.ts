import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { build } from '../../cli/pipeline/build.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { openDiskCache } from '../../cli/content/documentCache.ts';
import { MANIFEST_FORMAT, openBuildCache, stampOf, type BuildManifest } from '../../cli/write/buildCache.ts';
import { MARKER_FILE } from '../../cli/write/outputFolder.ts';
import { withDocumentCache } from '../../cli/commands/cache.ts';
import { filesOf, writeTempSite } from '../helpers/memorySite.ts';
import { DevSite } from '../../cli/dev/devSite.ts';
import { ROOT } from '../helpers/cli.ts';

/**
 * The caches (documents, and what each output file was made from) are only ever worth
 * time: one damaged on disk (cut short, changed, written by something else) never fails
 * a build, never changes its output, and never makes it touch a file outside its folders.
 */
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  temps.push(dir);
  return dir;
}

const WORDS = 'wallet invoice network fee callback refund ledger token merchant checkout swap payout'.split(' ');

function siteFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true };\n',
    'blog/2024-01-02-hello.md': '---\ntitle: Hello\n---\nFirst post about the ledger.\n\n<!-- truncate -->\n\nMore.\n',
  };
  for (let i = 0; i < 12; i++) files[`docs/p${i}.md`] = `---\ntitle: Page ${i}\n---\n\nThe ${WORDS[i % WORDS.length]} settles with the ${WORDS[(i * 5) % WORDS.length]}.\n\n## Usage\n\nSee [page ${(i + 1) % 12}](p${(i + 1) % 12}.md).\n`;
  return files;
}

/** A reporter that keeps its warnings. */
function quietReporter() {
  const warnings: string[] = [];
  return { reporter: { ...createReporter({ quiet: true }), warn: (line: string) => void warnings.push(line) }, warnings };
}

/** Every entry's tree changed in place: same length, one letter of its text other. */
function damageEveryTree(cacheRoot: string): number {
  let damaged = 0;
  for (const version of fs.readdirSync(cacheRoot)) {
    for (const name of fs.readdirSync(path.join(cacheRoot, version))) {
      if (!/^[\w-]+\.json$/.test(name) || name.startsWith('files-')) continue;
      const file = path.join(cacheRoot, version, name);
      const bytes = fs.readFileSync(file);
      const at = bytes.indexOf('"value":"', bytes.indexOf(0x0a));
      if (at < 0) continue;
      bytes[at + 9] = bytes[at + 9] === 0x51 ? 0x52 : 0x51;
      fs.writeFileSync(file, bytes);
      damaged++;
    }
  }
  return damaged;
}

describe('a damaged document cache', () => {
  it('is cleared and the build run again: it succeeds with the output of a build without the cache', async () => {
    const site = writeTempSite(siteFiles());
    temps.push(site);
    const cacheRoot = tempDir('damaged-documents');
    const buildRoot = tempDir('damaged-documents-build');
    const outDir = path.join(tempDir('damaged-documents-out'), 'build');
    const config = await loadConfig(site);
    const run = async () => {
      const { reporter, warnings } = quietReporter();
      await withDocumentCache(() => openDiskCache(cacheRoot, 'v1'), reporter, async (cache) => {
        cache?.useHeadsOf(site);
        await build(config, { reporter, cache, buildCache: openBuildCache(buildRoot, 'v1'), outDir });
        cache?.flush();
      });
      return warnings;
    };
    expect(await run()).toEqual([]);
    // An edit: the rebuild renders that page, reading its tree, and the blog's (its excerpt), from the cache.
    fs.appendFileSync(path.join(site, 'docs/p3.md'), '\nOne more line.\n');
    expect(damageEveryTree(cacheRoot)).toBeGreaterThan(10);
    const warnings = await run();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/The document cache entry of .*\.md .*could not be read.*The document cache was cleared; starting again without it\./);
    const cold = path.join(tempDir('damaged-documents-cold'), 'build');
    await build(config, { reporter: createReporter({ quiet: true }), outDir: cold });
    expect(filesOf(outDir)).toEqual(filesOf(cold));
    // The cache made again is whole: the next build reads it without a word.
    expect(await run()).toEqual([]);
  }, 120_000);
});

describe('a damaged document cache in dev', () => {
  it('is dropped and the site loaded again from its sources: the server starts and serves every page as it is', async () => {
    const site = writeTempSite(siteFiles());
    temps.push(site);
    const cacheRoot = tempDir('damaged-documents-dev');
    const start = async () => {
      const temp = path.join(ROOT, 'node_modules/.cache/site-dev', `damaged-${path.basename(cacheRoot)}-${Math.random().toString(36).slice(2)}`);
      temps.push(temp);
      const cache = openDiskCache(cacheRoot, 'v1');
      cache.useHeadsOf(site);
      const dev = await DevSite.start(site, temp, cache);
      cache.flush();
      return dev;
    };
    const first = await start();
    const pages = new Map<string, string>();
    for (const name of first.outputNames().filter((name) => name.endsWith('index.html'))) pages.set(name, String((await first.output(name))!.body));
    await first.dispose();
    expect(pages.size).toBeGreaterThan(12);
    expect(damageEveryTree(cacheRoot)).toBeGreaterThan(10);
    const dev = await start();
    try {
      for (const [name, body] of pages) expect(String((await dev.output(name))?.body), name).toBe(body);
    } finally {
      await dev.dispose();
    }
  }, 120_000);
});

describe('a damaged build cache', () => {
  /** A site built twice with the build cache, and what that cache keeps. */
  async function builtTwice(searchIndex = {}) {
    const site = writeTempSite(siteFiles());
    temps.push(site);
    const buildRoot = tempDir('damaged-build');
    const outDir = path.join(tempDir('damaged-build-out'), 'build');
    const config = await loadConfig(site);
    const rebuild = () => build(config, { reporter: createReporter({ quiet: true }), buildCache: openBuildCache(buildRoot, 'v1'), outDir, searchIndex });
    await rebuild();
    await rebuild();
    const files = () => fs.readdirSync(buildRoot, { recursive: true }).map(String);
    const manifestFile = path.join(buildRoot, files().find((name) => /^[0-9a-f]+\/[0-9a-f]+\.json$/.test(name))!);
    return { site, config, outDir, rebuild, manifestFile, searchIndex };
  }

  const expectAsCold = async ({ config, outDir, searchIndex }: { config: Awaited<ReturnType<typeof loadConfig>>; outDir: string; searchIndex: object }) => {
    const cold = path.join(tempDir('damaged-build-cold'), 'build');
    await build(config, { reporter: createReporter({ quiet: true }), outDir: cold, searchIndex });
    expect(filesOf(outDir)).toEqual(filesOf(cold));
  };

  it('is not used when its manifest names a file outside the output folder: nothing outside is read, kept or removed', async () => {
    const built = await builtTwice();
    const outside = path.join(path.dirname(built.outDir), 'outside.txt');
    fs.writeFileSync(outside, 'an author\'s file');
    const manifest = JSON.parse(fs.readFileSync(built.manifestFile, 'utf8')) as BuildManifest;
    const [route] = Object.keys(manifest.pages);
    manifest.pages[route!]!.files.push('../outside.txt');
    manifest.outputs['../outside.txt'] = { ...stampOf(outside)!, hash: 'x' };
    manifest.spare = { marker: manifest.marker, stale: ['../outside.txt'] };
    fs.writeFileSync(built.manifestFile, JSON.stringify(manifest));
    fs.appendFileSync(path.join(built.site, 'docs/p3.md'), '\nOne more line.\n');
    await built.rebuild();
    expect(fs.readFileSync(outside, 'utf8')).toBe('an author\'s file');
    await expectAsCold(built);
  }, 120_000);

  it('is not used when its manifest has another shape: the build is cold, and succeeds', async () => {
    for (const damage of [(m: Record<string, unknown>) => (m.pages = null), (m: Record<string, unknown>) => (m.outputs = []), (m: Record<string, unknown>) => Object.values(m.pages as object).forEach((page) => delete (page as Record<string, unknown>).files)]) {
      const built = await builtTwice();
      const manifest = JSON.parse(fs.readFileSync(built.manifestFile, 'utf8')) as Record<string, unknown>;
      damage(manifest);
      fs.writeFileSync(built.manifestFile, JSON.stringify(manifest));
      await built.rebuild();
      await expectAsCold(built);
    }
  }, 120_000);

  it('is not used when a number in its search memo is out of all bounds (a page of a billion records)', async () => {
    const built = await builtTwice({ splitPages: 1 });
    const manifest = JSON.parse(fs.readFileSync(built.manifestFile, 'utf8')) as BuildManifest;
    for (const page of Object.values(manifest.search!.pages)) page.records = 1e9;
    fs.writeFileSync(built.manifestFile, JSON.stringify(manifest));
    fs.appendFileSync(path.join(built.site, 'docs/p3.md'), '\nOne more line.\n');
    await built.rebuild();
    await expectAsCold(built);
  }, 60_000);

  it('makes the split search index whole when the state kept beside the manifest is damaged', async () => {
    for (const damage of [(bytes: Buffer) => bytes.subarray(0, bytes.length >> 1), (bytes: Buffer) => Buffer.concat([bytes.subarray(0, bytes.length - 64), Buffer.alloc(64, 0xff)])]) {
      const built = await builtTwice({ splitPages: 1 });
      const state = `${built.manifestFile}.search`;
      expect(fs.existsSync(state)).toBe(true);
      fs.writeFileSync(state, damage(fs.readFileSync(state)));
      fs.appendFileSync(path.join(built.site, 'docs/p3.md'), '\nThe refund of the wallet.\n');
      await built.rebuild();
      await expectAsCold(built);
    }
  }, 120_000);

  it('loads a manifest of the right shape whose paths are all inside the output folder', () => {
    const root = tempDir('manifest-shape');
    const outDir = path.join(root, 'build');
    fs.mkdirSync(outDir);
    fs.writeFileSync(path.join(outDir, MARKER_FILE), 'complete');
    const cache = openBuildCache(path.join(root, 'cache'), 'v1');
    const manifest = (outputs: string[]): BuildManifest => ({
      format: MANIFEST_FORMAT,
      configId: 'c',
      marker: stampOf(path.join(outDir, MARKER_FILE))!,
      outputs: Object.fromEntries(outputs.map((rel) => [rel, { size: 1, mtimeMs: 1, ino: 1, hash: 'h' }])),
      pages: { '/': { fingerprint: 'f', files: outputs } },
    });
    const loads = async (outputs: string[]) => {
      await cache.save(outDir, manifest(outputs));
      return openBuildCache(path.join(root, 'cache'), 'v1').load(outDir) !== undefined;
    };
    return (async () => {
      expect(await loads(['index.html', '.well-known/security.txt', 'a/..b/c..', 'img/x.y.svg'])).toBe(true);
      for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', '.', '..', 'a/', '', 'a\0b']) expect(await loads(['index.html', bad]), bad).toBe(false);
    })();
  });
});
