import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** The search page's path (`search.pagePath`, Docusaurus's `themeConfig.algolia.searchPagePath`): its route, and what the navbar's search entry links to. */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function built(search: string): { out: string; navbarSearch: string } {
  const dir = writeTempSite({
    'site.config.mjs': `export default { title: 'T', url: 'https://t.example', search: ${search} };\n`,
    'docs/intro.md': '# Intro\n\nSome text.\n',
  });
  dirs.push(dir);
  const { code, stderr } = runCli(['build', dir]);
  expect(stderr).not.toMatch(/error/i);
  expect(code).toBe(0);
  const out = path.join(dir, 'build');
  const html = fs.readFileSync(path.join(out, 'intro/index.html'), 'utf8');
  return { out, navbarSearch: html.match(/<a[^>]*class="navbar__search"[^>]*>/)![0] };
}

describe('the search page path', () => {
  it('is /search/ by default', () => {
    const { out, navbarSearch } = built("{ provider: 'local' }");
    expect(fs.existsSync(path.join(out, 'search/index.html'))).toBe(true);
    expect(navbarSearch).toContain('href="/search/"');
  });

  it('is where search.pagePath says, and the navbar links there', () => {
    const { out, navbarSearch } = built("{ provider: 'local', pagePath: 'docs/find' }");
    expect(fs.existsSync(path.join(out, 'docs/find/index.html'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'search/index.html'))).toBe(false);
    expect(navbarSearch).toContain('href="/docs/find/"');
    expect(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).not.toContain('/docs/find/');
  });

  it('false: no search page, and the search entry is a button that links nowhere', () => {
    const { out, navbarSearch } = built("{ provider: 'local', pagePath: false }");
    expect(fs.existsSync(path.join(out, 'search/index.html'))).toBe(false);
    expect(navbarSearch).not.toContain('href=');
    expect(navbarSearch).toContain('role="button"');
    expect(navbarSearch).toContain('tabindex="0"');
  });

  it("a path a page or the generator's own files take is an error that names the setting", () => {
    for (const [pagePath, said] of [
      ['intro', /2 pages claim the route \/intro\/: "docs\/intro\.md", "\(generated search page\)"\.\n\s+Give the page a different "slug", or search\.pagePath/],
      ['assets', /site\.config\.mjs: The search page's route \/assets\/ is inside \/assets\/, which the generator uses for its own files\.\n\s+Give search\.pagePath/],
    ] as const) {
      const dir = writeTempSite({ 'site.config.mjs': `export default { title: 'T', search: { provider: 'local', pagePath: '${pagePath}' } };\n`, 'docs/intro.md': '# Intro\n' });
      dirs.push(dir);
      const { code, stderr } = runCli(['build', dir]);
      expect(code).toBe(1);
      expect(stderr).toMatch(said);
    }
  });

  it('a path that is not one under the base URL is an error at its key', () => {
    const dir = writeTempSite({ 'site.config.mjs': "export default { title: 'T', search: { provider: 'local', pagePath: '../up' } };\n", 'docs/intro.md': '# Intro\n' });
    dirs.push(dir);
    const { code, stderr } = runCli(['build', dir]);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/search\.pagePath/);
    expect(stderr).toMatch(/must be a path under the base URL/);
  });
});
