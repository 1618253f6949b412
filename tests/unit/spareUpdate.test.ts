import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { build } from '../../cli/pipeline/build.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { openDiskCache } from '../../cli/content/documentCache.ts';
import { openBuildCache } from '../../cli/write/buildCache.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * A rebuild updates the spare (the build before last, see swap.ts) in place. Its files that
 * are already the previous build's very files are known from the manifest, not found by a
 * stat each: a one-page rebuild of 2,000 docs kept 7,000 files and made 7,000 such calls.
 * The output is still the cold build's (the random-edit test in incrementalBuild.test.ts).
 */
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('a rebuild through the spare', () => {
  it('stats only the spare\'s files that the last build changed, and its output is a cold build\'s', async () => {
    const files: Record<string, string> = {
      'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true };\n',
      'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nStart [here](./a/page-0.md).\n',
    };
    for (let i = 0; i < 30; i++) files[`docs/a/page-${i}.md`] = `# Page ${i}\n\nThe first paragraph of page ${i}.\n`;
    const site = writeTempSite(files);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spare-update-'));
    temps.push(site, work);
    const cache = openDiskCache(path.join(work, 'documents'), 'test');
    const buildCache = openBuildCache(path.join(work, 'builds'), 'test');
    const reporter = createReporter({ quiet: true });
    const outDir = path.join(work, 'build');
    const temp = `${outDir}.tmp${path.sep}`;
    const edit = (i: number) => fs.appendFileSync(path.join(site, `docs/a/page-${i}.md`), `\nAnother paragraph ${i}.\n`);
    // Cold, then one edit (no spare yet: the cold build is kept as the next one's), then through the spare.
    await build(await loadConfig(site), { reporter, cache, buildCache, outDir });
    edit(3);
    await build(await loadConfig(site), { reporter, cache, buildCache, outDir });
    edit(7);
    await build(await loadConfig(site), { reporter, cache, buildCache, outDir });
    const outputs = (fs.readdirSync(outDir, { recursive: true }) as string[]).filter((rel) => fs.statSync(path.join(outDir, rel)).isFile()).length;
    edit(11);
    const lstat = vi.spyOn(fs, 'lstatSync');
    let statted: string[];
    try {
      await build(await loadConfig(site), { reporter, cache, buildCache, outDir });
    } finally {
      statted = lstat.mock.calls.map(([file]) => String(file));
      lstat.mockRestore();
    }
    const inSpare = statted.filter((file) => file.startsWith(temp)).length;
    expect(outputs).toBeGreaterThan(60);
    // The files the last build wrote (page-7's two, the site-wide ones whose bytes changed): not one per file.
    expect(inSpare).toBeLessThan(outputs / 4);
    expect(fs.readFileSync(path.join(outDir, 'a/page-11/index.html'), 'utf8')).toContain('Another paragraph 11.');

    const cold = path.join(work, 'cold');
    await build(await loadConfig(site), { reporter, outDir: cold });
    const filesOf = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((rel) => fs.statSync(path.join(dir, rel)).isFile()).sort();
    expect(filesOf(outDir)).toEqual(filesOf(cold));
    for (const rel of filesOf(cold)) expect(fs.readFileSync(path.join(outDir, rel)).equals(fs.readFileSync(path.join(cold, rel))), rel).toBe(true);
  }, 120_000);
});
