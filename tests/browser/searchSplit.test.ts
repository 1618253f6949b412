import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';
import { SPLIT_MIN_PAGES } from '../../cli/search/buildIndex.ts';
import { createLocalSearchClient } from '../../runtime/search/localSearchClient.ts';

/**
 * A site large enough for the split index: a query downloads the manifest, the metadata,
 * the fragments of its words and the pages it shows (a small part of the index), and the
 * modal shows first what the whole index ranks first.
 */
const WORDS = 'payment wallet network address checkout invoice merchant confirm balance transfer callback signature token swap route ledger'.split(' ');
const files: Record<string, string> = { 'docs/intro.md': '---\nslug: /\n---\n# Home\n\nWelcome.\n' };
for (let n = 0; n < SPLIT_MIN_PAGES; n++) {
  const word = (i: number) => WORDS[(n * 7 + i * 3 + (i >> 2)) % WORDS.length]!;
  const text = (from: number, count: number) => Array.from({ length: count }, (_, i) => word(from + i)).join(' ');
  const title = n === 777 ? 'Zanzibar settlement' : `Page ${n} ${word(0)}`;
  files[`docs/part-${Math.floor(n / 100)}/p${n}.md`] = `# ${title}\n\nThe payment ${text(1, 20)}.\n\n## Usage\n\n${text(30, 25)}.\n`;
}
const site = useBuiltSite(files);

describe('split search index in the browser', () => {
  it('downloads only the metadata, the fragments and the pages a query needs, and shows what the index ranks first', async () => {
    const searchDir = path.join(site.dir, 'build/search');
    const manifest = JSON.parse(fs.readFileSync(path.join(searchDir, 'manifest.json'), 'utf8')) as { split?: string };
    expect(manifest.split).toMatch(/^meta-[0-9a-f]{10}\.json$/);
    const allBytes = [...fs.readdirSync(searchDir, { recursive: true })].map((f) => path.join(searchDir, String(f))).filter((f) => fs.statSync(f).isFile()).reduce((n, f) => n + fs.statSync(f).size, 0);

    const page = await site.browser.newPage();
    const fetched: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url()).pathname;
      if (url.startsWith('/search/')) fetched.push({ url, bytes: (await response.body()).byteLength });
    });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    for (const query of ['zanzibar', 'payment wallet']) {
      fetched.length = 0;
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('');
      await page.locator('.DocSearch-Input').pressSequentially(query, { delay: 20 });
      // The first hit the modal draws is what the whole index (in Node, every file read) ranks first.
      const { results } = await wholeClient(path.join(site.dir, 'build')).search({ requests: [{ query, hitsPerPage: 20 }] });
      await expect.poll(() => page.locator('.DocSearch-Hit a').first().getAttribute('href'), { timeout: 10_000 }).toBe(results[0]!.hits[0]!.url);
      const hit = page.locator('.DocSearch-Hit').first();
      expect(await hit.isVisible()).toBe(true);
      expect((await hit.boundingBox())!.height).toBeGreaterThan(20);
      if (query === 'zanzibar') expect(results[0]!.hits[0]!.url).toMatch(/\/part-7\/p777\/?$/);
      const urls = fetched.map((f) => f.url);
      for (const url of urls) expect(url).toMatch(/^\/search\/(manifest\.json|meta-[0-9a-f]{10}\.json|terms-[a-z0-9_]+-[A-Za-z0-9_-]{4}\.json|pages\/\d+-\d+\.json)$/);
      // Each file once, and a small part of the index.
      expect(new Set(urls).size).toBe(urls.length);
      // The files of the hits shown (a page's records, eight a file); a phrase reads those of its 50 best (the phrase boost's window).
      const pages = urls.filter((url) => url.startsWith('/search/pages/')).length;
      expect(pages).toBeGreaterThan(0);
      expect(pages).toBeLessThanOrEqual(query.includes(' ') ? 50 : 20);
      expect(fetched.reduce((n, f) => n + f.bytes, 0)).toBeLessThan(allBytes / 5);
      await page.keyboard.press('Escape');
    }
    await page.close();
  });
});

/** The split index's client in Node, reading the built files. */
function wholeClient(buildDir: string) {
  return createLocalSearchClient({
    baseUrl: '/',
    fetch: async (url) => ({ ok: true, status: 200, json: async () => JSON.parse(fs.readFileSync(path.join(buildDir, url.split('?')[0]!), 'utf8')) as unknown }),
  });
}
