import { describe, expect, it } from 'vitest';
import { SITE_OUTPUT } from '../globalSetup.ts';
import { hydrated, useServedSite } from './browser.ts';

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
    await hydrated(page);
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

describe('theme behaviour, continued', () => {
  it('zooms content images on click once zoom has started, and closes on Escape', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const image = page.locator('#__content img').first();
    await image.scrollIntoViewIfNeeded();
    // Zoom starts one second after load.
    await page.waitForTimeout(1300);
    await image.click();
    await expect.poll(() => page.locator('.medium-zoom-overlay').count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.medium-zoom-overlay')!).backgroundColor)).toBe('rgb(255, 255, 255)');
    // medium-zoom ignores keys while its opening animation (300 ms) runs.
    await page.waitForTimeout(500);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('medium-zoom--opened'))).toBe(false);
    await page.close();
  });

  it('opens navbar dropdowns on hover and by keyboard, and closes them with Escape', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Product' });
    const menuLink = page.locator('.dropdown__menu').getByRole('link', { name: 'KYC module' });
    expect(await menuLink.isVisible()).toBe(false);
    await toggle.hover();
    await expect.poll(() => menuLink.isVisible()).toBe(true);
    await page.mouse.move(640, 600);
    await expect.poll(() => menuLink.isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('shows the progress bar only when a navigation takes longer than 200 ms', async () => {
    const page = await site.browser.newPage();
    // The page's clock is ours: the bar's 200 ms delay runs only when the test moves time.
    await page.clock.install();
    // Counts the page's 200 ms timers, to know when the bar's delay has started.
    await page.addInitScript(() => {
      const w = window as unknown as { __delays: number; setTimeout: typeof setTimeout };
      const original = w.setTimeout;
      w.__delays = 0;
      w.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
        if (ms === 200) w.__delays++;
        return original(handler, ms, ...rest);
      }) as typeof setTimeout;
    });
    await page.goto(`${site.url}/for-developers/callbacks/`, { waitUntil: 'networkidle' });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    // The next page's data arrives only when the test says so.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/page-data/for-developers/waas/data.json', async (route) => {
      await held;
      await route.continue();
    });
    const bar = page.locator('.progress-bar');
    const opacity = () => bar.evaluate((el) => Number(getComputedStyle(el).opacity));
    await page.evaluate(() => ((window as unknown as { __delays: number }).__delays = 0));
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: /Wallet-as-a-Service/ }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __delays: number }).__delays)).toBe(1);
    await page.clock.runFor(199);
    expect(await opacity()).toBe(0);
    await page.clock.runFor(1);
    // Shown: it fades in over 200 ms of the page's own (real) animation time.
    await expect.poll(opacity).toBe(1);
    expect(await bar.isVisible()).toBe(true);
    release();
    await expect.poll(() => page.locator('h1').textContent()).toContain('Wallet-as-a-Service');
    // Completed, then hidden once its fade-out is over.
    await page.clock.runFor(400);
    await expect.poll(opacity).toBe(0);
    await page.close();
  });

  it('never shows the progress bar for a navigation faster than 200 ms', async () => {
    const page = await site.browser.newPage();
    await page.clock.install();
    await page.goto(`${site.url}/for-developers/callbacks/`, { waitUntil: 'networkidle' });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const bar = page.locator('.progress-bar');
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: /Wallet-as-a-Service/ }).click();
    await expect.poll(() => page.locator('h1').textContent()).toContain('Wallet-as-a-Service');
    await page.clock.runFor(1000);
    expect(await bar.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await page.close();
  });

  it('animates sidebar categories open and closed', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    // Clicked and read inside the page: a short animation may be over by the time a second
    // call from the test arrives (it was, in a loaded full run). React commits the click's
    // update in a microtask, before the next task.
    const toggle = () =>
      sidebar.evaluate(async (el) => {
        [...el.querySelectorAll('button')].find((b) => b.textContent === 'Accept crypto')!.click();
        await new Promise((resolve) => setTimeout(resolve, 0));
        // The height animations (the caret's CSS transition aside).
        return el
          .getAnimations({ subtree: true })
          .map((a) => a.effect as KeyframeEffect)
          .filter((effect) => effect.getKeyframes().some((k) => 'height' in k))
          .map((effect) => ({ easing: effect.getTiming().easing, heights: effect.getKeyframes().map((k) => k.height) }));
      });
    const opening = await toggle();
    expect(opening).toHaveLength(1);
    expect(opening[0]!.easing).toBe('ease-in-out');
    expect(opening[0]!.heights[0]).toBe('0px');
    expect(parseFloat(String(opening[0]!.heights[1]))).toBeGreaterThan(0);
    await expect.poll(() => sidebar.getByRole('link', { name: 'Accepting donations' }).isVisible()).toBe(true);
    const closing = await toggle();
    expect(closing).toHaveLength(1);
    expect(closing[0]!.easing).toBe('ease-in-out');
    expect(parseFloat(String(closing[0]!.heights[0]))).toBeGreaterThan(0);
    expect(closing[0]!.heights[1]).toBe('0px');
    await expect.poll(() => sidebar.getByRole('link', { name: 'Accepting donations' }).count()).toBe(0);
    await page.close();
  });
});

describe('code blocks', () => {
  it('copy their code to the clipboard with the Copy button', async () => {
    const context = await site.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await context.newPage();
    await page.goto(`${site.url}/for-developers/callbacks/`, { waitUntil: 'networkidle' });
    const block = page.locator('.theme-code-block').first();
    const code = await block.locator('code').textContent();
    await block.hover();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(await block.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    await context.close();
  });
});
