import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBuiltSite } from './browser.ts';

/**
 * A Docusaurus site themes itself through Infima's variables: its custom.css sets some
 * (text size, navbar, inline code, sidebar, link colours) and its own rules read others
 * (a border in `--ifm-color-emphasis-300`). Both are drawn as Docusaurus draws them, light
 * and dark; and its rules written against Infima's navbar model keep the items where
 * Docusaurus puts them (react-redux's `.navbar .navbar__items { flex: 1 1 auto }`).
 */
const site = useBuiltSite({
  'docusaurus.config.js': [
    "module.exports = { title: 'Vars', url: 'https://v.example', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/docs' }, theme: { customCss: './src/css/custom.css' } }]],",
    "  themeConfig: { navbar: { items: [{ to: '/docs/intro', label: 'Docs', position: 'right' }, { href: 'https://example.com', label: 'Site', position: 'right' }] } } };",
    '',
  ].join('\n'),
  'src/css/custom.css': [
    ':root {',
    '  --ifm-color-primary: #2e8555;',
    '  --ifm-font-size-base: 18px;',
    '  --ifm-code-font-size: 80%;',
    '  --ifm-menu-color-active: rgb(200, 0, 100);',
    '  --ifm-link-hover-color: rgb(10, 20, 30);',
    // The site's own names, which a theme's variables must not answer to.
    '  --color-primary: rgb(255, 0, 0); --color-border: rgb(255, 0, 0); --font: serif; --navbar-height: 200px; --radius: 50%;',
    '}',
    '.navbar .navbar__items { flex: 1 1 auto; }',
    // On the navbar itself, as prettier's custom.css sets it.
    '.navbar { --ifm-navbar-background-color: rgb(250, 240, 230); }',
    '.box { border: 2px solid var(--ifm-color-emphasis-300); padding: var(--ifm-pre-padding); border-radius: var(--ifm-global-radius); }',
    "html[data-theme='dark'] .hero.hero--primary { --ifm-hero-background-color: rgb(89, 61, 136); }",
    // Set where Infima reads them: on a section (its buttons take its colours), on the footer, on one button.
    '.yellow { --ifm-color-primary: rgb(248, 188, 69); --ifm-color-secondary: rgb(197, 150, 199); }',
    '.footer { --ifm-footer-background-color: rgb(32, 35, 42); }',
    '.dark-text { --ifm-button-color: rgb(28, 30, 33); }',
    '',
  ].join('\n'),
  'docs/intro.md': '# Intro\n\nSome `code` and [a link](./other.md).\n\n<div className="box">Boxed</div>\n\n## Part\n\nText.\n',
  'docs/other.md': '# Other\n\nMore.\n',
  'src/pages/index.jsx': [
    "import Layout from '@theme/Layout';",
    'export default function Home() {',
    '  return <Layout title="Home"><header className="hero hero--primary"><div className="container"><h1 className="hero__title">Vars</h1></div></header>',
    '    <section className="yellow"><a className="button button--primary dark-text" href="/docs/intro">Try</a> <a className="button button--secondary" href="/docs/other">Install</a> <a className="button button--outline button--primary" href="/docs/other">Outline</a></section></Layout>;',
    '}',
    '',
  ].join('\n'),
});

async function openIn(theme: 'light' | 'dark', path: string): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: theme });
  const page = await context.newPage();
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  return page;
}

const style = (page: Page, selector: string, property: string) => page.locator(selector).first().evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);

describe("a Docusaurus site's Infima variables", () => {
  it('that it sets size the text and colour the navbar, inline code, the sidebar and hovered links', async () => {
    const page = await openIn('light', '/docs/intro');
    expect(await style(page, 'article p', 'font-size')).toBe('18px');
    expect(await style(page, 'article p code', 'font-size')).toBe('14.4px');
    expect(await style(page, '.navbar', 'background-color')).toBe('rgb(250, 240, 230)');
    expect(await style(page, '.menu__link--active', 'color')).toBe('rgb(200, 0, 100)');
    await page.getByRole('link', { name: 'a link' }).hover();
    await expect.poll(() => style(page, 'article p a', 'color')).toBe('rgb(10, 20, 30)');
    await page.context().close();
  });

  it("named as the site likes do not restyle the theme (a site's --color-border or --font is its own)", async () => {
    const page = await openIn('light', '/docs/intro');
    expect(await style(page, '.navbar', 'height')).toBe('60px');
    expect(await style(page, '.theme-doc-sidebar-container', 'border-right-color')).not.toBe('rgb(255, 0, 0)');
    expect(await style(page, 'body', 'font-family')).not.toBe('serif');
    expect(await style(page, '.table-of-contents__link--active', 'color')).toBe('rgb(46, 133, 85)');
    await page.context().close();
  });

  it("that its own CSS reads are defined as Infima defines them, light and dark", async () => {
    const light = await openIn('light', '/docs/intro');
    expect(await style(light, '.box', 'border-top-color')).toBe('rgb(218, 221, 225)');
    // Infima's 1rem and 0.4rem, at the site's 18px.
    expect(await style(light, '.box', 'padding-top')).toBe('18px');
    expect(await style(light, '.box', 'border-top-left-radius')).toBe('7.2px');
    await light.context().close();
    const dark = await openIn('dark', '/docs/intro');
    expect(await style(dark, '.box', 'border-top-color')).toBe('rgb(96, 103, 112)');
    await dark.context().close();
  });

  it("keep the navbar's right items at its right edge under a rule written for Infima's model", async () => {
    const page = await openIn('light', '/docs/intro');
    const gap = await page.evaluate(() => {
      const inner = document.querySelector('.navbar__inner')!;
      const right = inner.getBoundingClientRect().right - parseFloat(getComputedStyle(inner).paddingRight);
      const last = document.querySelector('.navbar__items--right')!.lastElementChild!.getBoundingClientRect().right;
      return right - last;
    });
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(2);
    await page.context().close();
  });

  it('set on a section, a footer or a button, colour what is inside as Infima does', async () => {
    const page = await openIn('light', '/');
    const button = (name: string) => page.getByRole('link', { name, exact: true }).evaluate((el) => {
      const computed = getComputedStyle(el);
      return `${computed.backgroundColor} ${computed.borderTopColor} ${computed.color}`;
    });
    expect(await button('Try')).toBe('rgb(248, 188, 69) rgb(248, 188, 69) rgb(28, 30, 33)');
    expect(await button('Install')).toBe('rgb(197, 150, 199) rgb(197, 150, 199) rgb(28, 30, 33)');
    expect(await button('Outline')).toBe('rgba(0, 0, 0, 0) rgb(248, 188, 69) rgb(248, 188, 69)');
    expect(await style(page, '.footer', 'background-color')).toBe('rgb(32, 35, 42)');
    await page.context().close();
  });

  it("colour a hero by the site's rule for its variant, which sets Infima's hero variable in dark mode", async () => {
    const light = await openIn('light', '/');
    expect(await style(light, '.hero', 'background-color')).toBe('rgb(46, 133, 85)');
    await light.context().close();
    const dark = await openIn('dark', '/');
    expect(await style(dark, '.hero', 'background-color')).toBe('rgb(89, 61, 136)');
    await dark.context().close();
  });
});
