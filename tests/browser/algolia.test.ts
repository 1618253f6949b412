import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useBuiltSite } from './browser.ts';

/** A site searching with Algolia DocSearch: configuration alone switches the provider. */
const site = useBuiltSite({
  'site.config.ts': `export default {
    title: 'Hosted', url: 'https://docs.example', trailingSlash: true,
    navbar: { items: [] },
    search: { provider: 'algolia', appId: 'TESTAPP', apiKey: 'public-search-key', indexName: 'coinvoy-docs' },
  };\n`,
  'docs/intro.md': '---\nslug: /\ntitle: Welcome\n---\n\nStart here.\n',
  'docs/wallets.md': '---\ntitle: Wallets\n---\n\nCreate wallets.\n\n## Withdraw\n\nWithdraw funds to your bank.\n',
});

/** What Algolia would answer for the wallets page's Withdraw section. */
function algoliaAnswer(query: string) {
  const hierarchy = { lvl0: 'Docs', lvl1: 'Wallets', lvl2: 'Withdraw', lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const mark = (value: string) => ({ value, matchLevel: 'full', matchedWords: [query] });
  const hit = {
    objectID: 'https://docs.example/wallets/#withdraw::content',
    type: 'content',
    hierarchy,
    content: 'Withdraw funds to your bank.',
    url: 'https://docs.example/wallets/#withdraw',
    url_without_anchor: 'https://docs.example/wallets/',
    anchor: 'withdraw',
    _highlightResult: { hierarchy: { lvl0: mark('Docs'), lvl1: mark('Wallets'), lvl2: mark('<mark>Withdraw</mark>') }, content: mark('<mark>Withdraw</mark> funds to your bank.') },
    _snippetResult: { hierarchy: { lvl0: mark('Docs'), lvl1: mark('Wallets'), lvl2: mark('<mark>Withdraw</mark>') }, content: mark('<mark>Withdraw</mark> funds to your bank.') },
  };
  return { results: [{ hits: [hit], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, exhaustiveNbHits: true, query, params: '', index: 'coinvoy-docs', processingTimeMS: 1 }] };
}

/**
 * A page whose requests to Algolia are answered in place, as Algolia would (there is no
 * internet here): the requests it sent, and the queries answered.
 */
async function pageAnsweredByAlgolia(): Promise<{ page: Page; sent: Request[]; answered: string[] }> {
  const page = await site.browser.newPage();
  const sent: Request[] = [];
  const answered: string[] = [];
  await page.route(/algolia(net)?\.(net|com)\//, async (route) => {
    const request = route.request();
    sent.push(request);
    const query = (request.postDataJSON() as { requests: { query: string }[] }).requests[0]!.query;
    answered.push(query);
    await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(algoliaAnswer(query)) });
  });
  return { page, sent, answered };
}

describe('Algolia provider', () => {
  it('builds no local index (the /search/ page stays, asking Algolia)', () => {
    expect(fs.readdirSync(path.join(site.dir, 'build/search'))).toEqual(['index.html']);
    expect(fs.existsSync(path.join(site.dir, 'build/wallets/index.html'))).toBe(true);
  });

  it('queries Algolia with the app id, search key, index and contextual facet filters, and shows its hits', async () => {
    const { page, sent, answered } = await pageAnsweredByAlgolia();
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.DocSearch-Input').pressSequentially('withdraw', { delay: 20 });
    await expect.poll(() => answered.includes('withdraw')).toBe(true);
    const last = sent.at(-1)!;
    const url = new URL(last.url());
    expect(url.hostname).toMatch(/^testapp/i);
    const auth = { ...Object.fromEntries(url.searchParams), ...last.headers() };
    expect(auth['x-algolia-application-id']).toBe('TESTAPP');
    expect(auth['x-algolia-api-key']).toBe('public-search-key');
    const [request] = (last.postDataJSON() as { requests: { indexName: string; facetFilters: (string | string[])[] }[] }).requests;
    expect(request!.indexName).toBe('coinvoy-docs');
    expect(request!.facetFilters[0]).toBe('language:en');
    expect(request!.facetFilters[1]).toEqual(expect.arrayContaining(['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']));
    // Algolia's absolute URL is followed within the site.
    const hit = page.locator('.DocSearch-Hit a').first();
    await expect.poll(() => hit.getAttribute('href')).toBe('/wallets/#withdraw');
    expect(await page.locator('.DocSearch-Hit mark').first().textContent()).toBe('Withdraw');
    expect(await page.locator('.DocSearch-Logo').isVisible()).toBe(true);
    await page.close();
  });

  it('serves the /search/ page from Algolia too', async () => {
    const { page, answered } = await pageAnsweredByAlgolia();
    await page.goto(`${site.url}/search/?q=withdraw`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('.search-page__count').textContent()).toBe('1 result');
    expect(answered).toContain('withdraw');
    expect(await page.locator('.search-page__result a').first().getAttribute('href')).toBe('/wallets/#withdraw');
    expect(await page.locator('.search-page__snippet mark').first().textContent()).toBe('Withdraw');
    await page.close();
  });

  it('exports the records Algolia needs, with absolute URLs and the DocSearch hierarchy', () => {
    const out = path.join(site.dir, 'records.json');
    const { code, stderr } = runCli(['export-search-records', site.dir, '--out', out]);
    expect(code, stderr).toBe(0);
    const records = JSON.parse(fs.readFileSync(out, 'utf8')) as { url: string; type: string; hierarchy: Record<string, string | null>; content: string | null; language: string; docusaurus_tag: string }[];
    const withdraw = records.find((r) => r.url === 'https://docs.example/wallets/#withdraw' && r.type === 'content')!;
    expect(withdraw).toMatchObject({ content: 'Withdraw funds to your bank.', language: 'en', docusaurus_tag: 'docs-default-current' });
    expect(withdraw.hierarchy).toMatchObject({ lvl1: 'Wallets', lvl2: 'Withdraw' });
    expect(records.every((r) => r.url.startsWith('https://docs.example/'))).toBe(true);
    expect(stderr).toMatch(/Wrote \d+ records of 2 pages/);
  });
});
