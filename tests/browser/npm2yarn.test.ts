import { describe, expect, it } from 'vitest';
import { useBuiltSite } from './browser.ts';

/**
 * Install commands marked `npm2yarn` (markdown.npm2yarn, Docusaurus's remark plugin) are
 * tabs a reader switches between; with `sync`, choosing Yarn in one block shows Yarn in
 * every block, and the choice is remembered on the next page load.
 */
const site = useBuiltSite(
  {
    'site.config.ts': `export default { title: 'Install', markdown: { npm2yarn: { sync: true, converters: ['yarn', 'pnpm'] } } };\n`,
    'docs/intro.md': '---\nslug: /\n---\n\n# Install\n\n```bash npm2yarn\nnpm install --save-dev jest\n```\n\nThen:\n\n```bash npm2yarn\nnpm run build\n```\n',
  },
  'serve',
);

/** The code a reader sees in each block: the text of its visible panel. */
const shown = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="tabpanel"]')].filter((p) => (p as HTMLElement).offsetHeight > 0).map((p) => p.querySelector('code')!.textContent!.trim()),
  );

describe('npm2yarn tabs', () => {
  it('show npm first; choosing Yarn in one block shows Yarn in both, and the choice is kept on reload', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    expect(await shown(page)).toEqual(['npm install --save-dev jest', 'npm run build']);
    await page.getByRole('tab', { name: 'Yarn' }).first().click();
    await expect.poll(() => shown(page)).toEqual(['yarn add --dev jest', 'yarn build']);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => shown(page)).toEqual(['yarn add --dev jest', 'yarn build']);
    await page.getByRole('tab', { name: 'pnpm' }).last().click();
    await expect.poll(() => shown(page)).toEqual(['pnpm add --save-dev jest', 'pnpm run build']);
    await page.close();
  });
});
