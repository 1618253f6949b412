import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDevSite } from './browser.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** dev renders a page when it is asked for: one that cannot render is answered with why, and the server goes on. */
const site = writeTempSite({
  'docs/intro.md': '---\nslug: /\n---\n# Welcome\n\nHello.\n',
  'docs/broken.mdx': "---\ntitle: Broken\n---\nimport Boom from '@site/src/components/Boom';\n\n# Broken\n\n<Boom />\n",
  'src/components/Boom.jsx': "export default function Boom() {\n  throw new Error('Boom does not render');\n}\n",
});
const dev = useDevSite(site);

describe('dev with a page that cannot render', () => {
  it('starts, serves the other pages, answers that page with its problem, and shows the page once its file is fixed', async () => {
    expect((await fetch(`${dev.url}/`)).status).toBe(200);
    const response = await fetch(`${dev.url}/broken/`);
    expect(response.status).toBe(500);
    const page = await dev.browser.newPage();
    await page.goto(`${dev.url}/broken/`);
    expect(await page.locator('h1').first().textContent()).toBe('This page could not be rendered');
    const overlay = page.getByRole('alert');
    await expect.poll(() => overlay.textContent(), { timeout: 10_000 }).toMatch(/Boom does not render/);
    expect(await overlay.isVisible()).toBe(true);
    expect(await page.locator('pre').first().isVisible()).toBe(true);
    fs.writeFileSync(path.join(site, 'docs/broken.mdx'), '# Broken no more\n\nFixed.\n');
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('Broken no more');
    await page.close();
  });
});
