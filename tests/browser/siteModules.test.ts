import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';

/**
 * The Docusaurus modules a React page imports by name, alive in the browser: useColorMode
 * reads and sets the page's real colour mode (the navbar's switch follows), useHistory
 * pushes through the theme's client router, useLocation follows the address, and
 * usePrismTheme gives the code colours of the mode shown.
 */
const site = useBuiltSite({
  'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, paths: { pages: "src/pages" }, prism: { theme: "github", darkTheme: "dracula" } };\n',
  'docs/a.md': '---\nslug: /a\n---\n# Page A\n\nThe page pushed to.\n',
  'src/pages/tools.jsx': [
    "import Layout from '@theme/Layout';",
    "import { useHistory, useLocation } from '@docusaurus/router';",
    "import { useColorMode, usePrismTheme } from '@docusaurus/theme-common';",
    'export default function Tools() {',
    '  const { colorMode, setColorMode } = useColorMode();',
    '  const history = useHistory();',
    '  const code = usePrismTheme();',
    '  return (<Layout title="Tools">',
    '    <p id="mode">mode {colorMode}</p><p id="where">at {useLocation().pathname}</p>',
    '    <pre id="code" style={{ ...code.plain }}>code {code.plain.backgroundColor}</pre>',
    '    <button id="dark" onClick={() => setColorMode("dark")}>Dark</button>',
    '    <button id="go" onClick={() => history.push("/a/#top")}>Go</button>',
    '  </Layout>);',
    '}',
  ].join('\n'),
});

describe('Docusaurus modules in a React page, in the browser', () => {
  it('useColorMode shows the page\'s mode and sets it as the navbar switch does, usePrismTheme the code colours of that mode; useHistory navigates client-side', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(`${m.text()} ${m.location().url}`));
    await page.goto(`${site.url}/tools/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('#where').innerText()).toBe('at /tools/');
    expect(await page.locator('#mode').innerText()).toBe('mode light');
    const codeColours = () => page.locator('#code').evaluate((el) => [el.textContent, getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    // The light theme's (prism-react-renderer's github), drawn, then the dark one's (dracula) once the mode is dark.
    expect(await codeColours()).toEqual(['code #f6f8fa', 'rgb(246, 248, 250)', 'rgb(57, 58, 52)']);
    await page.locator('#dark').click();
    await expect.poll(() => page.locator('#mode').innerText()).toBe('mode dark');
    expect(await codeColours()).toEqual(['code #282A36', 'rgb(40, 42, 54)', 'rgb(248, 248, 242)']);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    // The navbar's switch follows and the choice is stored, as if it had been clicked.
    expect(await page.locator('button.color-mode-toggle').getAttribute('aria-label')).toContain('currently dark mode');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // A push is a client-side navigation: a marker on window survives it.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('#go').click();
    await expect.poll(() => page.locator('main h1').first().innerText()).toBe('Page A');
    expect(new URL(page.url()).pathname).toBe('/a/');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
