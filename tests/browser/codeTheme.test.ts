import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';

/** A site's code colours (config `prism`: a theme object for light mode, a prism-react-renderer theme by name for dark), as drawn. */
const site = useBuiltSite(
  {
    'site.config.ts': `export default {
  title: 'Colours',
  trailingSlash: true,
  prism: {
    theme: { plain: { color: '#112233', backgroundColor: '#fdfaeb' }, styles: [{ types: ['keyword'], style: { color: '#aa0000', fontWeight: 'bold' } }] },
    darkTheme: 'dracula',
  },
};
`,
    'docs/intro.md': '---\nslug: /\n---\n\n# Code\n\n```js\nconst greeting = "hello";\n```\n',
  },
  'serve',
);

describe('code colours from the config', () => {
  it("draws the light theme's background and token colours, a type it leaves out in its plain colour, and the dark theme in dark mode", async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const drawn = () =>
      page.evaluate(() => {
        const block = document.querySelector('.theme-code-block')!;
        const style = (selector: string) => getComputedStyle(block.querySelector(selector)!);
        return { background: getComputedStyle(block).backgroundColor, keyword: style('.token.keyword').color, weight: style('.token.keyword').fontWeight, string: style('.token.string').color };
      });
    expect(await drawn()).toEqual({ background: 'rgb(253, 250, 235)', keyword: 'rgb(170, 0, 0)', weight: '700', string: 'rgb(17, 34, 51)' });
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('dark');
    // Dracula's colours, as its object in prism-react-renderer gives them.
    const dracula = (await import('prism-react-renderer')).themes.dracula;
    const hex = (value: string) => `rgb(${[1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)).join(', ')})`;
    const keyword = dracula.styles.filter((s) => s.types.includes('keyword')).at(-1)!.style.color!;
    expect((await drawn()).background).toBe(hex(dracula.plain.backgroundColor!));
    expect((await drawn()).keyword).toBe(keyword.startsWith('#') ? hex(keyword) : keyword);
    await page.close();
  });
});
