import { describe, expect, it } from 'vitest';
import { sidebarLink, useBuiltSite } from './browser.ts';

/**
 * A Docusaurus site that leaves `trailingSlash` unset writes its links without the slash
 * (`/docs/b`). Following one stays on the client: the payload is the route's, the address
 * bar keeps the link's form, and no request fails.
 */
const site = useBuiltSite({
  'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { blog: false }]] };\n",
  'docs/a.md': '# Page A\n\nGo to [B again](/docs/b).\n',
  'docs/b.md': '# Page B\n\nArrived.\n',
}, 'serve');


describe('links without a trailing slash', () => {
  it('navigate on the client to the route, keep the link\'s address, and fetch the route\'s payload', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && failed.push(`${r.status()} ${r.url()}`));
    await page.goto(`${site.url}/docs/a`, { waitUntil: 'networkidle' });
    const link = page.locator('article a', { hasText: 'B again' });
    expect(await link.getAttribute('href')).toBe('/docs/b');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await link.click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Page B');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/docs/b');
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect(fetched).toContain('/page-data/docs/b/data.json');
    // The sidebar links to the page as Docusaurus writes it, and draws it as the current page.
    const active = await sidebarLink(page, 'Page B');
    expect(active).toMatchObject({ href: '/docs/b', current: 'page' });
    expect(active.color).not.toBe(active.otherColor);
    expect(failed).toEqual([]);
    await page.close();
  });

  it('are answered with the page on a reload, its sidebar item drawn as the current page', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const response = await page.goto(`${site.url}/docs/b`, { waitUntil: 'networkidle' });
    expect(response!.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/docs/b');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://t.example/docs/b');
    const active = await sidebarLink(page, 'Page B');
    expect(active).toMatchObject({ href: '/docs/b', current: 'page' });
    expect(active.color).not.toBe(active.otherColor);
    expect(errors).toEqual([]);
    await page.close();
  });
});
