import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DevSite } from '../../cli/dev/devSite.ts';
import { build } from '../../cli/pipeline/build.ts';
import { loadConfig } from '../../cli/config/load.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import type { IndexOptions } from '../../cli/search/buildIndex.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { ROOT } from '../helpers/cli.ts';

/**
 * dev's search index is made as a rebuild makes it: from the last one, reading again only
 * the pages that changed. What it serves after each kind of edit is what a cold build of
 * the same files writes, byte for byte, and the files an edit does not reach are the ones
 * it served before (not made again).
 */

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const WORDS = ['ledger', 'invoice', 'wallet', 'network', 'callback', 'signature', 'merchant', 'checkout', 'refund', 'payout', 'token', 'swap', 'fee', 'limit', 'status'];
const doc = (i: number, title = `Page ${i}`, extra = '') =>
  `---\ntitle: ${title}\n---\n\nThe ${WORDS[i % WORDS.length]} of page ${i} settles with the ${WORDS[(i * 7) % WORDS.length]}.${extra}\n\n## Setup ${i}\n\nConfigure the ${WORDS[(i * 3) % WORDS.length]} and the ${WORDS[(i * 5) % WORDS.length]} for case ${i}.\n\n## Errors\n\nA failed ${WORDS[(i * 11) % WORDS.length]} is retried.\n`;

function siteFiles(): Record<string, string> {
  const files: Record<string, string> = { 'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true };\n' };
  for (let i = 0; i < 40; i++) files[`docs/${i < 20 ? 'guides' : 'reference'}/p${i}.md`] = doc(i);
  return files;
}

/** A file of the index (not the search page, `search/index.html`). */
const isIndexFile = (name: string) => name.startsWith('search/') && name.endsWith('.json');

/** The search files of a cold build of `site`, by output path. */
async function coldBuildSearch(site: string, searchIndex: IndexOptions): Promise<Map<string, string>> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-search-cold-'));
  temps.push(outDir);
  await build(await loadConfig(site), { reporter: createReporter({ quiet: true }), outDir, searchIndex });
  const files = new Map<string, string>();
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(outDir, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (isIndexFile(child)) files.set(child, fs.readFileSync(path.join(outDir, child), 'utf8'));
    }
  };
  walk('search');
  return files;
}

describe.each([
  ['shards', { shardBytes: 500 }, Infinity],
  ['a split index', { splitPages: 1 }, Infinity],
  // A large site's first index is made on the helper thread (forced here).
  ['a split index made first on the helper', { splitPages: 1 }, 0],
] as [string, IndexOptions, number][])('dev search index (%s)', (_, searchIndex, helperFrom) => {
  it('after each edit, serves what a cold build writes, and keeps the files the edit does not reach', async () => {
    const site = writeTempSite(siteFiles());
    temps.push(site);
    const temp = path.join(ROOT, 'node_modules/.cache/site-dev', `search-${searchIndex.splitPages ?? 'shards'}-${helperFrom}`);
    temps.push(temp);
    const dev = await DevSite.start(site, temp, undefined, {}, { options: searchIndex, helperFrom });
    try {
      // Made on the helper, the first index leaves the server answering meanwhile: a page asked for then is served before it is done.
      // `dev` starts it once the server is ready; searches asked for meanwhile (two tabs) wait for it: made once.
      let indexed = false;
      dev.prepareSearchIndex();
      const indexing = Promise.all([dev.ensureSearchIndex(), dev.ensureSearchIndex()]).then(() => (indexed = true));
      expect(String((await dev.output('guides/p1/index.html'))?.body)).toContain('Page 1');
      expect(indexed).toBe(helperFrom === Infinity);
      await indexing;
      expect(dev.searchesOnHelper).toBe(helperFrom === 0 ? 1 : 0);
      /** The search files dev serves now, as their Output objects (the same object: a file kept as it was). */
      const served = async () => {
        await dev.ensureSearchIndex();
        const files = new Map<string, { body: string | Uint8Array }>();
        for (const name of dev.outputNames()) if (isIndexFile(name)) files.set(name, (await dev.output(name))!);
        return files;
      };
      const expectAsColdBuild = async (files: Map<string, { body: string | Uint8Array }>) => {
        const cold = await coldBuildSearch(site, searchIndex);
        expect([...files.keys()].sort()).toEqual([...cold.keys()].sort());
        for (const [name, text] of cold) expect(String(files.get(name)!.body), name).toBe(text);
      };
      const apply = (file: string, text: string | null) => {
        if (text === null) fs.rmSync(path.join(site, file));
        else fs.writeFileSync(path.join(site, file), text);
        return dev.apply([{ kind: 'content', path: path.join(site, file) }]);
      };
      const madeAgain = (before: Map<string, unknown>, after: Map<string, unknown>) => [...after].filter(([name, output]) => before.get(name) !== output).length;

      const first = await served();
      await expectAsColdBuild(first);
      expect(first.size).toBeGreaterThan(8);

      // A paragraph: the page's own file(s) and what indexes it (its shard, or its terms' fragments and the metadata).
      await apply('docs/guides/p7.md', doc(7, 'Page 7', ' A zeppelin delivers the refund.'));
      const paragraph = await served();
      await expectAsColdBuild(paragraph);
      const changed = madeAgain(first, paragraph);
      expect(changed).toBeGreaterThan(0);
      expect(changed).toBeLessThan(first.size / 2);
      // Asked again with nothing changed: nothing is made again.
      expect(madeAgain(paragraph, await served())).toBe(0);

      // A title, a new page, a page removed.
      await apply('docs/guides/p3.md', doc(3, 'Renamed three'));
      await expectAsColdBuild(await served());
      await apply('docs/reference/p40.md', doc(40));
      await expectAsColdBuild(await served());
      await apply('docs/guides/p12.md', null);
      await expectAsColdBuild(await served());
      // Only the first index is made whole (on the helper, if there).
      expect(dev.searchesOnHelper).toBe(helperFrom === 0 ? 1 : 0);
    } finally {
      await dev.dispose();
    }
  }, 120_000);
});

describe('dev search index of a large site', () => {
  it('is made on the helper once the server is left idle, not while it is busy', async () => {
    const site = writeTempSite(siteFiles());
    temps.push(site);
    // Made on the helper from 0 routes: this site stands for a large one.
    const temp = path.join(ROOT, 'node_modules/.cache/site-dev', 'search-idle');
    temps.push(temp);
    const dev = await DevSite.start(site, temp, undefined, {}, { options: { splitPages: 1 }, helperFrom: 0 });
    try {
      dev.prepareSearchIndexWhenIdle(400);
      // Busy for a second and a half: a page asked for every 100 ms.
      for (let i = 0; i < 15; i++) {
        await dev.output('guides/p1/index.html');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(dev.searchesOnHelper).toBe(0);
      await expect.poll(() => dev.searchesOnHelper, { timeout: 30_000, interval: 100 }).toBe(1);
      // A search then finds it made.
      await dev.ensureSearchIndex();
      expect(dev.searchesOnHelper).toBe(1);
      expect(dev.outputNames().some((name) => /^search\/meta-.*\.json$/.test(name))).toBe(true);
    } finally {
      await dev.dispose();
    }
  }, 60_000);

  it('is not made for a site that searches with Algolia', async () => {
    const site = writeTempSite({ ...siteFiles(), 'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, search: { provider: "algolia", appId: "A", apiKey: "K", indexName: "I" } };\n' });
    temps.push(site);
    const temp = path.join(ROOT, 'node_modules/.cache/site-dev', 'search-algolia');
    temps.push(temp);
    const dev = await DevSite.start(site, temp, undefined, {}, { options: { splitPages: 1 }, helperFrom: 0 });
    try {
      dev.prepareSearchIndex();
      await dev.ensureSearchIndex();
      expect(dev.searchesOnHelper).toBe(0);
      expect(dev.outputNames().filter(isIndexFile)).toEqual([]);
    } finally {
      await dev.dispose();
    }
  }, 60_000);

  it('takes in a save made while the helper makes the first index', async () => {
    const site = writeTempSite(siteFiles());
    temps.push(site);
    const temp = path.join(ROOT, 'node_modules/.cache/site-dev', 'search-save-meanwhile');
    temps.push(temp);
    const searchIndex = { splitPages: 1 };
    const dev = await DevSite.start(site, temp, undefined, {}, { options: searchIndex, helperFrom: 0 });
    try {
      dev.prepareSearchIndex();
      // Saved while the helper (a thread still starting) indexes the files as they were.
      fs.writeFileSync(path.join(site, 'docs/guides/p5.md'), doc(5, 'Five renamed', ' A zeppelin delivers the payout.'));
      await dev.apply([{ kind: 'content', path: path.join(site, 'docs/guides/p5.md') }]);
      expect(dev.searchesOnHelper).toBe(0);
      await dev.ensureSearchIndex();
      expect(dev.searchesOnHelper).toBe(1);
      const cold = await coldBuildSearch(site, searchIndex);
      const served = dev.outputNames().filter(isIndexFile);
      expect(served.sort()).toEqual([...cold.keys()].sort());
      for (const [name, text] of cold) expect(String((await dev.output(name))!.body), name).toBe(text);
    } finally {
      await dev.dispose();
    }
  }, 60_000);
});
