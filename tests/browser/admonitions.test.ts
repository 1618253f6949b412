import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageErrors, useBuiltSite } from './browser.ts';

/**
 * Admonitions as a reader of a Docusaurus site knows them: each type's mark drawn before
 * its title, in the title's colour and centred on it; an MDX `<Admonition icon>` of its
 * own or none; and a stylesheet written for Docusaurus 3 (`theme-admonition-<type>`,
 * `alert--<variant>`) reaching the box.
 */
const TYPES = ['note', 'tip', 'info', 'warning', 'caution', 'danger'];
const site = useBuiltSite({
  'docusaurus.config.js': "module.exports = { title: 'A', url: 'https://a.example', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]] };\n",
  'docs/boxes.md': ['---', 'slug: /', '---', '# Boxes', '', ...TYPES.flatMap((type) => [`:::${type}`, `A ${type}.`, ':::', ''])].join('\n'),
  'docs/own.mdx': [
    '# Own marks',
    '',
    '<Admonition type="tip" icon="★" title="Starred">With a mark of its own.</Admonition>',
    '',
    '<Admonition type="note" icon={null} title="Bare">With none.</Admonition>',
    '',
  ].join('\n'),
  // A site's own type, drawn with the theme's box and mark, as a swizzled Docusaurus type draws it.
  'src/pages/idea.jsx': [
    "import Layout from '@theme/Layout';",
    "import AdmonitionLayout from '@theme/Admonition/Layout';",
    "import IconTip from '@theme/Admonition/Icon/Tip';",
    'export default function Idea() {',
    '  return <Layout><main className="container"><AdmonitionLayout type="idea" className="alert alert--success" icon={<IconTip />} title="Idea">Own type.</AdmonitionLayout></main></Layout>;',
    '}',
    '',
  ].join('\n'),
  // Docusaurus 3's class names reach the box; Docusaurus 2's (left in real sites' stylesheets, dead under Docusaurus 3) do not.
  'src/css/custom.css': '.theme-admonition-caution { border-left-color: rgb(200, 0, 100); }\n.theme-admonition.alert--danger { background-color: rgb(255, 240, 240); }\n.admonition.admonition-tip, .admonition-tip { background-color: rgb(1, 2, 3); }\n.admonition-heading h5, .admonition-heading { color: rgb(4, 5, 6); }\n.admonition .admonition-icon svg { fill: black; }\n',
});

/** The mark of each admonition on the page, measured against its heading's text. */
function marks(page: Page) {
  return page.locator('.theme-admonition').evaluateAll((boxes) =>
    boxes.map((box) => {
      const heading = box.querySelector<HTMLElement>('.admonitionHeading')!;
      const svg = heading.querySelector('.admonitionIcon svg');
      const title = document.createRange();
      title.selectNodeContents(heading.lastChild!);
      const text = title.getBoundingClientRect();
      if (!svg) return { drawn: false, left: Math.round(text.left - box.getBoundingClientRect().left) };
      const mark = svg.getBoundingClientRect();
      return {
        drawn: true,
        size: Math.round(mark.width),
        fontSize: Math.round(parseFloat(getComputedStyle(heading).fontSize) * 1.5),
        // The mark's middle against the title's: centred on the line.
        offset: Math.abs(mark.top + mark.height / 2 - (text.top + text.height / 2)),
        before: mark.right <= text.left,
        fill: getComputedStyle(svg.querySelector('path')!).fill,
        color: getComputedStyle(heading).color,
      };
    }),
  );
}

describe('admonitions', () => {
  it("draw each type's mark before its title, at the title's size and colour, centred on it", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const drawn = await marks(page);
    expect(drawn).toHaveLength(TYPES.length);
    for (const mark of drawn) {
      expect(mark).toMatchObject({ drawn: true, before: true });
      expect(mark.size).toBe(mark.fontSize);
      expect(mark.offset).toBeLessThanOrEqual(2);
      expect(mark.fill).toBe(mark.color);
    }
    // Each style has its own shape: each mark drawn alone, in black at the same whole-pixel place, tip's, warning's and danger's differ from the note's and one another's; info's is the note's, caution's the warning's.
    const stage = await page.evaluateHandle(() => {
      const div = document.createElement('div');
      div.style.cssText = 'position:fixed;left:0;top:0;width:24px;height:24px;background:#fff;color:#000;z-index:2147483647;line-height:0';
      document.body.append(div);
      return div;
    });
    const shapes: string[] = [];
    for (const index of TYPES.keys()) {
      await page.evaluate(([div, i]) => {
        const mark = document.querySelectorAll('.admonitionIcon svg')[i as number]!.cloneNode(true) as SVGElement;
        mark.setAttribute('width', '24');
        mark.setAttribute('height', '24');
        (div as HTMLElement).replaceChildren(mark);
      }, [stage, index] as const);
      shapes.push((await page.screenshot({ clip: { x: 0, y: 0, width: 24, height: 24 } })).toString('base64'));
    }
    const [note, tip, info, warning, caution, danger] = shapes;
    expect(new Set([note, tip, warning, danger]).size).toBe(4);
    expect(info).toBe(note);
    expect(caution).toBe(warning);
    // Something is drawn: the stage empty looks otherwise.
    await stage.evaluate((div) => (div as HTMLElement).replaceChildren());
    expect((await page.screenshot({ clip: { x: 0, y: 0, width: 24, height: 24 } })).toString('base64')).not.toBe(note);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("take a stylesheet written for Docusaurus 3's class names", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const styles = await page.locator('.theme-admonition').evaluateAll((boxes) => boxes.map((box) => ({ border: getComputedStyle(box).borderLeftColor, background: getComputedStyle(box).backgroundColor })));
    expect(styles[TYPES.indexOf('caution')]!.border).toBe('rgb(200, 0, 100)');
    expect(styles[TYPES.indexOf('warning')]!.border).not.toBe('rgb(200, 0, 100)');
    expect(styles[TYPES.indexOf('danger')]!.background).toBe('rgb(255, 240, 240)');
    expect(styles[TYPES.indexOf('note')]!.background).not.toBe('rgb(255, 240, 240)');
    expect(styles[TYPES.indexOf('tip')]!.background).not.toBe('rgb(1, 2, 3)');
    const headings = await page.locator('.admonitionHeading').evaluateAll((all) => all.map((h) => getComputedStyle(h).color));
    expect(headings).not.toContain('rgb(4, 5, 6)');
    await page.close();
  });

  it('draw an MDX admonition\'s own mark, or none with icon={null}', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    await page.goto(`${site.url}/own/`, { waitUntil: 'networkidle' });
    const [starred, bare] = await marks(page);
    expect(starred).toMatchObject({ drawn: false });
    expect(await page.locator('.theme-admonition').first().locator('.admonitionIcon').textContent()).toBe('★');
    const star = (await page.locator('.admonitionIcon').first().boundingBox())!;
    const title = (await page.locator('.admonitionHeading').first().boundingBox())!;
    expect(star.x).toBeLessThan(title.x + 40);
    // No mark: the title starts where the text below it does.
    expect(bare).toMatchObject({ drawn: false });
    const [bareHeading, bareBody] = await Promise.all([page.locator('.admonitionHeading').nth(1).evaluate((el) => { const r = document.createRange(); r.selectNodeContents(el); return r.getBoundingClientRect().left; }), page.locator('.admonitionContent').nth(1).evaluate((el) => el.getBoundingClientRect().left)]);
    expect(Math.abs(bareHeading - bareBody)).toBeLessThanOrEqual(1);
    expect(await page.locator('.theme-admonition').nth(1).locator('.admonitionIcon').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("draw a site's own type with the theme's box and marks (@theme/Admonition/Layout, Icon/Tip) in its variant's colours", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const tipBorder = await page.locator('.theme-admonition').nth(TYPES.indexOf('tip')).evaluate((el) => getComputedStyle(el).borderLeftColor);
    await page.goto(`${site.url}/idea/`, { waitUntil: 'networkidle' });
    const [idea] = await marks(page);
    expect(idea).toMatchObject({ drawn: true, before: true });
    expect(idea!.fill).toBe(idea!.color);
    const box = page.locator('.theme-admonition-idea');
    expect(await box.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe(tipBorder);
    expect(await box.locator('.admonitionContent').textContent()).toBe('Own type.');
    expect(errors).toEqual([]);
    await page.close();
  });
});
