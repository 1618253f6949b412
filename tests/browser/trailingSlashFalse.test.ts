import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveBuild, sidebarLink, useBuiltSite } from './browser.ts';
import { slashlessFor } from '../../cli/serve/staticServer.ts';

/**
 * A Docusaurus site with `trailingSlash: false`: its pages are docs/a.html, linked as
 * `/docs/a`, which `serve` (like GitHub Pages, Netlify, Vercel) answers from that file.
 * The router navigates between them on the client and keeps that address; a reload, the
 * back button and an address typed with `.html` or a slash all end at `/docs/x`.
 */
const site = useBuiltSite({
  'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', trailingSlash: false, presets: [['classic', { blog: false }]] };\n",
  'docs/a.md': '# Page A\n\nGo to [B again](/docs/b/) or [B by file](./b.md).\n',
  'docs/b.md': '# Page B\n\nArrived.\n',
}, slashlessFor(false));


/** A page that records failed requests and console errors. */
async function watchedPage() {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems: string[] = [];
  page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && problems.push(`${r.status()} ${r.url()}`));
  page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && problems.push(`${m.text()} ${m.location().url}`));
  return { page, problems };
}

const pathname = (page: Page) => new URL(page.url()).pathname;

describe('a site with trailingSlash: false', () => {
  it('navigates on the client between x.html pages at their slash-less address, reloads and goes back', async () => {
    const { page, problems } = await watchedPage();
    const first = await page.goto(`${site.url}/docs/a`, { waitUntil: 'networkidle' });
    expect(first!.status()).toBe(200);
    expect(first!.request().redirectedFrom()).toBeNull();
    expect(pathname(page)).toBe('/docs/a');
    // A link written with the slash is written as Docusaurus's <Link> writes it.
    const link = page.locator('article a', { hasText: 'B again' });
    expect(await link.getAttribute('href')).toBe('/docs/b');
    expect(await page.locator('article a', { hasText: 'B by file' }).getAttribute('href')).toBe('/docs/b');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await link.click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Page B');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 'no reload').toBe(1);
    expect(pathname(page)).toBe('/docs/b');
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect(fetched).toContain('/page-data/docs/b/data.json');
    const clicked = await sidebarLink(page, 'Page B');
    expect(clicked).toMatchObject({ href: '/docs/b', current: 'page' });
    expect(clicked.color).not.toBe(clicked.otherColor);

    const reloaded = await page.reload({ waitUntil: 'networkidle' });
    expect(reloaded!.status()).toBe(200);
    expect(reloaded!.request().redirectedFrom()).toBeNull();
    expect(pathname(page)).toBe('/docs/b');
    expect(await page.locator('h1').innerText()).toBe('Page B');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://t.example/docs/b');
    const afterReload = await sidebarLink(page, 'Page B');
    expect(afterReload).toMatchObject({ href: '/docs/b', current: 'page' });
    expect(afterReload.color).not.toBe(afterReload.otherColor);

    await page.goBack({ waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('h1').innerText()).toBe('Page A');
    expect(pathname(page)).toBe('/docs/a');
    expect((await sidebarLink(page, 'Page A')).current).toBe('page');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a page reached at x.html or x/ at its address x', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${site.url}/docs/b.html`, { waitUntil: 'networkidle' });
    expect(await page.locator('h1').innerText()).toBe('Page B');
    await expect.poll(() => pathname(page)).toBe('/docs/b');
    // serve redirects x/ to x, as docusaurus serve does.
    const slashed = await page.goto(`${site.url}/docs/b/`, { waitUntil: 'networkidle' });
    expect(slashed!.request().redirectedFrom()?.url()).toBe(`${site.url}/docs/b/`);
    expect(pathname(page)).toBe('/docs/b');
    expect(await page.locator('h1').innerText()).toBe('Page B');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('on a host that answers x/ with its 404 page (GitHub Pages), shows the page x at its address', async () => {
    // The folder-style server has no x.html lookup: "/docs/b/" is its 404 page, as on GitHub Pages.
    const host = await serveBuild(path.join(site.dir, 'build'), 'redirect');
    try {
      const page = await site.browser.newPage();
      const response = await page.goto(`${host.url}/docs/b/`, { waitUntil: 'networkidle' });
      expect(response!.status()).toBe(404);
      await expect.poll(() => page.locator('h1').innerText()).toBe('Page B');
      expect(pathname(page)).toBe('/docs/b');
      await page.close();
    } finally {
      await new Promise((r) => host.server.close(r));
    }
  });
});
