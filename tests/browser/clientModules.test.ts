import { describe, expect, it } from 'vitest';
import { pageErrors, useBuiltSite } from './browser.ts';

/** Docusaurus's clientModules: stylesheets join the site's; scripts run in the browser and hear of each move to a page. */
const site = useBuiltSite({
  'docusaurus.config.js': `module.exports = {
  title: 'Modules',
  url: 'https://modules.example',
  baseUrl: '/',
  clientModules: [require.resolve('./src/clientModules/track.js'), './src/css/extra.css'],
  presets: [['classic', { docs: { sidebarPath: false, routeBasePath: '/' }, blog: false }]],
};
`,
  'src/clientModules/track.js': [
    "import './track.css';",
    'const log = (line) => (window.__log ??= []).push(line);',
    'export function onRouteUpdate({ location, previousLocation }) {',
    '  log(`update ${location.pathname}${location.hash} from ${previousLocation ? previousLocation.pathname : null}`);',
    "  return () => log('update done');",
    '}',
    'export function onRouteDidUpdate({ location, previousLocation }) {',
    '  log(`did ${location.pathname}${location.hash} from ${previousLocation ? previousLocation.pathname : null}`);',
    '}',
    "if (typeof document !== 'undefined') document.documentElement.dataset.tracked = 'yes';",
    '',
  ].join('\n'),
  'src/clientModules/track.css': 'article { outline: 2px solid rgb(4, 5, 6); }\n',
  'src/css/extra.css': '.navbar { border-bottom: 3px solid rgb(1, 2, 3); }\n',
  'docs/home.md': '---\nslug: /\n---\n# Home\n\nGo [next](next.md).\n',
  'docs/next.md': '# Next\n\n## Part\n\nBack [home](home.md), or to [the part](#part).\n',
});

describe('client modules', () => {
  it('draws their stylesheets, runs their scripts, and calls onRouteUpdate and onRouteDidUpdate for the first page and each move', async () => {
    const page = await site.browser.newPage();
    const errors = pageErrors(page);
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const drawn = await page.evaluate(() => ({
      navbar: getComputedStyle(document.querySelector('.navbar')!).borderBottom,
      article: getComputedStyle(document.querySelector('article')!).outline,
      tracked: document.documentElement.dataset.tracked,
    }));
    expect(drawn).toEqual({ navbar: '3px solid rgb(1, 2, 3)', article: 'rgb(4, 5, 6) solid 2px', tracked: 'yes' });
    const log = () => page.evaluate(() => (window as unknown as { __log?: string[] }).__log ?? []);
    await expect.poll(log).toEqual(['update / from null', 'update done', 'did / from null']);
    await page.getByRole('link', { name: 'next' }).click();
    await page.waitForURL(/\/next\/?$/);
    const next = new URL(page.url()).pathname;
    await expect.poll(log).toEqual(['update / from null', 'update done', 'did / from null', `update ${next} from /`, 'update done', `did ${next} from /`]);
    await page.getByRole('link', { name: 'the part' }).click();
    await expect.poll(async () => (await log()).slice(6)).toEqual([`update ${next}#part from ${next}`, 'update done', `did ${next}#part from ${next}`]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
