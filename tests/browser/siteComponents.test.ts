import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServedSite } from './browser.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

/**
 * The MDX fixture's own React component (src/components/Counter, with state and a CSS
 * module), used in docs/guides/deploy.md: rendered by the server, alive in the browser
 * after a first load and after a client-side navigation, its code loaded only where used.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-components-'));
beforeAll(() => {
  const { code, stderr } = runCli(['build', path.join(ROOT, 'tests/fixtures/sites/mdx'), '--out-dir', dir]);
  if (code !== 0) throw new Error(`The MDX fixture did not build:\n${stderr}`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const site = useServedSite(dir);

const button = (page: Page) => page.locator('article button', { hasText: 'Deploys' });

/** What the counter's button shows and how it is drawn (its CSS module's rules applied). */
async function drawn(page: Page) {
  const box = (await button(page).boundingBox())!;
  const style = await button(page).evaluate((el) => {
    const s = getComputedStyle(el);
    return { border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`, background: s.backgroundColor, weight: s.fontWeight };
  });
  return { text: await button(page).innerText(), width: box.width >= 144, height: box.height > 20, ...style };
}

const STYLED = { width: true, height: true, border: '2px solid rgb(37, 99, 235)', background: 'rgb(219, 234, 254)', weight: '700' };

describe('a site component in MDX', () => {
  it('counts clicks after a first load, drawn with its CSS module, its children shown', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    // The fixture has no favicon: the browser's own request for one is not the page's problem.
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(`${m.text()} ${m.location().url}`));
    await page.goto(`${site.url}/guides/deploy/`, { waitUntil: 'networkidle' });
    expect(await drawn(page)).toEqual({ text: 'Deploys: 2', ...STYLED });
    await button(page).click();
    await expect.poll(() => button(page).innerText()).toBe('Deploys: 3');
    await button(page).click();
    await expect.poll(() => button(page).innerText()).toBe('Deploys: 4');
    const note = page.locator('article em', { hasText: 'deploys' });
    expect(await note.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('counts clicks on a page reached by client-side navigation, and loads its code only there', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${site.url}/guides/configure/`, { waitUntil: 'networkidle' });
    const before = [...scripts];
    // A marker on window survives only a client-side navigation, not a page load.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('nav a', { hasText: 'Deploy' }).first().click();
    await page.waitForURL(`${site.url}/guides/deploy/`);
    await expect.poll(() => button(page).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await drawn(page)).toEqual({ text: 'Deploys: 2', ...STYLED });
    await button(page).click();
    await expect.poll(() => button(page).innerText()).toBe('Deploys: 3');
    // The component's chunk came with the page that shows it, not with the first one.
    const counterChunks = scripts.filter((url) => !before.includes(url));
    expect(counterChunks.length).toBeGreaterThan(0);
    const bodies = await Promise.all(counterChunks.map((url) => fetch(url).then((r) => r.text())));
    expect(bodies.some((body) => body.includes('button_'))).toBe(true);
    expect((await Promise.all(before.map((url) => fetch(url).then((r) => r.text())))).some((body) => body.includes('button_'))).toBe(false);
    await page.close();
  });

  it('shows the server HTML to readers without JavaScript, styled, with its children', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/guides/deploy/`);
    expect(await drawn(page)).toEqual({ text: 'Deploys: 2', ...STYLED });
    await button(page).click();
    expect(await button(page).innerText()).toBe('Deploys: 2');
    expect(await page.locator('article em', { hasText: 'deploys' }).isVisible()).toBe(true);
    await context.close();
  });
});
