import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageErrors, useBuiltSite } from './browser.ts';

/**
 * A reader at an old address (config `redirects`, Docusaurus's client-redirects plugin)
 * lands on the page it leads to, drawn, with the query and #hash they came with; with
 * scripts off, the meta refresh still takes them there.
 */
const site = useBuiltSite(
  {
    'site.config.ts': `export default {
  title: 'Moved',
  docs: { routeBasePath: '/docs' },
  redirects: {
    rules: [{ from: '/old/start', to: '/docs/intro' }, { from: '/guide', to: '/docs/setup#install' }],
    fromExtensions: ['html'],
  },
};
`,
    'docs/intro.md': '# Intro\n\nWelcome.\n',
    'docs/setup.md': `# Setup\n\n${'Filler paragraph to scroll past.\n\n'.repeat(60)}## Install {#install}\n\nRun it.\n\n${'More text below.\n\n'.repeat(40)}`,
  },
  'serve',
);

const heading = (page: Page) => page.locator('h1').first().textContent();

describe('an old address', () => {
  it('leads to its page, drawn, keeping the query and #hash the reader came with', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = pageErrors(page);
    await page.goto(`${site.url}/old/start/?ref=mail#top`);
    await expect.poll(() => page.url()).toBe(`${site.url}/docs/intro?ref=mail#top`);
    await expect.poll(() => heading(page)).toBe('Intro');
    expect(await page.locator('h1').first().isVisible()).toBe(true);
    // A page's old .html address (fromExtensions), as a static host answers it.
    await page.goto(`${site.url}/docs/intro.html/`);
    await expect.poll(() => page.url()).toBe(`${site.url}/docs/intro`);
    await expect.poll(() => heading(page)).toBe('Intro');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('to a #hash: the page opens scrolled to that heading', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/guide/`);
    await expect.poll(() => page.url()).toBe(`${site.url}/docs/setup#install`);
    await expect.poll(() => heading(page)).toBe('Setup');
    // The heading is in view, far below the first screen.
    await expect.poll(() => page.locator('#install').evaluate((e) => Math.round(e.getBoundingClientRect().top))).toBeLessThan(400);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    await page.close();
  });

  it('without scripts: the meta refresh leads on', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/old/start/`);
    await expect.poll(() => page.url()).toBe(`${site.url}/docs/intro`);
    await expect.poll(() => heading(page)).toBe('Intro');
    await context.close();
  });
});
