import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageErrors, useBuiltSite } from './browser.ts';

/** The search page where `search.pagePath` puts it (Docusaurus's `searchPagePath`), or none. */
const content = {
  'docs/intro.md': '# Intro\n\nLanterns light the harbour.\n',
  'docs/keeper.md': '# Keeper\n\nThe keeper trims the lanterns at dusk.\n',
};
const moved = useBuiltSite({ 'site.config.ts': "export default { title: 'Moved', search: { provider: 'local', pagePath: 'docs/find' } };\n", ...content });
const none = useBuiltSite({ 'site.config.ts': "export default { title: 'None', search: { provider: 'local', pagePath: false } };\n", ...content });

async function search(page: Page, query: string): Promise<void> {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator('.DocSearch-Input').pressSequentially(query, { delay: 20 });
  await expect.poll(() => page.locator('.DocSearch-Hit').count()).toBeGreaterThan(0);
}

describe('search.pagePath', () => {
  it("a path: 'See all results' opens the search page there, which shows them", async () => {
    const page = await moved.browser.newPage();
    const errors = pageErrors(page);
    await page.goto(`${moved.url}/intro/`, { waitUntil: 'networkidle' });
    await search(page, 'lanterns');
    const footer = page.getByRole('link', { name: /^See all \d+ results$/ });
    const count = Number((await footer.textContent())!.match(/\d+/)![0]);
    expect(count).toBeGreaterThan(1);
    expect(await footer.getAttribute('href')).toBe('/docs/find/?q=lanterns');
    await footer.click();
    await expect.poll(() => page.url()).toBe(`${moved.url}/docs/find/?q=lanterns`);
    await expect.poll(() => page.locator('.search-page__count').textContent()).toBe(`${count} results`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('false: the modal finds pages and offers no search page', async () => {
    const page = await none.browser.newPage();
    const errors = pageErrors(page);
    await page.goto(`${none.url}/intro/`, { waitUntil: 'networkidle' });
    // No link to follow: the entry is a button, for the keyboard too.
    await page.getByRole('button', { name: 'Search', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(0);
    await search(page, 'lanterns');
    expect(await page.locator('.DocSearch-Hit-title', { hasText: 'Keeper' }).count()).toBeGreaterThan(0);
    // The footer is drawn with the hits: none here.
    expect(await page.locator('.DocSearch-HitsFooter a').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^See all/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
