import { describe, expect, it } from 'vitest';
import { pageErrors, useBuiltSite } from './browser.ts';

/**
 * A logo with no dark source is shown in both colour modes (as Docusaurus shows it); one
 * with `srcDark` shows each source in its mode, in the navbar and in the footer.
 */
const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="${fill}"/></svg>`;
const site = useBuiltSite({
  'docusaurus.config.js': [
    "module.exports = { title: 'L', url: 'https://l.example', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]],",
    "  themeConfig: { colorMode: { defaultMode: 'dark' },",
    "    navbar: { title: 'L', logo: { alt: 'Brand', src: 'img/logo.svg' } },",
    "    footer: { logo: { alt: 'Footer brand', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 32, height: 32 }, copyright: 'C' } } };",
    '',
  ].join('\n'),
  'docs/intro.md': '---\nslug: /\n---\n# Intro\n',
  'static/img/logo.svg': svg('#c00'),
  'static/img/logo-dark.svg': svg('#0c0'),
});

describe('logos', () => {
  it('without srcDark show in dark mode as in light; with it, each source in its mode', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = pageErrors(page);
    const shown = (selector: string) =>
      page.locator(selector).evaluateAll((images) => images.filter((img) => (img as HTMLImageElement).getBoundingClientRect().width > 0 && (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).map((img) => img.getAttribute('src')));
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await shown('.navbar__logo img')).toEqual(['/img/logo.svg']);
    expect(await shown('.footer__logo img')).toEqual(['/img/logo-dark.svg']);
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    expect(await shown('.navbar__logo img')).toEqual(['/img/logo.svg']);
    expect(await shown('.footer__logo img')).toEqual(['/img/logo.svg']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
