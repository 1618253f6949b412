import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageErrors, useBuiltSite } from './browser.ts';

/**
 * `<CodeBlock>{`…`}</CodeBlock>` (Docusaurus's way of writing code in MDX and in React pages)
 * as a reader sees it: the same box as the fenced block, a line per line, indentation drawn.
 */

const SOURCE = 'const a = 1;\nfunction f() {\n  return a;\n}';
// MDX takes up to two spaces off each continuation line of an expression (as in Docusaurus:
// mdx-js/mdx#2533), so the template literal is written with two more.
const TEMPLATE = SOURCE.replace('\n  return', '\n    return');
const site = useBuiltSite({
  'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { pages: "src/pages" } };\n',
  'docs/example.js': `${SOURCE}\n`,
  'docs/intro.mdx': [
    '---',
    'slug: /',
    '---',
    '',
    "import CodeBlock from '@theme/CodeBlock';",
    "import Example from '!!raw-loader!./example.js';",
    '',
    '```js title="a.js" showLineNumbers',
    SOURCE,
    '```',
    '',
    `<CodeBlock language="js" title="a.js" showLineNumbers>{\`${TEMPLATE}\`}</CodeBlock>`,
    '',
    '<CodeBlock className="language-js" title="a.js" showLineNumbers>{Example}</CodeBlock>',
    '',
  ].join('\n'),
  'src/pages/x.jsx': "import Layout from '@theme/Layout';\nimport CodeBlock from '@theme/CodeBlock';\n\nexport default function X() {\n  return <Layout><CodeBlock language=\"js\">{'a\\n  b'}</CodeBlock></Layout>;\n}\n",
});

/** Each code block's box as drawn: font, background, title, its lines' boxes, and where each line's first character is painted. */
async function measure(page: Page) {
  return page.locator('.theme-code-block').evaluateAll((blocks) =>
    blocks.map((block) => {
      const pre = block.querySelector('pre')!;
      const code = pre.querySelector('code')!;
      const lines = [...pre.querySelectorAll<HTMLElement>('.token-line')].map((line) => {
        // The line's first character that is not a space, where it is painted.
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        let firstInk: number | undefined;
        for (let node = walker.nextNode(); node && firstInk === undefined; node = walker.nextNode()) {
          const at = node.textContent!.search(/\S/);
          if (at === -1) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          firstInk = range.getBoundingClientRect().left - pre.getBoundingClientRect().left;
        }
        const rect = line.getBoundingClientRect();
        return { top: rect.top, height: rect.height, firstInk };
      });
      const style = getComputedStyle(pre);
      return {
        font: getComputedStyle(code).fontFamily,
        whiteSpace: style.whiteSpace,
        background: getComputedStyle(block).backgroundColor,
        title: block.querySelector('.code-block__title')?.textContent,
        numbered: getComputedStyle(pre.querySelector('.token-line')!, '::before').content !== 'none',
        contentHeight: pre.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
        lineHeight: parseFloat(style.lineHeight),
        lines,
      };
    }),
  );
}

describe('a CodeBlock with a string child', () => {
  it('is drawn as the fenced block: same font and background, a line per source line, indentation visible', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 1200 } });
    const errors = pageErrors(page);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const [fenced, ...fromStrings] = await measure(page);
    expect(fromStrings).toHaveLength(2);
    expect(fenced!.font).toMatch(/mono/i);
    for (const drawn of fromStrings) {
      expect({ font: drawn.font, background: drawn.background, title: drawn.title, numbered: drawn.numbered, whiteSpace: drawn.whiteSpace }).toEqual({ font: fenced!.font, background: fenced!.background, title: 'a.js', numbered: true, whiteSpace: fenced!.whiteSpace });
      // Four lines drawn, one below the other, filling the box.
      expect(drawn.lines).toHaveLength(4);
      expect(new Set(drawn.lines.map((line) => Math.round(line.top))).size).toBe(4);
      expect(Math.round(drawn.contentHeight / drawn.lineHeight)).toBe(4);
      expect(drawn.contentHeight).toBeCloseTo(fenced!.contentHeight, 0);
      // `  return a;` starts further right than `function f() {`, where the fenced block draws it.
      const [, outer, inner] = drawn.lines;
      expect(inner!.firstInk!).toBeGreaterThan(outer!.firstInk! + 5);
      expect(inner!.firstInk!).toBeCloseTo(fenced!.lines[2]!.firstInk!, 0);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("draws a React page's string CodeBlock as code, hydrated without errors", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    await page.goto(`${site.url}/x/`, { waitUntil: 'networkidle' });
    const [drawn] = await measure(page);
    expect(drawn!.font).toMatch(/mono/i);
    expect(drawn!.lines).toHaveLength(2);
    expect(Math.round(drawn!.contentHeight / drawn!.lineHeight)).toBe(2);
    expect(drawn!.lines[1]!.firstInk!).toBeGreaterThan(drawn!.lines[0]!.firstInk! + 5);
    expect(errors).toEqual([]);
    await page.close();
  });
});
