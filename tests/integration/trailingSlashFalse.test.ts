import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type HTMLElement } from 'node-html-parser';
import { runCli } from '../helpers/cli.ts';

/**
 * The Docusaurus URL fixture (tests/fixtures/sites/docusaurus-urls) built with
 * `trailingSlash: false`: Docusaurus takes the slash off every route but the root and
 * writes each page as "path.html" (`pathnameToFilename`, docusaurus-rules.md §6), so a
 * static host answers "/docs/intro" from docs/intro.html with no redirect. Its one
 * relative link is written for the folder form ("setup" from /docs/guides/), which
 * Docusaurus would resolve to /docs/setup here, so the copy writes it as "guides/setup".
 */

const fixture = 'tests/fixtures/sites/docusaurus-urls';
const site = fs.mkdtempSync(path.join(os.tmpdir(), 'slash-false-site-'));
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'slash-false-build-'));
let build: ReturnType<typeof runCli>;
const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');
const page = (file: string): HTMLElement => parse(read(file));
const hrefs = (root: HTMLElement, selector: string) => root.querySelectorAll(selector).map((a) => a.getAttribute('href'));
/** Docusaurus's route list for the fixture, as `trailingSlash: false` makes it. */
const routes = () =>
  fs.readFileSync(path.join(fixture, 'routes.txt'), 'utf8').trim().split('\n').map((r) => (r === '/' ? r : r.replace(/\/$/, '')));

function htmlFiles(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
    const file = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return ['assets', 'page-data', 'search'].includes(file) ? [] : htmlFiles(dir, file);
    return file.endsWith('.html') ? [file] : [];
  });
}

beforeAll(() => {
  fs.cpSync(fixture, site, { recursive: true });
  const config = path.join(site, 'site.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("title: 'Docusaurus URLs',", "title: 'Docusaurus URLs',\n  trailingSlash: false,"));
  const guides = path.join(site, 'docs/01-guides/01-guides.md');
  fs.writeFileSync(guides, fs.readFileSync(guides, 'utf8').replace('[setup](setup)', '[setup](guides/setup)'));
  build = runCli(['build', site, '--out-dir', out]);
});
afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true });
  fs.rmSync(out, { recursive: true, force: true });
});

describe('a Docusaurus site with trailingSlash: false', () => {
  it('builds', () => {
    expect(build.code, build.stderr).toBe(0);
  });

  it('writes each page as path.html, the root as index.html and the 404 page as 404.html', () => {
    const expected = routes().map((r) => (r === '/' ? 'index.html' : `${r.slice(1)}.html`));
    expect(htmlFiles(out).sort()).toEqual([...expected, '404.html', 'search.html'].sort());
    // Category pages and the docs home are files beside their folders, not their index.html.
    expect(fs.existsSync(path.join(out, 'docs/guides.html'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'docs.html'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'docs/guides/index.html'))).toBe(false);
  });

  it('lists every page in the sitemap without its slash, as Docusaurus does', () => {
    const locs = [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace('https://urls.example', ''));
    expect(locs.sort()).toEqual(routes().sort());
  });

  it('gives each page its slash-less URL as canonical and og:url', () => {
    const guides = page('docs/guides.html');
    expect(guides.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://urls.example/docs/guides');
    expect(guides.querySelector('meta[property="og:url"]')!.getAttribute('content')).toBe('https://urls.example/docs/guides');
    expect(page('docs/intro.html').querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://urls.example/docs/intro');
    expect(page('index.html').querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://urls.example/');
  });

  it('writes no link to a page with its slash: sidebar, breadcrumbs, prev/next, Markdown links, navbar, blog', () => {
    const setup = page('docs/guides/setup.html');
    const sidebar = hrefs(setup, 'nav[aria-label="Docs sidebar"] a');
    expect(sidebar).toContain('/docs/intro');
    expect(sidebar).toContain('/docs/guides');
    expect(sidebar).toContain('/docs/category/tutorials-guide');
    expect(setup.querySelector('nav[aria-label="Docs sidebar"] a[aria-current="page"]')!.getAttribute('href')).toBe('/docs/guides/setup');
    expect(hrefs(setup, '.breadcrumbs a.breadcrumbs__link').filter((h) => h !== '/')).toEqual(['/docs/guides']);
    expect(hrefs(page('docs/guides.html'), '#__content a:not(.hash-link)')).toContain('/docs/guides/setup');
    expect(hrefs(page('docs/intro.html'), '#__content a:not(.hash-link)')).toContain('/docs/guides/setup#step-one');
    expect(hrefs(page('blog.html'), '.blog-post__title a')).toContain('/blog/2024/03/01/launch');
    expect(hrefs(page('blog.html'), 'a.blog-sidebar__archive')).toEqual(['/blog/archive']);
    expect(hrefs(setup, 'a.navbar__search')).toEqual(['/search']);
    // Every internal link on every page: none ends with a slash but the root.
    for (const file of htmlFiles(out)) {
      const slashed = page(file).querySelectorAll('a[href], link[rel="canonical"]').map((a) => a.getAttribute('href')!).filter((h) => /^\/[^/].*\/([?#].*)?$/.test(h));
      expect(slashed, file).toEqual([]);
    }
  });

  it('writes the blog page and posts without the slash in the feeds, and search records at the pages\' URLs', () => {
    const rss = read('blog/rss.xml');
    expect(rss).toContain('<link>https://urls.example/blog</link>');
    expect(rss).toContain('<link>https://urls.example/blog/2024/03/01/launch</link>');
    const shards = fs.readdirSync(path.join(out, 'search')).filter((f) => f.startsWith('shard-'));
    const urls = shards.flatMap((f) => (JSON.parse(read(`search/${f}`)) as { pages: [string][] }).pages.map((p) => p[0]));
    expect(urls).toContain('/docs/intro');
    expect(urls).toContain('/docs/guides');
    expect(urls.filter((u) => u !== '/' && u.endsWith('/'))).toEqual([]);
  });

  // Last: it changes the site.
  it('rebuilds an edited page in its .html file, leaves the others, and removes a deleted page\'s file', () => {
    const mtime = (file: string) => fs.statSync(path.join(out, file)).mtimeMs;
    const rest = mtime('docs/rest.html');
    fs.appendFileSync(path.join(site, 'docs/01-intro.md'), '\nEdited for the rebuild.\n');
    const edited = runCli(['build', site, '--out-dir', out]);
    expect(edited.code, edited.stderr).toBe(0);
    expect(read('docs/intro.html')).toContain('Edited for the rebuild.');
    expect(mtime('docs/rest.html'), 'an unchanged page is left as it was').toBe(rest);
    fs.rmSync(path.join(site, 'docs/003 - spaced.md'));
    const removed = runCli(['build', site, '--out-dir', out]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(fs.existsSync(path.join(out, 'docs/spaced.html'))).toBe(false);
    expect(fs.existsSync(path.join(out, 'docs/intro.html'))).toBe(true);
  });

  it('reports a static x.html that a page would overwrite', () => {
    fs.mkdirSync(path.join(site, 'static/docs'), { recursive: true });
    fs.writeFileSync(path.join(site, 'static/docs/rest.html'), '<p>static</p>\n');
    const clash = runCli(['build', site, '--out-dir', out]);
    fs.rmSync(path.join(site, 'static/docs'), { recursive: true });
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('"static/docs/rest.html"');
  });
});
