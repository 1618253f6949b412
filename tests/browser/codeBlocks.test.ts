import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBuiltSite } from './browser.ts';

/** Code blocks whose sources, line counts, highlights and numbering the tests know. */
const blocks = [
  { meta: 'js', source: 'const one = 1;', highlighted: [], numbered: false },
  { meta: 'ts showLineNumbers', source: 'function add(a: number, b: number) {\n\n  return a + b; // sum\n}', highlighted: [], numbered: true },
  {
    meta: 'jsx title="App.jsx" {1,4-6} showLineNumbers',
    source: 'export function App() {\n  return (\n    <div className="app">\n      <Header title="x" />\n      <p>Hello &amp; <b>bye</b></p>\n    </div>\n  );\n}',
    highlighted: [1, 4, 5, 6],
    numbered: true,
  },
  { meta: 'html {2}', source: '<div class="card">\n  <span>text</span>\n</div>', highlighted: [2], numbered: false },
  { meta: '', source: 'a\tb\n    c  \n', highlighted: [], numbered: false },
  { meta: 'md showLineNumbers', source: '# Title\n\n```js\nlet x;\n```', highlighted: [], numbered: true },
];
const fence = (b: (typeof blocks)[number]) => (b.source.includes('```') ? '````' : '```');
const site = useBuiltSite({
  'docs/intro.md': `---\nslug: /\ntitle: Code\n---\n\n${blocks.map((b) => `${fence(b)}${b.meta}\n${b.source}\n${fence(b)}\n`).join('\n')}`,
});

/** What is drawn for each code block: its box, its line boxes, and where its line numbers are painted. */
async function measure(page: Page) {
  const pres = page.locator('.theme-code-block pre');
  const result = [];
  for (let i = 0; i < (await pres.count()); i++) {
    const pre = pres.nth(i);
    const box = await pre.evaluate((el) => {
      const style = getComputedStyle(el);
      const top = el.getBoundingClientRect().top;
      const lines = [...el.querySelectorAll<HTMLElement>('.token-line')].map((line) => {
        const rect = line.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(line);
        // Where the line's text is drawn (not its numbering, which is a ::before box).
        const text = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => [r.top - top, r.bottom - top]);
        return { top: rect.top - top, height: rect.height, text, background: getComputedStyle(line).backgroundColor, number: getComputedStyle(line, '::before').content };
      });
      return {
        height: el.getBoundingClientRect().height,
        lineHeight: parseFloat(style.lineHeight),
        paddingTop: parseFloat(style.paddingTop),
        padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
        lines,
        blockBackground: getComputedStyle(el.closest('.theme-code-block')!).backgroundColor,
      };
    });
    result.push({ ...box, numberInk: await gutterInk(page, await pre.screenshot()) });
  }
  return result;
}

/**
 * The vertical runs of pixels painted in the line-number gutter (x 16–48 px of the `pre`:
 * the line's 1rem padding, then the 2rem number box): one run per number drawn.
 */
async function gutterInk(page: Page, png: Buffer): Promise<Array<[number, number]>> {
  return page.evaluate(async (b64) => {
    const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data, width } = context.getImageData(0, 0, image.width, image.height);
    const runs: Array<[number, number]> = [];
    let start = -1;
    for (let y = 0; y < image.height; y++) {
      const at = (x: number) => (y * width + x) * 4;
      // The gutter's left edge is background on every row (numbers are right-aligned).
      const bg = at(16);
      let ink = false;
      for (let x = 17; x < 48; x++) {
        const p = at(x);
        if (Math.abs(data[p]! - data[bg]!) + Math.abs(data[p + 1]! - data[bg + 1]!) + Math.abs(data[p + 2]! - data[bg + 2]!) > 60) ink = true;
      }
      if (ink && start < 0) start = y;
      if (!ink && start >= 0) {
        runs.push([start, y]);
        start = -1;
      }
    }
    if (start >= 0) runs.push([start, image.height]);
    return runs;
  }, png.toString('base64'));
}

describe('code blocks', () => {
  for (const mode of ['light', 'dark']) {
    it(`draw one line per source line, with highlights and numbers on their lines (${mode} mode)`, async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 1600 } });
      await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
      await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
      const measured = await measure(page);
      expect(measured).toHaveLength(blocks.length);
      // The mode took effect: the block's background is the mode's own.
      expect(measured[0]!.blockBackground).toBe(mode === 'light' ? 'rgb(246, 247, 248)' : 'rgb(36, 37, 38)');
      measured.forEach((m, b) => {
        const block = blocks[b]!;
        const count = block.source.split('\n').length;
        const where = `block ${b} (${block.meta || 'plain'})`;
        expect(m.lines.length, where).toBe(count);
        expect(Math.abs(m.height - (count * m.lineHeight + m.padding)), `${where}: ${m.height}px for ${count} lines of ${m.lineHeight}px`).toBeLessThan(1);
        m.lines.forEach((line, i) => {
          const top = m.paddingTop + i * m.lineHeight;
          expect(Math.abs(line.top - top), `${where} line ${i + 1} top`).toBeLessThan(1);
          expect(Math.abs(line.height - m.lineHeight), `${where} line ${i + 1} height`).toBeLessThan(1);
          for (const [textTop, textBottom] of line.text) {
            expect(textTop, `${where} line ${i + 1} text`).toBeGreaterThanOrEqual(top - 1);
            expect(textBottom, `${where} line ${i + 1} text`).toBeLessThanOrEqual(top + m.lineHeight + 1);
          }
          // The highlight is the line's own background, so it covers exactly the line's box.
          expect(line.background !== 'rgba(0, 0, 0, 0)', `${where} line ${i + 1} highlighted`).toBe(block.highlighted.includes(i + 1));
          expect(line.number !== 'none', `${where} line ${i + 1} numbered`).toBe(block.numbered);
        });
        if (block.numbered) {
          // One number drawn per line, each inside its line's box (empty lines too).
          expect(m.numberInk, `${where} numbers drawn`).toHaveLength(count);
          m.numberInk.forEach(([from, to], i) => {
            expect(from, `${where} number ${i + 1}`).toBeGreaterThanOrEqual(m.paddingTop + i * m.lineHeight - 1);
            expect(to, `${where} number ${i + 1}`).toBeLessThanOrEqual(m.paddingTop + (i + 1) * m.lineHeight + 1);
          });
        }
      });
      await page.close();
    });
  }

  for (const mode of ['light', 'dark']) {
    it(`draw HTML and JSX tags (and Markdown's code blocks) in code as plain coloured text, not theme boxes (${mode} mode)`, async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 1600 } });
      await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
      await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
      const boxes = await page.locator('.theme-code-block .token').evaluateAll((tokens) =>
        tokens.map((t) => {
          const s = getComputedStyle(t);
          return {
            token: `${t.className} ${t.textContent!.slice(0, 12)}`,
            display: s.display,
            border: [s.borderTopStyle, s.borderRightStyle, s.borderBottomStyle, s.borderLeftStyle].filter((b) => b !== 'none'),
            background: s.backgroundColor,
            boxShadow: s.boxShadow,
            padding: s.padding,
            margin: s.margin,
          };
        }),
      );
      // The tokens the collisions were found on: `<div` in HTML, `<Header` in JSX, a fence in Markdown.
      // (Prism nests a tag's name in a second `.token.tag`: `<div class="card">` holds `<div`.)
      expect(boxes.filter((b) => /^token tag <div/.test(b.token)).length).toBeGreaterThanOrEqual(2);
      expect(boxes.some((b) => /^token tag <Header/.test(b.token))).toBe(true);
      expect(boxes.some((b) => /^token code-block/.test(b.token))).toBe(true);
      for (const box of boxes) expect(box, box.token).toMatchObject({ display: 'inline', border: [], background: 'rgba(0, 0, 0, 0)', boxShadow: 'none', padding: '0px', margin: '0px' });
      await page.close();
    });
  }

  it('copy exactly the source with the Copy button', async () => {
    const context = await site.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await context.newPage();
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const all = page.locator('.theme-code-block');
    expect(await all.count()).toBe(blocks.length);
    for (const [i, block] of blocks.entries()) {
      await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
      await all.nth(i).hover();
      await all.nth(i).getByRole('button', { name: 'Copy code to clipboard' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { message: `block ${i}` }).toBe(block.source);
    }
    await context.close();
  });
});
