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

  it('keeps the not-found page, at the address asked, when the clean path is no page either', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/nothing.html`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    expect(await heading(page)).toBe('Page Not Found');
    expect(page.url()).toBe(`${url}/nothing.html`);
    await page.close();
  });
});
