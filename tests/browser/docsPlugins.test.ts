import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServedSite } from './browser.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

/** The fixture with a second docs plugin ("community": next and 1.0, the latest), built into a temporary folder. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-plugins-'));
beforeAll(() => {
  fs.cpSync(path.join(ROOT, 'tests/fixtures/sites/docusaurus-docs-plugins'), dir, { recursive: true });
  const { code, stderr } = runCli(['build', dir]);
  if (code !== 0) throw new Error(`The docs-plugins fixture did not build:\n${stderr}`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const site = useServedSite(path.join(dir, 'build'));
const stored = (page: Page, pluginId: string) => page.evaluate((key) => localStorage.getItem(key), `docs-preferred-version-${pluginId}`);

describe('a second docs plugin in the browser', () => {
  it('its version dropdown stores the choice under its own plugin id, and its pages show its own banner', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    // The fixture has no favicon, so the browser's own /favicon.ico request is a 404 that says nothing about the page.
    page.on('console', (message) => message.type() === 'error' && !message.location().url.endsWith('/favicon.ico') && errors.push(`${message.text()} ${message.location().url}`));
    await page.goto(`${site.url}/docs/intro/`, { waitUntil: 'networkidle' });
    const toggle = page.locator('.navbar__items--right .dropdown__toggle');
    expect(await toggle.innerText()).toBe('1.0');
    await toggle.hover();
    const menu = page.locator('.navbar__items--right .dropdown__menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${site.url}/community/next/intro/`);
    expect(await stored(page, 'community')).toBe('current');
    // The default docs keep their own key (their only version, stored on the first docs page).
    expect(await stored(page, 'default')).toBe('current');
    const banner = page.locator('.theme-doc-version-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.innerText()).toContain('This is unreleased documentation for Harbor Next version.');
    expect(await toggle.innerText()).toBe('Next');
    // The sidebar is the community's (fetched for this version on client navigation).
    await expect.poll(() => page.locator('.theme-doc-sidebar-container a').allInnerTexts()).toEqual(['Community', 'Team']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
