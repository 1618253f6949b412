import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRequest } from '../../cli/serve/staticServer.ts';
import { contentType } from '../../cli/serve/contentTypes.ts';
import { ROOT, runCli } from '../helpers/cli.ts';
import { launchBrowser } from './browser.ts';

/**
 * The whole Coinvoy site built with `baseUrl: '/docs/'` and served under /docs/ only, as a
 * host serving it beside other things would: every link, asset, payload, search shard, feed
 * and sitemap entry must carry the base, or it leads outside the site.
 */
const BASE = '/docs/';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-base-'));
const out = path.join(dir, 'build');
let browser: Browser;
let server: http.Server;
let origin = '';

function statKind(file: string): 'file' | 'dir' | null {
  try {
    const stat = fs.statSync(file);
    return stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

/** The build folder mounted under /docs/, as the static server maps it; 404 outside it. */
function serveUnderBase(root: string): http.Server {
  return http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === BASE.slice(0, -1)) return void res.writeHead(301, { Location: BASE }).end();
    if (!url.startsWith(BASE)) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Outside the base URL\n');
    const result = resolveRequest(root, url.slice(BASE.length - 1), statKind);
    if (result.type === 'bad-request') return void res.writeHead(400).end();
    if (result.type === 'redirect') return void res.writeHead(301, { Location: BASE.slice(0, -1) + result.location }).end();
    res.writeHead(result.status, { 'Content-Type': contentType(result.file) }).end(fs.readFileSync(result.file));
  });
}

beforeAll(async () => {
  fs.cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'static'), path.join(dir, 'static'), { recursive: true });
  const config = fs.readFileSync(path.join(ROOT, 'site.config.ts'), 'utf8');
  const rebased = config.replace("'./cli/config/types.ts'", JSON.stringify(path.join(ROOT, 'cli/config/types.ts'))).replace("baseUrl: '/',", `baseUrl: '${BASE}',`);
  expect(rebased).toContain(`baseUrl: '${BASE}'`);
  fs.writeFileSync(path.join(dir, 'site.config.ts'), rebased);
  const { code, stderr } = runCli(['build', dir]);
  if (code !== 0) throw new Error(`The site did not build under ${BASE}:\n${stderr}`);
  server = serveUnderBase(out);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A page that records console errors and every request it made, with its status. */
async function openPage(urlPath: string): Promise<{ page: Page; problems: string[]; requests: Map<string, number>; status: number }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  const requests = new Map<string, number>();
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  // The status from the response event itself: asking a finished request for its response
  // later races the page being closed (an unhandled rejection).
  page.on('response', (r) => requests.set(r.url(), r.status()));
  page.on('requestfailed', (r) => requests.set(r.url(), 0));
  const response = await page.goto(origin + urlPath, { waitUntil: 'networkidle' });
  return { page, problems, requests, status: response?.status() ?? 0 };
}

/** One route of each kind the site has (doc, category index, blog list, post, tags, tag, archive, search), from the payloads. */
function oneRouteOfEachKind(): string[] {
  const byKind = new Map<string, string>();
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(out, 'page-data', rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) walk(path.join(rel, entry.name));
      else if (entry.name === 'data.json') {
        const { kind, path: route } = JSON.parse(fs.readFileSync(path.join(out, 'page-data', rel, entry.name), 'utf8')) as { kind: string; path: string };
        if (!byKind.has(kind)) byKind.set(kind, route);
      }
    }
  };
  walk('');
  return [...byKind.values()];
}

const outside = (url: string) => new URL(url).origin === origin && !new URL(url).pathname.startsWith(BASE);

describe(`the whole site under baseUrl ${BASE}`, () => {
  it('gives every link, script, stylesheet and image on a page of each kind an address under the base that answers 200', async () => {
    const routes = oneRouteOfEachKind();
    expect(routes).toHaveLength(8);
    const checked = new Set<string>();
    for (const route of [...routes, '/quickstart/overview/', '/blog/welcome/']) {
      const { page, problems, requests, status } = await openPage(BASE + route.slice(1));
      expect(status, route).toBe(200);
      // What the page loaded by itself (bundle, styles, images, payloads, sidebars).
      expect([...requests].filter(([url, code]) => outside(url) || code !== 200), route).toEqual([]);
      // What it points to, once hydrated.
      const targets = await page.evaluate(() =>
        [...document.querySelectorAll('a[href], link[href], script[src], img[src], source[src]')].map((el) => (el as HTMLAnchorElement).href || (el as HTMLImageElement).src),
      );
      const local = [...new Set(targets.map((t) => t.split('#')[0]!))].filter((t) => new URL(t).origin === origin);
      expect(local.filter(outside), route).toEqual([]);
      for (const target of local) {
        if (checked.has(target)) continue;
        checked.add(target);
        const answer = await fetch(target, { redirect: 'manual' });
        expect(answer.status, `${target} (linked from ${route})`).toBe(200);
      }
      expect(await page.locator('#__base-url-issue').count(), route).toBe(0);
      expect(problems, route).toEqual([]);
      await page.close();
    }
    // The sample holds the site's navigation: navbar, open sidebar categories, footer, pagination, tags, posts.
    expect(checked.size).toBeGreaterThan(60);
  });

  it('navigates on the client: the URL keeps the base, the content changes, the page does not reload', async () => {
    const { page, problems } = await openPage(`${BASE}quickstart/overview/`);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    const link = sidebar.getByRole('link', { name: 'Send a payment', exact: true });
    expect(await link.getAttribute('href')).toBe(`${BASE}quickstart/send-payment/`);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${BASE}quickstart/send-payment/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Send a payment');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(await sidebar.locator('a[aria-current="page"]').getAttribute('href')).toBe(`${BASE}quickstart/send-payment/`);
    // And back.
    await page.goBack();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Quickstart overview');
    expect(new URL(page.url()).pathname).toBe(`${BASE}quickstart/overview/`);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('searches the index under the base, and its hits lead to pages under the base', async () => {
    const { page, problems, requests } = await openPage(`${BASE}quickstart/overview/`);
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(1);
    await page.locator('.DocSearch-Input').pressSequentially('callback signature', { delay: 20 });
    await expect.poll(() => page.locator('.DocSearch-Hit').count()).toBeGreaterThan(0);
    expect([...requests.keys()].some((url) => new URL(url).pathname === `${BASE}search/manifest.json`)).toBe(true);
    const hrefs = await page.locator('.DocSearch-Hit a').evaluateAll((els) => els.map((el) => el.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => !href.startsWith(BASE))).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe(hrefs[0]);
    expect([...requests].filter(([url, code]) => outside(url) || code !== 200)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the not-found page for a missing address under the base, styled, with working navbar links', async () => {
    const { page, requests, status } = await openPage(`${BASE}nope/`);
    expect(status).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    // Styled: the stylesheet under the base was applied (the navbar sticks to the top).
    expect(await page.locator('.navbar').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    const assets = [...requests].filter(([url]) => /\.(css|js)$/.test(url));
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter(([url, code]) => outside(url) || code !== 200)).toEqual([]);
    const blog = page.locator('.navbar').getByRole('link', { name: 'Blog', exact: true });
    expect(await blog.getAttribute('href')).toBe(`${BASE}blog/`);
    await blog.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${BASE}blog/`);
    await expect.poll(() => page.locator('.blog-post__title').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('writes feeds and a sitemap whose every address is under the base', () => {
    const rss = fs.readFileSync(path.join(out, 'blog/rss.xml'), 'utf8');
    const rssLinks = [...rss.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]!);
    expect(rssLinks.length).toBe(5);
    expect(rssLinks.filter((l) => !l.startsWith('https://docs.coinvoy.example/docs/blog/'))).toEqual([]);
    const atom = fs.readFileSync(path.join(out, 'blog/atom.xml'), 'utf8');
    const atomLinks = [...atom.matchAll(/<link[^>]* href="([^"]+)"/g)].map((m) => m[1]!);
    expect(atomLinks.length).toBe(6);
    expect(atomLinks.filter((l) => !l.startsWith('https://docs.coinvoy.example/docs/blog/'))).toEqual([]);
    const sitemap = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(140);
    expect(locs.filter((l) => !l.startsWith('https://docs.coinvoy.example/docs/'))).toEqual([]);
    // Links inside the posts' HTML, too.
    const inFeed = [...rss.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((h) => h.startsWith('https://docs.coinvoy.example/') || h.startsWith('/'));
    expect(inFeed.filter((h) => !h.startsWith('https://docs.coinvoy.example/docs/'))).toEqual([]);
  });
});
