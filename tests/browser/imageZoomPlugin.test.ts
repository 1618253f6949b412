import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useBuiltSite } from './browser.ts';

/** A Docusaurus site zooms images only with docusaurus-plugin-image-zoom, as its themeConfig.zoom says. */
const site = (plugins: string) =>
  useBuiltSite({
    'docusaurus.config.js': `module.exports = {
  title: 'Pictures',
  url: 'https://pictures.example',
  baseUrl: '/',
  plugins: [${plugins}],
  themeConfig: { zoom: { background: { light: 'rgb(10, 20, 30)', dark: 'rgb(0, 0, 0)' } } },
  presets: [['classic', { docs: { sidebarPath: false, routeBasePath: '/' }, blog: false }]],
};
`,
    'docs/intro.md': '---\nslug: /\n---\n# Pictures\n\n![A square](/img/square.svg)\n',
    'static/img/square.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120"><rect width="200" height="120" fill="#2e8555"/></svg>\n',
  });
const withPlugin = site("'docusaurus-plugin-image-zoom'");
const without = site('');

/** Clicks the image after zoom would have attached, and says whether a zoom overlay opened, and its colour. */
async function clickImage(browser: Browser, url: string): Promise<string | null> {
  const page = await browser.newPage();
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  // Zoom attaches a second after load (SPEC §9): wait past it either way.
  await page.waitForTimeout(1500);
  await page.locator('article img[alt="A square"]').click();
  await page.waitForTimeout(300);
  const overlay = await page.evaluate(() => {
    const element = document.querySelector('.medium-zoom-overlay');
    return element ? getComputedStyle(element).backgroundColor : null;
  });
  await page.close();
  return overlay;
}

describe('image zoom on a Docusaurus site', () => {
  it('zooms with docusaurus-plugin-image-zoom, on the backdrop its themeConfig.zoom gives', async () => {
    expect(await clickImage(withPlugin.browser, withPlugin.url)).toBe('rgb(10, 20, 30)');
  });

  it('does not zoom without it, as Docusaurus does not', async () => {
    expect(await clickImage(without.browser, without.url)).toBeNull();
  });
});
