import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServedSite } from './browser.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

/** The versioned fixture (current, 2.0 latest, 1.0), built into a temporary folder. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versioned-'));
beforeAll(() => {
  fs.cpSync(path.join(ROOT, 'tests/fixtures/sites/versioned'), dir, { recursive: true });
  const { code, stderr } = runCli(['build', dir]);
  if (code !== 0) throw new Error(`The versioned fixture did not build:\n${stderr}`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const site = useServedSite(path.join(dir, 'build'));

const KEY = 'docs-preferred-version-default';
const box = (page: Page, selector: string) => page.locator(selector).first().boundingBox();
const preferred = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);

describe('docs versions in the browser', () => {
  it('draws the unmaintained banner above an old page, with the badge, and its link leads to the latest version', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/docs/1.0/legacy/`, { waitUntil: 'networkidle' });
    const banner = page.locator('.theme-doc-version-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.innerText()).toMatch(/documentation for Versioned 1\.0, which is no longer actively maintained\.\s*For up-to-date documentation, see the latest version \(2\.0\)\./);
    const bannerBox = (await box(page, '.theme-doc-version-banner'))!;
    const titleBox = (await box(page, 'article h1'))!;
    // Drawn as a block above the title, as wide as the text column, with a warning border.
    expect(bannerBox.height).toBeGreaterThan(30);
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(titleBox.y);
    expect(Math.abs(bannerBox.width - (await box(page, 'article'))!.width)).toBeLessThan(2);
    expect(await banner.evaluate((el) => getComputedStyle(el).borderLeftWidth)).toBe('5px');
    const badge = page.locator('.theme-doc-version-badge');
    expect([await badge.isVisible(), await badge.innerText()]).toEqual([true, 'Version: 1.0']);
    // legacy exists only in 1.0: the link goes to the latest version's main doc (links are
    // permalinks, "/docs/intro", as the fixture has no trailingSlash; the address keeps the link's form).
    await page.getByRole('link', { name: 'latest version' }).click();
    await page.waitForURL(`${site.url}/docs/intro`);
    expect(await preferred(page)).toBe('2.0');
    await expect.poll(() => page.locator('.theme-doc-version-banner').count()).toBe(0);
    expect(await page.locator('.theme-doc-version-badge').innerText()).toBe('Version: 2.0');
    await page.close();
  });

  it('the version dropdown leads to the same page in each version, and stores the choice per docs plugin', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Hydration mismatches (a label the server could not know) show up as console errors.
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${site.url}/docs/1.0/guides/setup/`, { waitUntil: 'networkidle' });
    const toggle = page.locator('.navbar__items--right .dropdown__toggle');
    expect(await toggle.innerText()).toBe('1.0');
    await toggle.hover();
    const menu = page.locator('.navbar__items--right .dropdown__menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect((await menu.boundingBox())!.height).toBeGreaterThan(60);
    const entries = await menu.locator('a').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(entries).toEqual([
      ['Next', '/docs/next/guides/setup'],
      ['2.0', '/docs/guides/setup'],
      ['1.0', '/docs/1.0/guides/setup'],
    ]);
    await menu.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${site.url}/docs/next/guides/setup`);
    expect(await preferred(page)).toBe('current');
    await expect.poll(() => page.locator('.theme-doc-version-banner').innerText()).toContain('This is unreleased documentation for Versioned Next version.');
    expect(await toggle.innerText()).toBe('Next');
    // Outside the docs the dropdown shows the stored choice, and a name that is no version is removed.
    await page.goto(`${site.url}/search/`, { waitUntil: 'networkidle' });
    await expect.poll(() => toggle.innerText()).toBe('Next');
    await page.evaluate((key) => localStorage.setItem(key, '0.1'), KEY);
    await page.goto(`${site.url}/search/`, { waitUntil: 'networkidle' });
    await expect.poll(() => preferred(page)).toBe(null);
    expect(await toggle.innerText()).toBe('2.0');
    expect(errors).toEqual([]);
    await page.close();
  });
});
