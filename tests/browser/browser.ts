import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createStaticServer, type Slashless } from '../../cli/serve/staticServer.ts';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { startDev, stopDev } from '../helpers/devServer.ts';

/** Debian's Chromium, with the flags this closed network needs (no background traffic). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Serves a build folder on a free loopback port (`slashless`: how `serve` answers `/x` for the page `x/`, see resolveRequest). */
export async function serveBuild(dir: string, slashless: Slashless = 'redirect'): Promise<{ url: string; server: Server }> {
  const server = createStaticServer(dir, slashless);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * For a test file: the built site served on loopback and one browser, started before the
 * tests and stopped after them. Read `site.url` and `site.browser` inside tests.
 */
export function useServedSite(dir: string, slashless: Slashless = 'redirect'): { url: string; browser: Browser } {
  const site = {} as { url: string; browser: Browser; server?: Server };
  beforeAll(async () => {
    const served = await serveBuild(dir, slashless);
    site.url = served.url;
    site.server = served.server;
    site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await new Promise<void>((r) => (site.server ? site.server.close(() => r()) : r()));
  });
  return site;
}

/**
 * For a test file: `site dev` on the folder `dir` (made ready by `prepare` first), with a
 * browser; both stopped and the folder removed afterwards. Read `dev.url`, `dev.child`,
 * `dev.output()` and `dev.browser` inside tests.
 */
export function useDevSite(dir: string, prepare?: () => void): { url: string; child: ChildProcess; output: () => string; browser: Browser } {
  const dev = {} as { url: string; child: ChildProcess; output: () => string; browser: Browser };
  beforeAll(async () => {
    prepare?.();
    Object.assign(dev, await startDev(dir));
    dev.browser = await launchBrowser();
  });
  afterAll(async () => {
    await dev.browser?.close();
    if (dev.child && dev.child.exitCode === null) await stopDev(dev.child);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dev;
}

/**
 * For a test file: a temporary site made of `files`, built with the real CLI, served and
 * removed afterwards. `site.dir` is its folder; `url` and `browser` as in `useServedSite`.
 */
export function useBuiltSite(files: Record<string, string>, slashless: Slashless = 'redirect'): { dir: string; url: string; browser: Browser } {
  const dir = writeTempSite(files);
  beforeAll(() => {
    const { code, stderr } = runCli(['build', dir]);
    if (code !== 0) throw new Error(`The test site did not build:\n${stderr}`);
  });
  const site = Object.assign(useServedSite(path.join(dir, 'build'), slashless), { dir });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return site;
}

/**
 * Waits until the page's app has hydrated: the navbar's search entry, a link in the HTML a
 * site with a search page serves, is made a button by an effect. networkidle does not
 * say it: on a loaded machine hydration can end after it, and a key pressed before is the
 * browser's alone (a tab list's arrows, a dropdown's Enter).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('.navbar__search[role="button"]').first().waitFor({ state: 'attached' });
}

/**
 * The errors a page reports from now on: console errors (not the browser's own request for
 * a favicon, which test sites do not have) and uncaught exceptions. Read it after the steps.
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The docs sidebar's link to a page: its href, whether it is marked the current page, and its drawn colour beside an inactive link's. */
export async function sidebarLink(page: Page, label: string) {
  return page.evaluate((text) => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Docs sidebar"] a.menu__link')];
    const link = links.find((a) => a.textContent === text)!;
    const other = links.find((a) => a !== link)!;
    return { href: link.getAttribute('href'), current: link.getAttribute('aria-current'), color: getComputedStyle(link).color, otherColor: getComputedStyle(other).color };
  }, label);
}
