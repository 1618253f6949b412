import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SITE_OUTPUT } from '../globalSetup.ts';
import { useServedSite } from './browser.ts';

const site = useServedSite(SITE_OUTPUT);

/** A page that records console errors and failed requests. */
async function openPage(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await site.browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()}`));
  await page.goto(site.url + path, { waitUntil: 'networkidle' });
  return { page, problems };
}

describe('in the browser', () => {
  it('hydrates a docs page without console errors', async () => {
    const { page, problems } = await openPage('/for-developers/callbacks/');
    // Hydrated React answers clicks: a closed sidebar category opens.
    const toggle = page.getByRole('button', { name: "Expand sidebar category 'Dashboard guide'" });
    await toggle.click();
    await expect.poll(() => page.getByRole('button', { name: "Collapse sidebar category 'Dashboard guide'" }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('navigates client-side: no reload, new content, title, scroll to top, payload fetched', async () => {
    const { page, problems } = await openPage('/for-developers/callbacks/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'API architecture' }).click();
    await expect.poll(() => page.url()).toBe(`${site.url}/for-developers/api-architecture/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('API architecture');
    expect(await page.title()).toBe('API architecture | Coinvoy');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect(fetched).toContain('/page-data/for-developers/api-architecture/data.json');
    // Back restores the previous page from its payload, still without a reload.
    await page.goBack();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Callbacks');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('leaves the blog layout out of a docs page, and loads it when the reader navigates to the blog', async () => {
    const { page, problems } = await openPage('/for-developers/callbacks/');
    const preloads = (html: string) => new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));
    const docsChunks = preloads(await page.content());
    const blogOnly = [...preloads(await (await fetch(`${site.url}/blog/`)).text())].filter((href) => !docsChunks.has(href));
    expect(blogOnly.length).toBeGreaterThan(0);
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect((await scripts()).filter((p) => blogOnly.includes(p))).toEqual([]);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    await page.locator('.navbar').getByRole('link', { name: 'Blog', exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/blog/');
    // The list is drawn by the blog layout: its first post's title is visible and has a height.
    const firstTitle = page.locator('article h2').first();
    await expect.poll(async () => (await firstTitle.boundingBox())?.height ?? 0).toBeGreaterThan(10);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect((await scripts()).filter((p) => blogOnly.includes(p)).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('scrolls to the hash anchor after a client-side navigation', async () => {
    const { page } = await openPage('/for-developers/callbacks/');
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/for-developers/api-architecture/#error-codes';
      a.id = 'test-link';
      a.textContent = 'go';
      document.querySelector('#__content')!.prepend(a);
    });
    await page.click('#test-link');
    await expect.poll(() => page.url()).toBe(`${site.url}/for-developers/api-architecture/#error-codes`);
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('error-codes')!.getBoundingClientRect().top))).toBeLessThan(120);
    await page.close();
  });

  it('normalises .html and /index.html paths to the clean route', async () => {
    const { page } = await openPage('/for-developers/callbacks/index.html');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/for-developers/callbacks/');
    await page.close();
  });

  it('reads the full HTML without JavaScript', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/functional/checkouts/cart/`);
    expect(await page.locator('h1').textContent()).toBe('Cart');
    expect(await page.locator('nav[aria-label="Docs sidebar"] a[aria-current="page"]').textContent()).toBe('Cart');
    expect(await page.locator('#__content h2').count()).toBeGreaterThan(2);
    await context.close();
  });

  it('reloads the window when a payload fails to load', async () => {
    const { page } = await openPage('/for-developers/callbacks/');
    await page.route('**/page-data/for-developers/tech-stack/data.json', (route) => route.abort());
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await Promise.all([page.waitForEvent('load'), page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'Tech stack' }).click()]);
    expect(page.url()).toBe(`${site.url}/for-developers/tech-stack/`);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
    expect(await page.locator('h1').textContent()).toBe('Tech stack');
    await page.close();
  });
});

describe('load failures', () => {
  it('shows the error and a Retry button when a page cannot load offline, and Retry recovers', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/for-developers/callbacks/`, { waitUntil: 'networkidle' });
    await context.setOffline(true);
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'Mobile SDK' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('This page could not be loaded');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Mobile SDK');
    expect(new URL(page.url()).pathname).toBe('/for-developers/mobile-sdk/');
    await context.close();
  });

  it('shows a banner when the site fails to load (as with a wrong base URL)', async () => {
    const page = await site.browser.newPage();
    await page.route('**/assets/*.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto(`${site.url}/for-developers/callbacks/`, { waitUntil: 'load' });
    await expect.poll(() => page.locator('#__base-url-issue').textContent()).toContain('This site did not load properly');
    // The page itself is still readable.
    expect(await page.locator('h1').textContent()).toBe('Callbacks');
    await page.close();
  });
});
