import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServedSite } from './browser.ts';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * A Docusaurus site's own home page, as its template writes it, drawn as Docusaurus draws
 * it: its brand colour from Infima's variable in custom.css, a hero in that colour, the
 * features in a row of `col col--4` (three across on a desktop, one above another on a
 * phone), Infima's text, spacing and button classes.
 */
const dir = writeTempSite({
  'docusaurus.config.js': [
    "module.exports = { title: 'Dinosaurs', tagline: 'Are cool', url: 'https://d.example', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/docs' } }]],",
    '  themeConfig: { navbar: { items: [',
    // The GitHub link Docusaurus's own site draws: no label, an icon from its class's CSS, named by aria-label.
    "    { href: 'https://github.com/dino/saurs', position: 'right', className: 'header-github-link', 'aria-label': 'GitHub repository' },",
    "    { href: 'https://chat.example', position: 'right', html: '<svg class=\"chat-icon\" width=\"20\" height=\"20\"><circle cx=\"10\" cy=\"10\" r=\"10\"/></svg>', 'aria-label': 'Chat' },",
    '  ] } } };',
    '',
  ].join('\n'),
  'docs/intro.md': '# Intro\n\nText.\n',
  'src/css/custom.css': "#__docusaurus { padding-top: 3px; }\n:root { --ifm-color-primary: #2e8555; }\n[data-theme='dark'] { --ifm-color-primary: #25c2a0; }\n.header-github-link::before { content: ''; display: flex; width: 24px; height: 24px; background: #24292f; }\n.theme-doc-markdown p { letter-spacing: 2px; }\n",
  'src/pages/index.jsx': [
    "import Layout from '@theme/Layout';",
    "import Link from '@docusaurus/Link';",
    'const features = ["Easy", "Focused", "Powered by React"];',
    'export default function Home() {',
    '  return (',
    '    <Layout title="Home">',
    '      <header className="hero hero--primary">',
    '        <div className="container">',
    '          <h1 className="hero__title">Dinosaurs</h1>',
    '          <p className="hero__subtitle">Are cool</p>',
    '          <Link className="button button--secondary button--lg" to="/docs/intro">Tutorial</Link>',
    '        </div>',
    '      </header>',
    '      <main>',
    '        <section className="container infima-parts">',
    '          <button className="clean-btn help" aria-label="Help">?</button>',
    '          <div className="alert alert--warning">Careful</div>',
    '          <span className="badge badge--primary">New</span>',
    '          <div style={{ display: "flex", width: 200 }}><Link className="button button--primary fixed" style={{ width: 90, padding: 0 }} to="/docs/intro">Go on now</Link></div>',
    '        </section>',
    '        <section className="container">',
    '          <div className="row">',
    '            {features.map((title) => (<div key={title} className="col col--4"><h3 className="text--center margin-bottom--lg">{title}</h3></div>))}',
    '          </div>',
    '        </section>',
    '      </main>',
    '    </Layout>',
    '  );',
    '}',
    '',
  ].join('\n'),
});
beforeAll(() => {
  const { code, stderr } = runCli(['build', dir]);
  if (code !== 0) throw new Error(`The site did not build:\n${stderr}`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const site = useServedSite(path.join(dir, 'build'));

/** How the page draws the hero, its button and the three features. */
async function drawn(page: Page) {
  return page.evaluate(() => {
    const style = (el: Element) => getComputedStyle(el);
    const hero = document.querySelector('.hero')!;
    const button = document.querySelector('.hero .button')!;
    const columns = [...document.querySelectorAll('.col')].map((col) => col.getBoundingClientRect());
    const row = document.querySelector('.row')!.getBoundingClientRect();
    const title = document.querySelector('.col h3')!;
    return {
      hero: `${style(hero).backgroundColor} ${style(hero.querySelector('h1')!).color}`,
      button: `${style(button).backgroundColor} ${style(button).color}`,
      columns: columns.map((box) => `${Math.round((box.width / row.width) * 100)}% at y ${Math.round(box.top - columns[0]!.top)}`),
      title: `${style(title).textAlign} ${style(title).marginBottom}`,
    };
  });
}

describe("a Docusaurus site's home page, with Infima's classes", () => {
  it('is drawn as Docusaurus draws it on a desktop: hero in the brand colour, three columns side by side', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const result = await drawn(page);
    expect(result.hero).toBe('rgb(46, 133, 85) rgb(255, 255, 255)');
    expect(result.button).toBe('rgb(235, 237, 240) rgb(28, 30, 33)');
    expect(result.columns).toEqual(['33% at y 0', '33% at y 0', '33% at y 0']);
    expect(result.title).toBe('center 32px');
    await page.close();
  });

  it("draws Infima's own parts a site's components use, and takes its CSS for Docusaurus's root element", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const parts = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      const button = document.querySelector('.button.fixed')!;
      const label = document.createRange();
      label.selectNodeContents(button);
      const lines = label.getClientRects().length;
      return {
        root: style('#__docusaurus').paddingTop,
        cleanButton: `${style('.clean-btn').backgroundColor} ${style('.clean-btn').borderTopStyle} ${style('.clean-btn').paddingTop} ${style('.clean-btn').cursor}`,
        alert: `${style('.alert').borderLeftWidth} ${style('.alert').borderLeftColor === style('.alert').backgroundColor ? 'same' : 'tinted'}`,
        alertColour: style('.alert').borderLeftColor,
        badge: `${style('.badge--primary').backgroundColor} ${style('.badge--primary').color}`,
        // A button narrower than its label keeps the label on one line, centred.
        button: `${lines} line ${style('.button.fixed').textAlign}`,
      };
    });
    expect(parts.root).toBe('3px');
    expect(parts.cleanButton).toBe('rgba(0, 0, 0, 0) none 0px pointer');
    expect(parts.alert).toBe('5px tinted');
    expect(parts.alertColour).not.toBe('rgb(0, 0, 0)');
    expect(parts.badge).toBe('rgb(46, 133, 85) rgb(255, 255, 255)');
    expect(parts.button).toBe('1 line center');
    await page.close();
  });

  it("draws the navbar's icon links, named for screen readers: one drawn by its class's CSS, one by its html", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const icons = await page.evaluate(() =>
      ['.navbar .header-github-link', '.navbar a[href="https://chat.example"]'].map((selector) => {
        const link = document.querySelector(selector);
        if (!link) return `${selector}: none`;
        const box = link.getBoundingClientRect();
        const navbar = document.querySelector('.navbar')!.getBoundingClientRect();
        const inside = box.top >= navbar.top && box.bottom <= navbar.bottom && box.right <= navbar.right;
        return `${link.getAttribute('aria-label')}: ${Math.round(box.width) > 0 && Math.round(box.height) > 0 && inside ? 'drawn in the navbar' : 'not drawn'}, text "${link.textContent}", ${link.querySelectorAll('svg').length} svg`;
      }),
    );
    expect(icons).toEqual(['GitHub repository: drawn in the navbar, text "", 0 svg', 'Chat: drawn in the navbar, text "", 1 svg']);
    expect(await page.locator('.navbar .header-github-link').evaluate((a) => getComputedStyle(a, '::before').backgroundColor)).toBe('rgb(36, 41, 47)');
    await page.close();
  });

  it("styles a doc's content by Docusaurus's class for it (theme-doc-markdown)", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/docs/intro`, { waitUntil: 'networkidle' });
    expect(await page.locator('article p', { hasText: 'Text.' }).evaluate((p) => getComputedStyle(p).letterSpacing)).toBe('2px');
    await page.close();
  });

  it('stacks the columns on a phone, and takes the dark brand colour in dark mode', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 800 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const result = await drawn(page);
    expect(result.hero).toBe('rgb(37, 194, 160) rgb(255, 255, 255)');
    expect(result.columns.map((c) => c.split(' ')[0])).toEqual(['100%', '100%', '100%']);
    expect(new Set(result.columns.map((c) => c.split(' at y ')[1])).size).toBe(3);
    await context.close();
  });
});
