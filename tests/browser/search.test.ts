import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_OUTPUT } from '../globalSetup.ts';
import { hydrated, launchBrowser, serveBuild } from './browser.ts';
import siteConfig from '../../site.config.ts';

let browser: Browser;
let server: Server;
let base = '';

beforeAll(async () => {
  ({ url: base, server } = await serveBuild(SITE_OUTPUT));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => server?.close(() => r()));
});

/** A page that records console errors, failed requests and every URL it fetched. */
async function openPage(path: string): Promise<{ page: Page; problems: string[]; requests: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await hydrated(page);
  return { page, problems, requests };
}

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');
const button = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });

async function typeQuery(page: Page, query: string) {
  await input(page).fill('');
  // One key at a time, as a reader types: every prefix is searched.
  await input(page).pressSequentially(query, { delay: 20 });
}

describe('search modal', () => {
  it('keeps search out of the first load and loads it on hover', async () => {
    const { page, problems, requests } = await openPage('/for-developers/callbacks/');
    expect(requests.some((r) => r.startsWith('/search/'))).toBe(false);
    const jsBefore = requests.filter((r) => r.endsWith('.js'));
    await button(page).hover();
    await expect.poll(() => requests.includes('/search/manifest.json')).toBe(true);
    expect(requests.filter((r) => r.endsWith('.js')).length).toBeGreaterThan(jsBefore.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens on click and closes with Escape', async () => {
    const { page, problems } = await openPage('/for-developers/callbacks/');
    await button(page).click();
    await expect.poll(() => modal(page).count()).toBe(1);
    expect(await input(page).getAttribute('placeholder')).toBe('Search docs');
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal(page).count()).toBe(0);
    expect(page.url()).toBe(`${base}/for-developers/callbacks/`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens for a shortcut pressed while the page's script is still loading", async () => {
    for (const keys of ['Control+k', '/']) {
      const page = await browser.newPage();
      // The bundle is held back, as on a slow link, until the key has been pressed.
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // A module script holds DOMContentLoaded back too: the page is drawn, its script not run.
      await page.goto(`${base}/for-developers/callbacks/`, { waitUntil: 'commit' });
      await page.locator('.navbar__search').waitFor();
      await page.keyboard.press(keys);
      // The browser's own action was held back: no '/' typed into the page, no find bar.
      const defaultPrevented = await page.evaluate(() => {
        const event = new KeyboardEvent('keydown', { key: '/', cancelable: true, bubbles: true });
        document.body.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(defaultPrevented).toBe(true);
      expect(await modal(page).count()).toBe(0);
      release();
      await expect.poll(() => modal(page).count()).toBe(1);
      await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
      // Once open, the keys are the modal's: Escape closes it and no second modal follows.
      await page.keyboard.press('Escape');
      await expect.poll(() => modal(page).count()).toBe(0);
      await page.close();
    }
  });

  it('opens with Ctrl+K, Meta+K and "/" (not while typing in a field)', async () => {
    const { page } = await openPage('/for-developers/callbacks/');
    for (const keys of ['Control+k', 'Meta+k', '/']) {
      await page.keyboard.press(keys);
      await expect.poll(() => modal(page).count()).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => modal(page).count()).toBe(0);
    }
    // Ctrl+K toggles it closed as well.
    await page.keyboard.press('Control+k');
    await expect.poll(() => modal(page).count()).toBe(1);
    await page.keyboard.press('Control+k');
    await expect.poll(() => modal(page).count()).toBe(0);
    await page.evaluate(() => document.querySelector('#__content')!.prepend(Object.assign(document.createElement('input'), { id: 'field' })));
    await page.focus('#field');
    await page.keyboard.press('/');
    await page.waitForTimeout(300);
    expect(await modal(page).count()).toBe(0);
    expect(await page.inputValue('#field')).toBe('/');
    await page.close();
  });

  it('shows highlighted results as you type, and Enter opens the first one without a reload', async () => {
    const { page, problems } = await openPage('/for-developers/callbacks/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'tron confirmations');
    await expect.poll(() => page.locator('.DocSearch-Hit').count()).toBeGreaterThan(0);
    expect(await page.locator('.DocSearch-Hit mark').count()).toBeGreaterThan(0);
    const first = await page.locator('.DocSearch-Hit a').first().getAttribute('href');
    expect(first).toContain('working-with-the-tron-network');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe(first);
    await expect.poll(() => modal(page).count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe('Working with the Tron network');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists a visited result under Recent, with the button that makes it a Favorite', async () => {
    const { page } = await openPage('/');
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'recurring billing');
    await expect.poll(() => page.locator('.DocSearch-Hit').count()).toBeGreaterThan(0);
    const title = (await page.locator('.DocSearch-Hit .DocSearch-Hit-title').first().textContent())!;
    await page.locator('.DocSearch-Hit a').first().click();
    await expect.poll(() => modal(page).count()).toBe(0);
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.locator('.DocSearch-Hit-source').first().textContent()).toBe('Recent');
    expect(await page.locator('.DocSearch-Hit .DocSearch-Hit-title').first().textContent()).toBe(title);
    expect(await page.locator('.DocSearch-Hit [title="Save this search"]').count()).toBe(1);
    await page.close();
  });

  it("links 'See all {count} results' to the search page with the query", async () => {
    const { page } = await openPage('/for-developers/callbacks/');
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'callback signature');
    const footer = page.getByRole('link', { name: /^See all \d+ results$/ });
    await expect.poll(() => footer.count()).toBe(1);
    const count = Number((await footer.textContent())!.match(/\d+/)![0]);
    expect(await footer.getAttribute('href')).toBe('/search/?q=callback%20signature');
    await footer.click();
    await expect.poll(() => page.url()).toBe(`${base}/search/?q=callback%20signature`);
    await expect.poll(() => page.locator('.search-page__count').textContent()).toBe(`${count} results`);
    await page.close();
  });

  it('explains an empty result and offers other searches', async () => {
    const { page } = await openPage('/for-developers/callbacks/');
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'wallet');
    await expect.poll(() => page.locator('.DocSearch-Hit').count()).toBeGreaterThan(0);
    await typeQuery(page, 'qzxwvjk');
    await expect.poll(() => page.locator('.DocSearch-NoResults').count()).toBe(1);
    const text = await page.locator('.DocSearch-NoResults').textContent();
    expect(text).toContain('No results for "qzxwvjk"');
    expect(text).toContain('Try searching for');
    const target = siteConfig.search && 'missingResultsUrl' in siteConfig.search ? siteConfig.search.missingResultsUrl : undefined;
    if (target) {
      expect(text).toContain('Believe this query should return results?');
      expect(await page.getByRole('link', { name: 'Let us know.' }).getAttribute('href')).toBe(target.replace('{query}', 'qzxwvjk'));
    } else {
      // Without a configured target there is nowhere to send the reader.
      expect(await page.getByRole('link', { name: 'Let us know.' }).count()).toBe(0);
    }
    await page.close();
  });

  it('says so when the index cannot be fetched', async () => {
    const page = await browser.newPage();
    await page.route('**/search/manifest.json', (route) => route.abort());
    await page.goto(`${base}/for-developers/callbacks/`, { waitUntil: 'networkidle' });
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'wallet');
    await expect.poll(() => page.locator('.DocSearch-ErrorScreen').count()).toBe(1);
    const text = await page.locator('.DocSearch-ErrorScreen').textContent();
    expect(text).toContain('Unable to fetch results');
    expect(text).toContain('You might want to check your network connection.');
    await page.close();
  });
});

describe('search page', () => {
  it('reads an encoded q, shows the count, breadcrumbs and snippets, and keeps the URL in step', async () => {
    const { page, problems } = await openPage('/search/?q=withdraw%20to%20my%20bank');
    expect(await page.inputValue('#search-page-input')).toBe('withdraw to my bank');
    await expect.poll(() => page.locator('.search-page__count').textContent()).toMatch(/^\d+ results$/);
    const first = page.locator('.search-page__result').first();
    expect(await first.locator('.search-page__breadcrumb').textContent()).not.toBe('');
    expect(await page.locator('.search-page__breadcrumb').allTextContents()).toContainEqual(expect.stringMatching(/^[^›]+ › [^›]+$/));
    expect(await page.locator('.search-page__snippet mark').count()).toBeGreaterThan(0);
    await page.fill('#search-page-input', 'usdt & fees');
    await expect.poll(() => page.url()).toBe(`${base}/search/?q=usdt%20%26%20fees`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Search results for "usdt & fees"');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads more results with the button and on scroll', async () => {
    const { page } = await openPage('/search/?q=wallet');
    const results = page.locator('.search-page__result');
    await expect.poll(() => results.count()).toBe(20);
    await page.getByRole('button', { name: 'Load more results' }).click();
    await expect.poll(() => results.count()).toBeGreaterThanOrEqual(40);
    // Once the button scrolls into view, the next page loads by itself.
    const shown = await results.count();
    await page.getByRole('button', { name: 'Load more results' }).scrollIntoViewIfNeeded();
    await expect.poll(() => results.count()).toBeGreaterThan(shown);
    await page.close();
  });

  it('works without JavaScript: the button is a link and the form submits q', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/for-developers/callbacks/`);
    expect(await page.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search/');
    await page.goto(`${base}/search/`);
    await page.fill('#search-page-input', 'callback signature');
    await Promise.all([page.waitForURL(/\?q=/), page.press('#search-page-input', 'Enter')]);
    expect(new URL(page.url()).search).toBe('?q=callback+signature');
    await context.close();
  });
});
