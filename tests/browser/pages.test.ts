import { describe, expect, it } from 'vitest';
import { SITE_OUTPUT } from '../globalSetup.ts';
import { useServedSite } from './browser.ts';

const site = useServedSite(SITE_OUTPUT);

describe('the blog', () => {
  it('lists posts newest first with authors, date, reading time, tags, summary and Read more', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/blog/`, { waitUntil: 'networkidle' });
    const titles = await page.locator('.blog-post__title').allTextContents();
    expect(titles).toHaveLength(4);
    const dates = await page.locator('.blog-post__meta time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime')!));
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = page.locator('article.blog-post').first();
    expect(await first.locator('.blog-post__meta').textContent()).toMatch(/\d+ min read/);
    expect(await first.locator('.avatar__name').count()).toBeGreaterThan(0);
    expect(await first.getByRole('link', { name: /^Read more about / }).count()).toBe(1);
    // The summary stops at <!-- truncate -->.
    const listed = (await first.locator('.markdown').textContent())!.length;
    await first.getByRole('link', { name: /^Read more about / }).click();
    await expect.poll(() => page.locator('article .markdown').textContent().then((t) => t!.length)).toBeGreaterThan(listed);
    await page.close();
  });

  it('has a recent-posts sidebar, newer/older links, a tags list, tag pages and a yearly archive', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/blog/welcome/`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('navigation', { name: 'Blog recent posts navigation' }).getByRole('link').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole('navigation', { name: 'Blog post page navigation' }).getByRole('link').count()).toBeGreaterThan(0);
    await page.goto(`${site.url}/blog/tags/`, { waitUntil: 'networkidle' });
    for (const tag of ['docusaurus', 'facebook', 'hello', 'hola']) expect(await page.getByRole('link', { name: new RegExp(`^${tag}`) }).count()).toBe(1);
    await page.goto(`${site.url}/blog/tags/hello/`, { waitUntil: 'networkidle' });
    expect(await page.locator('h1').textContent()).toMatch(/^\d+ posts? tagged with "hello"$/);
    await page.goto(`${site.url}/blog/archive/`, { waitUntil: 'networkidle' });
    expect(await page.locator('.archive-year h2').allTextContents()).toEqual(['2024', '2023']);
    await page.close();
  });

  it('links RSS, Atom and JSON feeds from the head, and serves them', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/blog/`, { waitUntil: 'networkidle' });
    const feeds = await page.locator('link[rel="alternate"]').evaluateAll((els) => els.map((el) => [el.getAttribute('type'), el.getAttribute('href')]));
    expect(feeds).toEqual([
      ['application/rss+xml', '/blog/rss.xml'],
      ['application/atom+xml', '/blog/atom.xml'],
      ['application/json', '/blog/feed.json'],
    ]);
    const rss = await (await fetch(`${site.url}/blog/rss.xml`)).text();
    expect(rss.match(/<item>/g)).toHaveLength(4);
    const json = (await (await fetch(`${site.url}/blog/feed.json`)).json()) as { items: unknown[] };
    expect(json.items).toHaveLength(4);
    await page.close();
  });
});

describe('table of contents', () => {
  it('highlights the heading in view as the reader scrolls', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/for-developers/callbacks/`, { waitUntil: 'networkidle' });
    const active = () => page.locator('.table-of-contents__link--active').first().textContent();
    const first = await active();
    await page.locator('#retry-schedule').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 1));
    await expect.poll(active).not.toBe(first);
    await page.close();
  });
});

describe('a page that crashes', () => {
  it("shows 'This page crashed.', the error and 'Try again', and keeps the rest of the site working", async () => {
    const page = await site.browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${site.url}/for-developers/callbacks/`, { waitUntil: 'networkidle' });
    // A payload the theme cannot render (no table of contents where one is required).
    await page.route('**/page-data/for-developers/tech-stack/data.json', async (route) => {
      const response = await route.fetch();
      const data = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...data, toc: null } });
    });
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'Tech stack' }).click();
    await expect.poll(() => page.locator('.page-crashed h1').textContent()).toBe('This page crashed.');
    expect(await page.locator('.page-crashed p').textContent()).not.toBe('');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    expect(errors.some((e) => e.includes('This page crashed.'))).toBe(true);
    // The shell is intact: the sidebar still navigates.
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'Callbacks' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Callbacks');
    await page.close();
  });
});
