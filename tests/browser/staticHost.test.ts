import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { contentType } from '../../cli/serve/contentTypes.ts';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { launchBrowser } from './browser.ts';

/** A site whose `/` is no page: only docs, in a sidebar, with a category level for breadcrumbs. */
const dir = writeTempSite({
  'docs/guide.md': `---\ntitle: Guide\n---\n\n# Guide\n\nRead [the setup](./setup/install.md).\n\n## Part {#part}\n\nText.\n`,
  'docs/setup/install.md': `---\ntitle: Install\n---\n\n# Install\n\nBack to [the guide](../guide.md).\n`,
});
const out = path.join(dir, 'build');

/**
 * A plain static host, as GitHub Pages or S3 are: a file for a path, `x/` → `x/index.html`,
 * anything else → `404.html` with status 404 (no redirects, no clean-URL rules).
 */
function plainHost(root: string): http.Server {
  return http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    let file = path.join(root, path.normalize(pathname));
    if (pathname.endsWith('/')) file = path.join(file, 'index.html');
    const found = file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile();
    const served = found ? file : path.join(root, '404.html');
    res.writeHead(found ? 200 : 404, { 'Content-Type': contentType(served) }).end(fs.readFileSync(served));
  });
}

let url = '';
let browser: Browser;
const server = plainHost(out);
beforeAll(async () => {
  const { code, stderr } = runCli(['build', dir]);
  if (code !== 0) throw new Error(`The test site did not build:\n${stderr}`);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => server.close(() => r()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const heading = (page: Page) => page.locator('h1').first().textContent();

describe('on a static host that answers unknown paths with 404.html', () => {
  it('shows x/ for x.html and x/index.html, and puts x/ in the address bar (SPEC §2)', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${url}/guide.html?from=old#part`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await expect.poll(() => heading(page)).toBe('Guide');
    expect(page.url()).toBe(`${url}/guide/?from=old#part`);
    expect(await page.title()).toMatch(/^Guide \| /);
    expect(await page.locator('main').getByText('Read the setup').count()).toBe(1);
    // Still a working client: a link leads on without a full load.
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    await page.getByRole('link', { name: 'the setup' }).click();
    await expect.poll(() => heading(page)).toBe('Install');
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);

    await page.goto(`${url}/setup/install/index.html`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.url()).toBe(`${url}/setup/install/`);
    expect(await heading(page)).toBe('Install');
    await page.goto(`${url}/setup/install.html`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.url()).toBe(`${url}/setup/install/`);
    expect(await heading(page)).toBe('Install');
    await page.close();
  });

  it('without a page at "/", never asks for a payload that is not there, and home links lead to a page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const payloads: Array<{ url: string; status: number }> = [];
    page.on('response', (r) => {
      if (r.url().includes('/page-data/')) payloads.push({ url: r.url().slice(url.length), status: r.status() });
    });
    for (const at of ['/guide/', '/setup/install/', '/nothing/', '/search/']) {
      await page.goto(`${url}${at}`, { waitUntil: 'networkidle' });
      // A link is hovered; links scrolled into view are prefetched; then every link (the
      // logo, empty without a title or image, too) gets the events a hover and a focus send.
      const inMain = page.locator('main a[href]:visible');
      if (await inMain.count()) await inMain.first().hover();
      await page.mouse.wheel(0, 2000);
      for (const link of await page.locator('a[href]').all()) {
        await link.dispatchEvent('mouseover');
        await link.dispatchEvent('focusin');
      }
      await page.waitForLoadState('networkidle');
    }
    // The logo and the not-found page lead to the docs' first page (at its permalink: the site
    // has no trailingSlash); no breadcrumb leads to "/".
    await page.goto(`${url}/nothing/`, { waitUntil: 'networkidle' });
    expect(await page.locator('a.navbar__brand').getAttribute('href')).toBe('/guide');
    expect(await page.getByRole('link', { name: 'documentation home' }).getAttribute('href')).toBe('/guide');
    await page.goto(`${url}/setup/install/`, { waitUntil: 'networkidle' });
    expect(await page.locator('nav[aria-label="Breadcrumbs"] a[href="/"]').count()).toBe(0);
    expect(payloads.filter((p) => p.status !== 200), JSON.stringify(payloads)).toEqual([]);
    // Prefetching still works: the pages that are there were fetched.
    expect(payloads.map((p) => p.url)).toEqual(expect.arrayContaining(['/page-data/guide/data.json', '/page-data/setup/install/data.json']));
    await page.close();
  });

  it('asks once for a payload that is not there, however often its link is hovered', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/guide/`, { waitUntil: 'networkidle' });
    const asked: string[] = [];
    page.on('request', (r) => void (r.url().includes('/page-data/gone/') && asked.push(r.url())));
    await page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: '/gone/', textContent: 'A page removed since' });
      document.querySelector('main')!.append(a);
    });
    for (let i = 0; i < 3; i++) {
      await page.mouse.move(0, 0);
      await page.getByRole('link', { name: 'A page removed since' }).hover();
      await page.waitForLoadState('networkidle');
    }
    expect(asked).toHaveLength(1);
    await page.close();
  });

  it('keeps the not-found page, at the address asked, when the clean path is no page either', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/nothing.html`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    expect(await heading(page)).toBe('Page Not Found');
    expect(page.url()).toBe(`${url}/nothing.html`);
    await page.close();
  });
});
