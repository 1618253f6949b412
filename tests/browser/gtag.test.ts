import { describe, expect, it } from 'vitest';
import { pageErrors, useBuiltSite } from './browser.ts';

/**
 * Google Analytics (config `gtag`, Docusaurus's gtag plugin): the first load is counted by
 * gtag.js itself; each page a reader moves to without a load (a link, back, a #hash) is
 * sent as a page view with its path, as Docusaurus's plugin sends it.
 */
const site = useBuiltSite(
  {
    'site.config.ts': `export default { title: 'Counted', trailingSlash: true, gtag: { trackingID: 'G-TEST1' } };\n`,
    'docs/intro.md': '---\nslug: /\n---\n\n# Intro\n\nOn to [the guide](./guide.md).\n\n## Part\n\nJump [to part](#part).\n',
    'docs/guide.md': '# Guide\n\nText.\n',
  },
  'serve',
);

describe('gtag', () => {
  it('sends a page view with the new path for each move within the site, none for the first load', async () => {
    const page = await site.browser.newPage();
    const errors = pageErrors(page);
    // No network here: gtag.js is answered with nothing, as a blocker would leave it.
    const asked: string[] = [];
    await page.route('https://www.googletagmanager.com/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    expect(asked).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1']);
    const views = () =>
      page.evaluate(() => {
        const calls = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((args) => [...args]);
        return calls.flatMap((call, i) => (call[0] === 'event' && call[1] === 'page_view' ? [String((calls[i - 1] as unknown[])[2])] : []));
      });
    expect(await views()).toEqual([]);
    await page.getByRole('link', { name: 'the guide' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Guide');
    await expect.poll(views).toEqual(['/guide/']);
    await page.goBack();
    await expect.poll(views).toEqual(['/guide/', '/']);
    await page.getByRole('link', { name: 'to part', exact: true }).click();
    await expect.poll(views).toEqual(['/guide/', '/', '/#part']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
