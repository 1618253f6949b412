import { describe, expect, it } from 'vitest';
import { pageErrors, useBuiltSite } from './browser.ts';

/** TeX math (Docusaurus's remark-math with rehype-katex; markdown.math), as a reader sees it. */
const site = useBuiltSite({
  'docusaurus.config.js': `import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
export default {
  title: 'Math',
  url: 'https://math.example',
  baseUrl: '/',
  presets: [['classic', { docs: { sidebarPath: false, routeBasePath: '/', remarkPlugins: [remarkMath], rehypePlugins: [rehypeKatex] }, blog: { onUntruncatedBlogPosts: 'ignore' } }]],
};
`,
  'docs/series.md': '---\nslug: /\n---\n# Series\n\nThe sum $\\sum_{n=1}^\\infty \\frac{1}{n^2}$ converges:\n\n$$\n\\sum_{n=1}^\\infty \\frac{1}{n^2} = \\frac{\\pi^2}{6}\n$$\n\nAfter the formula. Broken: $\\frac{1}{$.\n',
  'docs/plain.md': '# Plain\n\nNo math here. See [the series](series.md).\n',
  'blog/2024-01-02-prices.md': '---\ntitle: Prices\n---\nIt costs $5 and $10 now.\n',
});

/** How the page's math is drawn: the display formula's box and its drawing's, the hidden MathML's size, the fonts in use. */
const drawn = () => () => {
  const display = document.querySelector('.katex-display')!;
  const box = display.getBoundingClientRect();
  const drawing = display.querySelector('.katex-html')!.getBoundingClientRect();
  const paragraph = [...document.querySelectorAll('.markdown p')].find((p) => p.textContent!.startsWith('After the formula'))!;
  const lineHeight = parseFloat(getComputedStyle(paragraph).lineHeight);
  const mathml = [...document.querySelectorAll('.katex-mathml')].map((m) => m.getBoundingClientRect()).map((r) => Math.max(r.width, r.height));
  const letter = document.querySelector('.katex .mathnormal')!;
  const error = document.querySelector('.katex-error');
  return {
    displayHeightInLines: box.height / lineHeight,
    drawingCentre: drawing.left + drawing.width / 2 - (box.left + box.width / 2),
    largestMathml: Math.max(...mathml),
    letterFont: getComputedStyle(letter).fontFamily,
    katexFontsLoaded: [...document.fonts].filter((f) => f.family.replace(/"/g, '').startsWith('KaTeX_') && f.status === 'loaded').length,
    paragraphBelow: paragraph.getBoundingClientRect().top - box.bottom,
    error: error && { text: error.textContent, colour: getComputedStyle(error).color },
  };
};

describe('math', () => {
  it('draws inline and display formulas with KaTeX’s fonts and layout: the display one centred and stacked, the MathML for readers only', async () => {
    const page = await site.browser.newPage();
    const errors = pageErrors(page);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    const math = await page.evaluate(drawn());
    // A sum with limits over a fraction: more than two lines of text tall, centred in the column.
    expect(math.displayHeightInLines).toBeGreaterThan(2);
    expect(Math.abs(math.drawingCentre)).toBeLessThan(2);
    // The MathML copy (for screen readers) takes no room: without KaTeX's stylesheet every formula would show twice.
    expect(math.largestMathml).toBeLessThanOrEqual(1);
    expect(math.letterFont).toMatch(/KaTeX_Math/);
    expect(math.katexFontsLoaded).toBeGreaterThan(1);
    expect(math.paragraphBelow).toBeGreaterThanOrEqual(0);
    // A formula KaTeX cannot read shows as written, in KaTeX's error colour.
    expect(math.error).toEqual({ text: '\\frac{1}{', colour: 'rgb(204, 0, 0)' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps $ as text where the plugin does not list remark-math (the blog), and such a page loads no KaTeX', async () => {
    const page = await site.browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}/blog/2024/01/02/prices/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('.markdown').first().textContent()).toContain('It costs $5 and $10 now.');
    expect(await page.locator('.katex').count()).toBe(0);
    expect(requested.filter((p) => p.includes('katex'))).toEqual([]);
    await page.close();
  });

  it('a move to a page with math loads KaTeX’s stylesheet before the page is drawn (or as its link is prefetched)', async () => {
    const page = await site.browser.newPage();
    const errors = pageErrors(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    // The page itself links no KaTeX: it has no math.
    expect(await (await page.request.get(`${site.url}/plain/`)).text()).not.toMatch(/katex/);
    await page.goto(`${site.url}/plain/`, { waitUntil: 'networkidle' });
    // The size of the first MathML copy at the moment it enters the page.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const mathml = document.querySelector('.katex-mathml');
        if (!mathml) return;
        const box = mathml.getBoundingClientRect();
        (window as unknown as { firstMathml: number }).firstMathml = Math.max(box.width, box.height);
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('link', { name: 'the series' }).click();
    await page.waitForSelector('.katex-display');
    expect(await page.evaluate(() => (window as unknown as { firstMathml?: number }).firstMathml)).toBeLessThanOrEqual(1);
    expect(requested.some((p) => /^\/assets\/katex-[\d.]+\/katex\.min\.css$/.test(p))).toBe(true);
    expect((await page.evaluate(drawn())).displayHeightInLines).toBeGreaterThan(2);
    // Moving back and forth adds it once.
    await page.goBack();
    await page.waitForSelector('text=No math here');
    await page.goForward();
    await page.waitForSelector('.katex-display');
    expect(await page.evaluate(() => document.querySelectorAll('link[href*="katex.min.css"]').length)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
