import { describe, expect, it } from 'vitest';
import { pageErrors, useBuiltSite } from './browser.ts';

/** Mermaid diagrams (Docusaurus's markdown.mermaid and theme-mermaid), as a reader sees them. */
const site = useBuiltSite({
  'docusaurus.config.js': `module.exports = {
  title: 'Diagrams',
  url: 'https://diagrams.example',
  baseUrl: '/',
  markdown: { mermaid: true },
  themes: ['@docusaurus/theme-mermaid'],
  themeConfig: { mermaid: { theme: { light: 'neutral', dark: 'forest' } } },
  presets: [['classic', { docs: { sidebarPath: false, routeBasePath: '/' }, blog: false }]],
};
`,
  'docs/flow.md': '---\nslug: /\n---\n# Flow\n\n```mermaid\ngraph TD;\n    Start-->Middle;\n    Start-->End;\n```\n\nAfter the diagram.\n',
  'docs/broken.md': '# Broken\n\n```mermaid\ngraph TD;\n    A-->>>;\n```\n',
  'docs/two.md': '# Two\n\n```mermaid\ngraph LR;\n    One-->Two;\n```\n\nBetween.\n\n```mermaid\nsequenceDiagram\n  Alice->>Bob: Hello\n```\n',
  'docs/plain.md': '# Plain\n\n```js\nconst a = 1;\n```\n\nSee [the flow](flow.md).\n',
});

/** What the diagram container draws: its SVG's size and node labels, the fill of its first node, and whether the source shows. */
const drawn = () => () => {
  const container = document.querySelector('.docusaurus-mermaid-container')!;
  const svg = container.querySelector(':scope > svg');
  const box = svg?.getBoundingClientRect();
  const node = svg?.querySelector('.node rect, .node polygon, .node path');
  return {
    height: Math.round(box?.height ?? 0),
    width: Math.round(box?.width ?? 0),
    labels: [...(svg?.querySelectorAll('.nodeLabel') ?? [])].map((l) => l.textContent).sort(),
    fill: node ? getComputedStyle(node).fill : null,
    sourceShown: !!container.querySelector('pre') && container.querySelector('pre')!.getBoundingClientRect().height > 0,
  };
};

describe('Mermaid diagrams', () => {
  it('draws a mermaid code block as a diagram in the page, and draws it again in the dark theme', async () => {
    const page = await site.browser.newPage();
    const errors = pageErrors(page);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await page.waitForSelector('.docusaurus-mermaid-container > svg');
    const light = await page.evaluate(drawn());
    expect(light.labels).toEqual(['End', 'Middle', 'Start']);
    expect(light.height).toBeGreaterThan(100);
    expect(light.width).toBeGreaterThan(50);
    expect(light.sourceShown).toBe(false);
    // The text after it starts below it: the diagram takes its place in the page.
    const below = await page.evaluate(() => [...document.querySelectorAll('p')].find((p) => p.textContent === 'After the diagram.')!.getBoundingClientRect().top - document.querySelector('.docusaurus-mermaid-container > svg')!.getBoundingClientRect().bottom);
    expect(below).toBeGreaterThanOrEqual(0);
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect.poll(async () => (await page.evaluate(drawn())).fill).not.toBe(light.fill);
    expect((await page.evaluate(drawn())).labels).toEqual(['End', 'Middle', 'Start']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws each of two diagrams in its own place, with its own styles', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/two/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('.docusaurus-mermaid-container > svg').count()).toBe(2);
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('.docusaurus-mermaid-container > svg')].map((svg) => {
        const box = svg.getBoundingClientRect();
        return { id: svg.id, top: box.top, bottom: box.bottom, text: svg.textContent!.replace(/\s+/g, ' ') };
      }),
    );
    expect(new Set(boxes.map((b) => b.id)).size).toBe(2);
    expect(boxes[1]!.top).toBeGreaterThanOrEqual(boxes[0]!.bottom);
    expect(boxes[0]!.text).toMatch(/One.*Two/);
    expect(boxes[0]!.text).not.toMatch(/Alice/);
    expect(boxes[1]!.text).toMatch(/Alice.*Bob/);
    await page.close();
  });

  it('keeps the source of a diagram Mermaid cannot read, with why', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/broken/`, { waitUntil: 'networkidle' });
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toMatch(/could not be drawn/);
    expect((await page.evaluate(drawn())).sourceShown).toBe(true);
    await page.close();
  });

  it('loads Mermaid only on a page that shows a diagram', async () => {
    const page = await site.browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}/plain/`, { waitUntil: 'networkidle' });
    expect(requested.filter((p) => p.includes('mermaid'))).toEqual([]);
    // A move to a page with a diagram loads it then.
    await page.getByRole('link', { name: 'the flow' }).click();
    await page.waitForSelector('.docusaurus-mermaid-container > svg');
    expect(requested.some((p) => /^\/assets\/mermaid-[\d.]+\/mermaid\.esm\.min\.mjs$/.test(p))).toBe(true);
    await page.close();
  });
});
