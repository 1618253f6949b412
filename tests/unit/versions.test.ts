import type { DocRoute } from '../../cli/graph/types.ts';
import { contentHtml, renderForPage } from '../helpers/contentHtml.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { formatDiagnostic } from '../../cli/report/diagnostic.ts';
import { resolveVersions } from '../../cli/config/versions.ts';
import { testConfig, writeTempSite } from '../helpers/memorySite.ts';
import type { UserConfig } from '../../cli/config/types.ts';
import { toPageData } from '../../cli/render/toPageData.ts';
import { siteDataOf } from '../../cli/render/siteOutputs.ts';
import { renderSitemap } from '../../cli/render/siteFiles.ts';
import { searchRecords } from '../../cli/search/records.ts';
import { contextualFacetFilters } from '../../runtime/search/searchClient.ts';
import { DevSite } from '../../cli/dev/devSite.ts';
import { ROOT } from '../helpers/cli.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/sites/versioned');
const quiet = createReporter({ quiet: true });

/** Docusaurus's form of a route (no trailing slash but at a version or category root), as routes.txt holds them. */
const docusaurusForm = (p: string) => (p === '/' ? p : p.replace(/\/$/, ''));

async function analyzeSite(dir: string) {
  const config = await loadConfig(dir);
  return analyze(config, { reporter: quiet });
}

describe('versioned docs (the versioned fixture)', () => {
  it('builds exactly the routes Docusaurus builds (routes.txt), each version at its path', async () => {
    const { graph, diagnostics } = await analyzeSite(fixture);
    expect(diagnostics.map(formatDiagnostic)).toEqual([]);
    const expected = fs.readFileSync(path.join(fixture, 'routes.txt'), 'utf8').trim().split('\n');
    // /search/ and /404.html are the generator's own pages (Docusaurus has a 404 page too, not a route).
    const ours = graph.routes.filter((r) => r.kind !== 'search' && r.kind !== 'not-found').map((r) => docusaurusForm(r.path)).sort();
    expect(ours).toEqual([...expected].sort());
  });

  it('labels, banners and badges each version as Docusaurus does', async () => {
    const { graph } = await analyzeSite(fixture);
    expect(graph.versions.map((v) => [v.name, v.label, v.path, v.isLast, v.banner, v.badge])).toEqual([
      ['current', 'Next', '/docs/next/', false, 'unreleased', true],
      ['2.0', '2.0', '/docs/', true, 'none', true],
      ['1.0', '1.0', '/docs/1.0/', false, 'unmaintained', true],
    ]);
    expect(graph.version.name).toBe('2.0');
  });

  it('resolves .md links within the file\'s version, and across versions by path', async () => {
    const { graph } = await analyzeSite(fixture);
    const html = (p: string) => contentHtml((graph.byPath.get(p) as DocRoute).document.content);
    expect(graph.fileRoutes.get('versioned_docs/version-2.0/guides/setup.md')).toBe('/docs/guides/setup/');
    expect(graph.fileRoutes.get('versioned_docs/version-1.0/legacy.md')).toBe('/docs/1.0/legacy/');
    expect(graph.fileRoutes.get('docs/intro.md')).toBe('/docs/next/intro/');
    // The link check found no broken link above; the rendered hrefs are checked in render tests.
    expect(html('/docs/guides/setup/')).toContain('legacy');
  });

  it('gives each version its own sidebars, read from versioned_sidebars (shorthand included)', async () => {
    const { graph } = await analyzeSite(fixture);
    expect(Object.keys(graph.sidebars).sort()).toEqual(['docs', 'docs@1.0', 'docs@current']);
    expect(graph.sidebars.docs!.map((i) => i.label)).toEqual(['Basics', 'Guides']);
    expect(graph.sidebars['docs@1.0']!.map((i) => [i.label, i.href])).toEqual([
      ['Introduction', '/docs/1.0/intro'],
      ['Legacy notes', '/docs/1.0/legacy'],
      ['Guides', '/docs/1.0/category/guides'],
    ]);
    const legacy = graph.byPath.get('/docs/1.0/legacy/');
    expect(legacy && 'sidebarId' in legacy && legacy.sidebarId).toBe('docs@1.0');
  });
});

describe('version options', () => {
  const options = (docs: UserConfig['docs']) => testConfig({ docs });
  const names = (docs: UserConfig['docs'], list: string[] | null = ['2.0', '1.0']) => resolveVersions(list, options(docs));

  it('builds only `current` without versions.json, at the docs base path, with a badge only when it names its release', () => {
    // Docusaurus shows no badge for a site's one version ("Version: Next" on every page of an unversioned site).
    expect(names({}, null).versions.map((v) => [v.name, v.routeBasePath, v.isLast, v.banner, v.badge])).toEqual([['current', '/', true, 'none', false]]);
    expect(names({ releaseLabel: '4.8.1' }, null).versions.map((v) => [v.name, v.badge])).toEqual([['current', true]]);
  });

  it('serves current at the base path with lastVersion: current, the others under their names or paths', () => {
    const { versions, issues } = names({ routeBasePath: 'docs', lastVersion: 'current', versions: { '1.0': { path: 'v1', label: 'One' } } });
    expect(issues).toEqual([]);
    expect(versions.map((v) => [v.name, v.label, v.routeBasePath, v.banner])).toEqual([
      ['current', 'Next', '/docs/', 'none'],
      ['2.0', '2.0', '/docs/2.0/', 'unmaintained'],
      ['1.0', 'One', '/docs/v1/', 'unmaintained'],
    ]);
  });

  it('keeps "current" where versions.json lists it, and leaves it out with includeCurrentVersion: false', () => {
    expect(names({}, ['2.0', 'current', '1.0']).versions.map((v) => v.name)).toEqual(['2.0', 'current', '1.0']);
    expect(names({ includeCurrentVersion: false }).versions.map((v) => [v.name, v.isLast])).toEqual([['2.0', true], ['1.0', false]]);
  });

  it('builds only onlyIncludeVersions, which must keep the last version', () => {
    expect(names({ onlyIncludeVersions: ['current', '2.0'] }).versions.map((v) => v.name)).toEqual(['current', '2.0']);
    expect(names({ onlyIncludeVersions: ['current', '1.0'] }).issues.map((i) => [i.configKey, i.code])).toEqual([['docs.onlyIncludeVersions', 'last-version-excluded']]);
  });

  it('names unknown versions in lastVersion, versions and onlyIncludeVersions with the key', () => {
    const { issues } = names({ lastVersion: '3.0', versions: { '0.9': { label: 'x' } }, onlyIncludeVersions: ['2.0', 'nope'] });
    expect(issues.map((i) => `${i.configKey}: ${i.message}`)).toEqual([
      'docs.versions.0.9: docs.versions.0.9 names the docs version "0.9", which does not exist.',
      'docs.onlyIncludeVersions.1: docs.onlyIncludeVersions.1 names the docs version "nope", which does not exist.',
      'docs.lastVersion: docs.lastVersion names the docs version "3.0", which does not exist.',
    ]);
  });

  it('reports a version whose folder is missing and a versions.json that is not a list of names', async () => {
    const site = writeTempSite({
      'site.config.ts': 'export default { title: "T" };\n',
      'docs/a.md': '# A\n',
      'versions.json': '["1.0"]',
    });
    const missing = await analyzeSite(site);
    expect(missing.diagnostics.map(formatDiagnostic)[0]).toMatch(/^versions\.json:1:1: versions\.json lists the version "1\.0", but its docs folder versioned_docs\/version-1\.0\/ does not exist\./);
    fs.writeFileSync(path.join(site, 'versions.json'), '["1/0"]');
    const bad = await analyzeSite(site);
    expect(bad.diagnostics.map((d) => d.code)).toEqual(['versions-file-invalid']);
    fs.rmSync(site, { recursive: true, force: true });
  });
});

describe('what pages, search and the sitemap get of versions', () => {
  it('gives each versioned page its version and its twins in the other versions', async () => {
    const { graph } = await analyzeSite(fixture);
    const config = await loadConfig(fixture);
    const page = (p: string) => toPageData(graph.byPath.get(p)!, graph, config, renderForPage);
    expect([page('/docs/guides/setup/').version, page('/docs/guides/setup/').versionLinks]).toEqual(['2.0', { current: '/docs/next/guides/setup', '1.0': '/docs/1.0/guides/setup' }]);
    expect([page('/docs/1.0/legacy/').version, page('/docs/1.0/legacy/').versionLinks]).toEqual(['1.0', {}]);
    expect(page('/docs/1.0/category/guides/').version).toBe('1.0');
    const site = siteDataOf(config, graph);
    expect(site.docs.versions.map((v) => [v.name, v.label, v.path, v.mainDocPath])).toEqual([
      ['current', 'Next', '/docs/next/', '/docs/next/intro'],
      ['2.0', '2.0', '/docs/', '/docs/intro'],
      ['1.0', '1.0', '/docs/1.0/', '/docs/1.0/intro'],
    ]);
  });

  it('facets search records by version and searches the page\'s version, else the preferred one, else the latest', async () => {
    const { graph } = await analyzeSite(fixture);
    const config = await loadConfig(fixture);
    const tags = new Map(searchRecords(graph, config).map((r) => [r.url.replace(/#.*/, ''), r.docusaurus_tag]));
    expect([tags.get('/docs/intro'), tags.get('/docs/next/intro'), tags.get('/docs/1.0/legacy')]).toEqual(['docs-default-2.0', 'docs-default-current', 'docs-default-1.0']);
    const site = siteDataOf(config, graph);
    const docsTag = (pathname: string) => (contextualFacetFilters(site, pathname)![1] as string[]).find((t) => t.includes(':docs-'));
    expect(docsTag('/docs/1.0/legacy/')).toBe('docusaurus_tag:docs-default-1.0');
    expect(docsTag('/docs/next/intro/')).toBe('docusaurus_tag:docs-default-current');
    expect(docsTag('/search/')).toBe('docusaurus_tag:docs-default-2.0');
  });

  it('lists every version\'s pages once in the sitemap, and none of a noIndex version', async () => {
    const { graph } = await analyzeSite(fixture);
    const config = await loadConfig(fixture);
    const locs = (g: typeof graph) => [...renderSitemap(g, siteDataOf(config, g), config.trailingSlash).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const all = locs(graph);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((u) => u.includes('/docs/1.0/'))).toHaveLength(4);
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'versioned-'));
    fs.cpSync(fixture, copy, { recursive: true });
    const configFile = path.join(copy, 'site.config.ts');
    fs.writeFileSync(configFile, fs.readFileSync(configFile, 'utf8').replace("routeBasePath: 'docs',", "routeBasePath: 'docs', versions: { '1.0': { noIndex: true } },"));
    const hidden = await analyzeSite(copy);
    const hiddenLocs = locs(hidden.graph);
    expect(hiddenLocs.filter((u) => u.includes('/docs/1.0/'))).toEqual([]);
    expect(hiddenLocs).toHaveLength(all.length - 4);
    fs.rmSync(copy, { recursive: true, force: true });
  });
});

describe('dev serves the versions build serves', () => {
  it('renders every version\'s pages, and a change in versioned_docs reads the site again', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'versioned-dev-'));
    fs.cpSync(fixture, copy, { recursive: true });
    const temp = path.join(ROOT, `node_modules/.cache/site-dev/versions-test-${process.pid}`);
    const dev = await DevSite.start(copy, temp);
    try {
      expect(['docs/intro/index.html', 'docs/next/intro/index.html', 'docs/1.0/legacy/index.html'].map((f) => dev.hasOutput(f))).toEqual([true, true, true]);
      const legacy = path.join(copy, 'versioned_docs/version-1.0/legacy.md');
      expect(dev.watchTargets(ROOT).find((t) => legacy.startsWith(t.path + path.sep))?.kind).toBe('config');
      fs.writeFileSync(legacy, '---\ntitle: Legacy notes, edited\n---\n\nText.\n');
      await dev.apply([{ kind: 'config', path: legacy }]);
      expect(String((await dev.output('docs/1.0/legacy/index.html'))?.body)).toContain('Legacy notes, edited');
    } finally {
      await dev.dispose();
      fs.rmSync(temp, { recursive: true, force: true });
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("the versions and locales dropdowns' own links", () => {
  it('lists the config\'s links before and after the versions and the locales (dropdownItemsBefore/After), as Docusaurus does, and checks them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versions-around-'));
    try {
      fs.cpSync(fixture, dir, { recursive: true });
      const config = fs.readFileSync(path.join(dir, 'site.config.ts'), 'utf8');
      const around = "{ type: 'docsVersionDropdown', position: 'right', dropdownItemsBefore: [{ label: 'Archive', href: 'https://archive.example/' }], dropdownItemsAfter: [{ label: 'All versions', to: '/versions' }] }";
      const locales = "{ type: 'localeDropdown', position: 'right', dropdownItemsAfter: [{ label: 'Help translate', href: 'https://translate.example/' }] }";
      fs.writeFileSync(path.join(dir, 'site.config.ts'), config.replace("{ type: 'docsVersionDropdown', position: 'right' }", `${around}, ${locales}`));
      fs.mkdirSync(path.join(dir, 'pages'));
      fs.writeFileSync(path.join(dir, 'pages/versions.md'), '# All versions\n');
      const { parse } = await import('node-html-parser');
      const { runCli } = await import('../helpers/cli.ts');
      const result = runCli(['build', dir]);
      expect(result.code, result.stderr).toBe(0);
      const page = parse(fs.readFileSync(path.join(dir, 'build/docs/intro/index.html'), 'utf8'));
      const menus = page.querySelectorAll('.navbar .dropdown__menu');
      expect(menus.map((menu) => menu.querySelectorAll('a').map((a) => `${a.textContent} ${a.getAttribute('href')}`))).toEqual([
        ['Archive https://archive.example/', 'Next /docs/next/intro', '2.0 /docs/intro', '1.0 /docs/1.0/intro', 'All versions /versions'],
        ['English /', 'Help translate https://translate.example/'],
      ]);
      // A link there that leads nowhere is a broken link of the config, as in the navbar.
      fs.rmSync(path.join(dir, 'pages/versions.md'));
      expect(runCli(['check', dir]).stderr).toContain('Broken link to "/versions"');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
