import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDevSite } from './browser.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** dev started on a site whose first build has errors: no page can be built, and the reader is told why, not "Not found". */
// Two docs claim one address: an error in dev too.
const site = writeTempSite({ 'docs/a.md': '---\nslug: /same\n---\n# Page A\n', 'docs/b.md': '---\nslug: /same\n---\n# Page B\n' });
const dev = useDevSite(site);

describe('dev on a site with errors from the start', () => {
  it('answers a page with the errors in the overlay, and shows the page once they are fixed', async () => {
    const response = await fetch(`${dev.url}/same/`);
    expect(response.status).toBe(503);
    // What is not a page is still not found.
    expect((await fetch(`${dev.url}/no-such-file.png`)).status).toBe(404);
    const page = await dev.browser.newPage();
    await page.goto(`${dev.url}/same/`);
    const overlay = page.getByRole('alert');
    await expect.poll(() => overlay.textContent(), { timeout: 10_000 }).toMatch(/claim the route \/same\//);
    expect(await overlay.isVisible()).toBe(true);
    expect(await page.locator('h1').first().textContent()).toBe('The site has errors');
    fs.writeFileSync(path.join(site, 'docs/b.md'), '---\nslug: /other\n---\n# Page B\n');
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('Page A');
    await page.close();
  });
});
