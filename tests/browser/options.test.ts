import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';

/** A small site with the options the Coinvoy site leaves off. */
const long = Array.from({ length: 40 }, (_, i) => `## Part ${i}\n\n${'Some text to scroll past. '.repeat(30)}\n`).join('\n');
const site = useBuiltSite({
  'site.config.ts': `export default { title: 'Options', trailingSlash: true, navbar: { hideOnScroll: true, items: [] }, colorMode: { respectPrefersColorScheme: true }, docs: { breadcrumbs: false }, docsSidebar: { hideable: true, autoCollapseCategories: true } };\n`,
  'docs/intro.md': `---\nslug: /\ntitle: Long page\n---\n\n${long}`,
  'docs/guide/step.md': '# A step\n\nIn a category. Then [the next step](./next.md).\n',
  'docs/guide/next.md': '# Next step\n\nStill here.\n',
  'docs/other/elsewhere.md': '# Elsewhere\n\nIn another category.\n',
  'pages/about.md': '# About\n\nIntro.\n\n## Team\n\nPeople.\n\n## Contact\n\nMail.\n',
  'pages/quiet.md': '---\nhide_table_of_contents: true\n---\n# Quiet\n\n## Part\n\nText.\n',
});

describe('site options', () => {
  it('hideOnScroll: hides the navbar on scroll down, shows it on scroll up and at the top, hides it for a hash', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 700 } });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const hidden = () => page.locator('nav[aria-label="Main"]').evaluate((el) => el.classList.contains('navbar--hidden'));
    expect(await hidden()).toBe(false);
    await page.mouse.wheel(0, 1500);
    await expect.poll(hidden).toBe(true);
    await page.mouse.wheel(0, -300);
    await expect.poll(hidden).toBe(false);
    await page.goto(`${site.url}/#part-20`, { waitUntil: 'networkidle' });
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(hidden).toBe(true);
    await page.close();
  });

  it('docs.breadcrumbs: false draws no breadcrumbs over a doc in a category: its title is the first thing in the article', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 700 } });
    await page.goto(`${site.url}/guide/step/`, { waitUntil: 'networkidle' });
    expect(await page.locator('h1').first().isVisible()).toBe(true);
    expect(await page.locator('nav[aria-label="Breadcrumbs"]').count()).toBe(0);
    const gap = await page.evaluate(() => document.querySelector('h1')!.getBoundingClientRect().top - document.querySelector('article')!.getBoundingClientRect().top);
    expect(gap).toBeLessThan(20);
    await page.close();
  });

  it('docsSidebar.hideable: the sidebar folds to a strip, stays folded from page to page, and unfolds', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 700 } });
    await page.goto(`${site.url}/guide/step/`, { waitUntil: 'networkidle' });
    const widths = () => page.evaluate(() => ({ aside: Math.round(document.querySelector('aside.theme-doc-sidebar-container')!.getBoundingClientRect().width), main: Math.round(document.querySelector('main')!.getBoundingClientRect().width) }));
    const open = await widths();
    expect(open.aside).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    const folded = await widths();
    expect(folded.aside).toBe(30);
    expect(folded.main).toBeGreaterThan(open.main + 150);
    expect(await page.getByRole('navigation', { name: 'Docs sidebar' }).count()).toBe(0);
    await page.getByRole('link', { name: 'the next step' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Next step');
    expect((await widths()).aside).toBe(30);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    expect((await widths()).aside).toBe(open.aside);
    expect(await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Next step', exact: true }).isVisible()).toBe(true);
    await page.close();
  });

  it('docsSidebar.autoCollapseCategories: opening a category closes the other one at its level', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 700 } });
    await page.goto(`${site.url}/guide/step/`, { waitUntil: 'networkidle' });
    const shown = (name: string) => page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name, exact: true }).isVisible();
    expect(await shown('A step')).toBe(true);
    expect(await shown('Elsewhere')).toBe(false);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('button', { name: 'other' }).click();
    await expect.poll(() => shown('Elsewhere')).toBe(true);
    await expect.poll(() => shown('A step')).toBe(false);
    await page.close();
  });

  it("a Markdown page has its table of contents beside it, as Docusaurus's MDX page, unless its front matter hides it", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/about/`, { waitUntil: 'networkidle' });
    const toc = page.locator('.doc-page__toc .table-of-contents');
    expect(await toc.isVisible()).toBe(true);
    expect(await toc.getByRole('link').allTextContents()).toEqual(['Team', 'Contact']);
    const [title, column] = await Promise.all([page.locator('h1').first().boundingBox(), toc.boundingBox()]);
    expect(column!.x).toBeGreaterThan(title!.x + 400);
    await toc.getByRole('link', { name: 'Contact' }).click();
    await expect.poll(() => page.url()).toBe(`${site.url}/about/#contact`);
    await page.goto(`${site.url}/quiet/`, { waitUntil: 'networkidle' });
    expect(await page.locator('h1').first().textContent()).toBe('Quiet');
    expect(await page.locator('.table-of-contents').count()).toBe(0);
    await page.close();
  });

  it('respectPrefersColorScheme: follows the system until the reader chooses, but not while printing', async () => {
    const context = await site.browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const mode = () => page.getAttribute('html', 'data-theme');
    expect(await mode()).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(mode).toBe('light');
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await page.waitForTimeout(200);
    expect(await mode()).toBe('light');
    await page.emulateMedia({ media: 'screen', colorScheme: 'light' });
    // A stored choice wins over the system; clearing it (another tab) falls back to the system.
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    expect(await mode()).toBe('dark');
    const other = await context.newPage();
    await other.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await other.evaluate(() => localStorage.removeItem('theme'));
    await expect.poll(mode).toBe('light');
    await context.close();
  });
});
