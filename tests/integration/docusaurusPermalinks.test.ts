import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type HTMLElement } from 'node-html-parser';
import { runCli } from '../helpers/cli.ts';

/**
 * The URLs a built site writes, on a Docusaurus-style fixture without `trailingSlash`
 * (tests/fixtures/sites/docusaurus-urls): Docusaurus writes each page's permalink
 * ("/docs/intro", a slash only for a folder's page) in the sitemap, canonical and og:url,
 * the sidebar, Markdown links, breadcrumbs, prev/next, listings and feeds, while the file
 * is still docs/intro/index.html (docusaurus-rules.md §3, §4, §6).
 */

const fixture = 'tests/fixtures/sites/docusaurus-urls';
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'permalinks-build-'));
let build: ReturnType<typeof runCli>;
const page = (route: string): HTMLElement => parse(fs.readFileSync(path.join(out, route, 'index.html'), 'utf8'));
const hrefs = (root: HTMLElement, selector: string) => root.querySelectorAll(selector).map((a) => a.getAttribute('href'));

beforeAll(() => {
  build = runCli(['build', fixture, '--out-dir', out]);
});
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('a Docusaurus site without trailingSlash', () => {
  it('builds', () => {
    expect(build.code, build.stderr).toBe(0);
  });

  it('lists every page in the sitemap at its permalink, as Docusaurus does', () => {
    const sitemap = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace('https://urls.example', ''));
    const expected = fs.readFileSync(path.join(fixture, 'routes.txt'), 'utf8').trim().split('\n');
    expect(locs.sort()).toEqual(expected.sort());
  });

  it('gives each page its permalink as canonical and og:url, from the folder its file is in', () => {
    const intro = page('docs/intro');
    expect(intro.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://urls.example/docs/intro');
    expect(intro.querySelector('meta[property="og:url"]')!.getAttribute('content')).toBe('https://urls.example/docs/intro');
    // A folder's page keeps its slash.
    expect(page('docs/guides').querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://urls.example/docs/guides/');
    expect(page('blog/2024/03/01/launch').querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://urls.example/blog/2024/03/01/launch');
  });

  it('writes permalinks in the sidebar, with the page drawn active', () => {
    const setup = page('docs/guides/setup');
    const sidebar = hrefs(setup, 'nav[aria-label="Docs sidebar"] a');
    expect(sidebar).toContain('/docs/intro');
    expect(sidebar).toContain('/docs/guides/');
    expect(sidebar).toContain('/docs/guides/setup');
    expect(sidebar).toContain('/docs/category/tutorials-guide');
    expect(sidebar.filter((h) => h?.endsWith('/') && h !== '/docs/' && h !== '/docs/guides/' && h !== '/docs/api/')).toEqual([]);
    expect(setup.querySelector('nav[aria-label="Docs sidebar"] a[aria-current="page"]')!.getAttribute('href')).toBe('/docs/guides/setup');
  });

  it('writes a Markdown link to a .md file as its permalink', () => {
    const content = hrefs(page('docs/intro'), '#__content a:not(.hash-link)');
    expect(content).toContain('/docs/api/api');
    expect(content).toContain('/docs/guides/setup#step-one');
  });

  it('writes permalinks in breadcrumbs and prev/next', () => {
    const setup = page('docs/guides/setup');
    expect(hrefs(setup, '.breadcrumbs a.breadcrumbs__link').filter((h) => h !== '/')).toEqual(['/docs/guides/']);
    const pagination = hrefs(setup, '.pagination-nav a');
    expect(pagination.length).toBeGreaterThan(0);
    for (const href of pagination) expect(href, 'a doc that is no folder has no slash').toMatch(/[^/]$|^\/docs\/(guides|api)?\/?$/);
    expect(pagination).toContain('/docs/guides/config');
  });

  it('writes post permalinks in the blog list, the post pages and the feeds', () => {
    expect(hrefs(page('blog'), '.blog-post__title a')).toContain('/blog/2024/03/01/launch');
    const rss = fs.readFileSync(path.join(out, 'blog/rss.xml'), 'utf8');
    expect(rss).toContain('<link>https://urls.example/blog/2024/03/01/launch</link>');
    expect(rss).not.toContain('/blog/2024/03/01/launch/');
  });
});
