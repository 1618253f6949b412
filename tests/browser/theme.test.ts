import { describe, expect, it } from 'vitest';
import { SITE_OUTPUT } from '../globalSetup.ts';
import { useServedSite } from './browser.ts';

const site = useServedSite(SITE_OUTPUT);

describe('theme behaviour', () => {
  it('makes the skip link the first focusable element, and moves focus to the content after navigating', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/for-developers/callbacks/`, { waitUntil: 'networkidle' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'Tech stack' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Tech stack');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__docusaurus_skipToContent_fallback');
    expect(await page.locator('#__route-announcer').textContent()).toBe('Tech stack');
    await page.close();
  });

  it('switches colour mode, stores it under "theme", and applies it before first paint on the next load', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.getByRole('button', { name: 'Switch between dark and light mode (currently light mode)' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.getByRole('button', { name: 'Switch between dark and light mode (currently dark mode)' }).count()).toBe(1);
    // The inline head script sets the mode before the stylesheet and body are parsed.
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace('<link rel="stylesheet"', '<script>window.__modeBeforeCss = document.documentElement.dataset.theme</script><link rel="stylesheet"');
      await route.fulfill({ response, body });
    });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.evaluate(() => (window as unknown as { __modeBeforeCss?: string }).__modeBeforeCss)).toBe('dark');
    await context.close();
  });

  it('adopts a colour mode chosen in another tab', async () => {
    const context = await site.browser.newContext();
    const one = await context.newPage();
    const two = await context.newPage();
    await one.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await two.goto(`${site.url}/blog/`, { waitUntil: 'networkidle' });
    await one.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect.poll(() => two.getAttribute('html', 'data-theme')).toBe('dark');
    await context.close();
  });

  it('closes the announcement bar for good, until its id changes', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const bar = page.locator('.announcement-bar');
    expect(await bar.isVisible()).toBe(true);
    await bar.getByRole('button', { name: 'Close' }).click();
    expect(await bar.count()).toBe(0);
    expect(await page.evaluate(() => [localStorage.getItem('docusaurus.announcement.dismiss'), localStorage.getItem('docusaurus.announcement.id')])).toEqual(['true', 'release-4-8-1']);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await bar.isVisible()).toBe(false);
    // A new announcement (another id) shows again.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-one'));
    await page.reload({ waitUntil: 'networkidle' });
    expect(await bar.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe('release-4-8-1');
    await context.close();
  });

  it('syncs tab groups across the page, by keyboard too, and remembers the choice', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/for-developers/api/using-api-for-checkout/`, { waitUntil: 'networkidle' });
    const groups = page.locator('.tabs-container[data-group-id="lang"]');
    expect(await groups.count()).toBeGreaterThan(1);
    const firstList = groups.first().getByRole('tablist');
    await firstList.getByRole('tab').first().focus();
    await page.keyboard.press('ArrowRight');
    const chosen = await firstList.locator('[aria-selected="true"]').getAttribute('data-value');
    expect(chosen).not.toBe(await firstList.getByRole('tab').first().getAttribute('data-value'));
    // Every group with that id follows.
    const selected = await groups.evaluateAll((els) => els.map((el) => el.querySelector('[aria-selected="true"]')?.getAttribute('data-value')));
    expect(new Set(selected)).toEqual(new Set([chosen]));
    const stored = await page.evaluate(() => localStorage.getItem('docusaurus.tab.lang'));
    expect(stored).toBe(chosen);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await groups.first().locator('[aria-selected="true"]').getAttribute('data-value')).toBe(chosen);
    await context.close();
  });

  it('stores the preferred docs version per docs plugin and removes an unknown one', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('docs-preferred-version-default', '3.9');
      }
    });
    await page.goto(`${site.url}/for-developers/`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    await context.close();
  });
});
