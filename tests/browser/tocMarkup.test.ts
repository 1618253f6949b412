import { describe, expect, it } from 'vitest';
import { pageErrors, useBuiltSite } from './browser.ts';

/**
 * A heading's inline code and badge show in the table of contents as in the heading (as
 * Docusaurus draws them), on the first load and after a move in the app, and an author's
 * raw HTML in a heading runs nowhere.
 */
const text = 'Some text to read. '.repeat(40);
const site = useBuiltSite({
  'site.config.ts': `export default { title: 'Toc', trailingSlash: true };\n`,
  'docs/hooks.md': [
    '---', 'slug: /', 'format: md', '---', '# Hooks', '', text, '',
    '## The `useSelector` hook', '', text, '',
    '## Batching <span class="badge">new</span>', '', text, '',
    '## Unsafe <img src="/dot.svg" alt="" onload="window.__ran = 1">here', '', text, '',
    '## Plain', '', text, '',
  ].join('\n'),
  // It loads, so an `onload` that ran would show.
  'static/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  'docs/other.md': '# Other\n\nSee [hooks](./hooks.md).\n',
});

describe('table of contents markup', () => {
  it("draws a heading's inline code as code and its badge with its class, beside the page and after a move", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = pageErrors(page);
    const check = async () => {
      const toc = page.locator('.doc-page__toc .table-of-contents');
      expect(await toc.getByRole('link').allTextContents()).toEqual(['The useSelector hook', 'Batching new', 'Unsafe here', 'Plain']);
      const code = toc.locator('code');
      expect(await code.count()).toBe(1);
      const style = await code.evaluate((el) => {
        const computed = getComputedStyle(el);
        return { font: computed.fontFamily, background: computed.backgroundColor, link: getComputedStyle(el.closest('a')!).fontFamily };
      });
      // Drawn in the monospace font on a tinted ground, unlike the link's text.
      expect(style.font).not.toBe(style.link);
      expect(style.font).toMatch(/mono|menlo|consolas|courier/i);
      expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(await toc.locator('span.badge').textContent()).toBe('new');
      expect(await toc.locator('img, script').count()).toBe(0);
    };
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await check();
    // A move in the app draws the table of contents from the page's data.
    await page.goto(`${site.url}/other/`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'hooks', exact: true }).click();
    await page.locator('.doc-page__toc code').waitFor();
    await check();
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });
});
