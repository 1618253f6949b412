import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_OUTPUT } from '../globalSetup.ts';
import { ROOT } from '../helpers/cli.ts';
import { useServedSite } from './browser.ts';

const site = useServedSite(SITE_OUTPUT);
const SHOTS = path.join(ROOT, 'tests/.output/screenshots');

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

const PAGES = ['/', '/for-developers/api-architecture/', '/for-developers/interaction-with-crypto-networks/working-with-the-tron-network/', '/category/wallets/', '/blog/', '/blog/mdx-blog-post/', '/search/', '/no-such-page/'];

describe('layout at phone, tablet and desktop widths', () => {
  // 320 px: the narrowest phones still in use (an iPhone SE of the first kind).
  for (const width of [320, 360, 800, 1280]) {
    it(`has no horizontal scrolling at ${width} px (screenshots in tests/.output/screenshots)`, async () => {
      const page = await site.browser.newPage({ viewport: { width, height: 800 } });
      const overflowing: string[] = [];
      for (const route of PAGES) {
        await page.goto(site.url + route, { waitUntil: 'networkidle' });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) overflowing.push(`${route}: ${scrollWidth}px`);
        await page.screenshot({ path: path.join(SHOTS, `${width}${route.replace(/\//g, '_') || '_'}.png`) });
      }
      await page.close();
      expect(overflowing).toEqual([]);
    });
  }

  it('switches to the mobile menu below 996 px: primary menu, docs sidebar, back button, scroll lock', async () => {
    const page = await site.browser.newPage({ viewport: { width: 800, height: 800 } });
    await page.goto(`${site.url}/for-developers/callbacks/`, { waitUntil: 'networkidle' });
    expect(await page.locator('nav[aria-label="Docs sidebar"]').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    // Docs pages open on the secondary menu (their sidebar), with a way back to the main menu.
    await page.getByRole('button', { name: 'Back to main menu' }).click();
    await expect.poll(() => page.locator('.navbar-sidebar').getByRole('link', { name: 'Developers', exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close navigation bar' }).click();
    expect(await page.locator('.navbar-sidebar').count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    // It closes by itself when the window becomes desktop-wide.
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect.poll(() => page.locator('.navbar-sidebar').count()).toBe(0);
    await page.close();
  });
});
