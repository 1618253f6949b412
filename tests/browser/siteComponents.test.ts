import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServedSite } from './browser.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

/**
 * The MDX fixture in the browser. Its own React component (src/components/Counter, with
 * state and a CSS module), used in docs/guides/deploy.md, is rendered by the server, alive
 * in the browser after a first load and after a client-side navigation, its code loaded
 * only where used; the theme's MDX components (Tabs, code blocks, images) work the same.
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
    // A reader who saves data: nothing is prefetched, so the scripts fetched on the way are
    // the ones the first page needs, and the ones fetched after the click the second's.
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${site.url}/guides/configure/`, { waitUntil: 'networkidle' });
    const before = [...scripts];
    // A marker on window survives only a client-side navigation, not a page load.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    // Code fetched from here on comes slowly (a phone on a slow link): the counter must be
    // live as soon as it is drawn, so the first click on it counts.
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
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

/** The home page's hero as drawn (its CSS module), and whether the React page's state works. */
async function hero(page: Page) {
  const header = page.locator('main header');
  const box = (await header.boundingBox())!;
  const style = await header.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, titleSize: getComputedStyle(el.querySelector('h1')!).fontSize }));
  // src/css/custom.css draws the section's top border.
  const border = await page.locator('main section').evaluate((el) => getComputedStyle(el).borderTop);
  return { wide: box.width > 600, tall: box.height > 150, ...style, border, title: await header.locator('h1').innerText() };
}

const HERO = { wide: true, tall: true, background: 'rgb(30, 41, 59)', titleSize: '48px', border: '4px solid rgb(124, 58, 237)', title: 'MDX fixture' };

/** The SVG component (its size from the page's CSS module, its circle's colour, its title), the images (loaded), the section's background image (loaded). */
async function imported(page: Page) {
  const art = page.locator('main svg[role="img"]');
  const box = (await art.boundingBox())!;
  return {
    art: `${box.width}x${box.height} ${await art.locator('circle').evaluate((c) => getComputedStyle(c).fill)} "${await art.locator('title').textContent()}" labelled by ${await art.getAttribute('aria-labelledby')}`,
    images: await page.locator('main img[alt*="badge"]').evaluateAll((all) => (all as HTMLImageElement[]).map((img) => `${img.alt}: ${img.naturalWidth}x${img.naturalHeight} drawn ${img.getBoundingClientRect().width}px`)),
    background: await art.evaluate(async (svg) => {
      const url = getComputedStyle(svg.parentElement!).backgroundImage.replace(/^url\("?|"?\)$/g, '');
      const image = new Image();
      image.src = url;
      await image.decode();
      return `${new URL(url).pathname} ${image.naturalWidth}x${image.naturalHeight}`;
    }),
  };
}

const IMPORTED = {
  art: '64x64 rgb(46, 133, 85) "A green circle" labelled by feature-art-title',
  images: ['A yellow badge: 3x2 drawn 30px', 'The badge again: 3x2 drawn 15px'],
  background: '/assets/files/src/pages/dots.png 2x2',
};

describe('a React page', () => {
  const toggle = (page: Page) => page.locator('main button', { hasText: 'the details' });

  it('hydrates on a first load: drawn with its CSS module and custom.css, its state changes on a click', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(`${m.text()} ${m.location().url}`));
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    expect(await hero(page)).toEqual(HERO);
    expect(await page.title()).toBe('Home | MDX fixture');
    await toggle(page).click();
    await expect.poll(() => page.locator('main p', { hasText: 'Details shown by a React page.' }).isVisible()).toBe(true);
    expect(await toggle(page).innerText()).toBe('Hide the details');
    expect(await imported(page)).toEqual(IMPORTED);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws what its code imports as Docusaurus gives it: an SVG as a component, an image and a CSS url() as their URLs', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    expect(await imported(page)).toEqual(IMPORTED);
    await context.close();
  });

  it('hydrates after a client-side navigation to it', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/start/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    // A link to the home page, followed by the client router like any link.
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/';
      a.textContent = 'home';
      document.querySelector('main')!.append(a);
      a.click();
    });
    await page.waitForURL(`${site.url}/`);
    await expect.poll(() => toggle(page).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await hero(page)).toEqual(HERO);
    await expect.poll(() => page.title()).toBe('Home | MDX fixture');
    await toggle(page).click();
    await expect.poll(() => page.locator('main p', { hasText: 'Details shown by a React page.' }).isVisible()).toBe(true);
    await page.close();
  });

  it('is complete and styled without JavaScript', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    expect(await hero(page)).toEqual(HERO);
    expect(await page.locator('main a', { hasText: 'Get started' }).getAttribute('href')).toBe('/start/');
    await context.close();
  });
});


/**
 * What a reader sees of each text: drawn (its text node has a box with a height) or not.
 * Measured on the text itself, since island slots are `display: contents` and have no box.
 */
const drawnTexts = (page: Page, texts: string[]) =>
  page.evaluate(
    (wanted) =>
      wanted.map((text) => {
        const walker = document.createTreeWalker(document.querySelector('article') ?? document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(text);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + text.length);
          return range.getBoundingClientRect().height > 0;
        }
        return false;
      }),
    texts,
  );

const MAC = ['brew', ' in Terminal.'];
const WIN = ['winget', ' in PowerShell.'];

describe("the theme's MDX components (docs/intro.mdx: two Tabs groups with one groupId, a code block, an image)", () => {
  it('switches every group with the same groupId on a click, stores the choice, and restores it after a reload and a client-side navigation', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/start/`, { waitUntil: 'networkidle' });
    expect(await drawnTexts(page, [...MAC, ...WIN])).toEqual([true, true, false, false]);
    await page.getByRole('tab', { name: 'Windows' }).first().click();
    // Both groups follow the click on the first one.
    await expect.poll(() => drawnTexts(page, [...MAC, ...WIN])).toEqual([false, false, true, true]);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os'))).toBe('win');
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => drawnTexts(page, [...MAC, ...WIN])).toEqual([false, false, true, true]);
    // Away and back on the client: the islands mount again with the stored choice.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('article a', { hasText: 'the configuration guide' }).click();
    await page.waitForURL(`${site.url}/guides/configure/`);
    await page.goBack();
    await page.waitForURL(`${site.url}/start/`);
    await expect.poll(() => drawnTexts(page, [...MAC, ...WIN])).toEqual([false, false, true, true]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await context.close();
  });

  it('copies a code block inside a tab panel exactly, and zooms the image', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await context.newPage();
    await page.goto(`${site.url}/start/`, { waitUntil: 'networkidle' });
    const block = page.locator('.theme-code-block', { hasText: 'brew install coinvoy' });
    await block.hover();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('brew install coinvoy');
    const image = page.locator('article img[alt="The logo"]');
    const before = (await image.boundingBox())!;
    // Zoom attaches itself shortly after load (it is not on the first load's path).
    await page.locator('article img.medium-zoom-image[alt="The logo"]').waitFor();
    await image.click();
    await expect.poll(() => page.locator('.medium-zoom-overlay').count()).toBe(1);
    // The zoomed copy is drawn larger than the image in the text.
    await expect.poll(async () => (await page.locator('.medium-zoom-image--opened').boundingBox())?.width ?? 0).toBeGreaterThan(before.width);
    await context.close();
  });

  it("draws the ThemedImage of the reader's colour mode, and fetches the other one only when the mode changes", async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}/start/`, { waitUntil: 'networkidle' });
    const images = page.locator('article img[alt="The logo in this mode"]');
    /** The images drawn (a box on the page, their file loaded): their paths, with the width drawn. */
    const drawn = () => images.evaluateAll((all) => (all as HTMLImageElement[]).filter((img) => img.getBoundingClientRect().width > 0).map((img) => `${new URL(img.currentSrc || img.src).pathname} ${img.getBoundingClientRect().width}px ${img.complete && img.naturalWidth > 0 ? 'loaded' : 'not loaded'}`));
    await images.first().scrollIntoViewIfNeeded();
    await expect.poll(drawn).toEqual(['/img/logo.svg 48px loaded']);
    expect(fetched).not.toContain('/img/logo-dark.svg');
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect.poll(drawn).toEqual(['/img/logo-dark.svg 48px loaded']);
    await context.close();
  });

  it('shows every panel of every Tabs group, and every code block, to readers without JavaScript', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/start/`);
    expect(await drawnTexts(page, [...MAC, ...WIN])).toEqual([true, true, true, true]);
    // Each panel says which tab it is, since the tab strip cannot switch without JavaScript.
    expect(await page.locator('[role="tabpanel"]').count()).toBe(4);
    await context.close();
  });
});
