import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { toSiteData } from '../../cli/render/siteData.ts';
import type { DocRoute } from '../../cli/graph/types.ts';
import { searchRecords } from '../../cli/search/records.ts';
import { contextualFacetFilters } from '../../runtime/search/searchClient.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { formatDiagnostic } from '../../cli/report/diagnostic.ts';

const quiet = createReporter({ quiet: true });
const site = path.resolve(import.meta.dirname, '../fixtures/sites/docusaurus-docs-plugins');

async function analyzed() {
  const config = await loadConfig(site);
  const { graph, diagnostics } = await analyze(config, { reporter: quiet });
  return { config, graph, diagnostics };
}

describe('a Docusaurus site with a second docs plugin (id "community")', () => {
  it('builds exactly the routes Docusaurus builds, with no warning about the plugin', async () => {
    const { graph, diagnostics } = await analyzed();
    const expected = fs.readFileSync(path.join(site, 'docusaurus-routes.txt'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    const routes = graph.routes.map((r) => r.path).filter((p) => p !== '/search/' && p !== '/404.html').sort();
    expect(routes).toEqual(expected);
    expect(diagnostics).toEqual([]);
  });

  it('gives each instance its own doc ids, sidebars and versions', async () => {
    const { graph } = await analyzed();
    const doc = (p: string) => graph.byPath.get(p) as DocRoute;
    // Both instances have a doc "intro"; each is its instance's own.
    expect(doc('/docs/intro/').doc.id).toBe('intro');
    expect(doc('/community/intro/').doc.id).toBe('intro');
    expect(doc('/community/intro/').docsPluginId).toBe('community');
    expect(doc('/docs/intro/').docsPluginId).toBeUndefined();
    expect(doc('/docs/intro/').sidebarId).toBe('docs');
    expect(doc('/community/team/').sidebarId).toBe('community~community');
    expect(doc('/community/next/team/').sidebarId).toBe('community~community@current');
    expect(doc('/community/next/team/').versionLinks).toEqual({ '1.0': '/community/team/' });
    expect(doc('/docs/intro/').next).toEqual({ label: 'Guide', href: '/docs/guide/' });
    expect(doc('/community/intro/').next).toEqual({ label: 'Team 1.0', href: '/community/team/' });
    expect(graph.docsPlugins.map((p) => [p.pluginId, p.versions.map((v) => `${v.name} ${v.path}${v.isLast ? ' (last)' : ''}`)])).toEqual([
      ['default', ['current /docs/ (last)']],
      ['community', ['current /community/next/', '1.0 /community/ (last)']],
    ]);
  });

  it('reads each instance\'s own tags.yml', async () => {
    const { graph } = await analyzed();
    const tags = (p: string) => (graph.byPath.get(p) as DocRoute).tags.map((t) => `${t.label} ${t.permalink}`);
    expect(tags('/docs/guide/')).toEqual(['Start here /docs/tags/start/']);
    expect(tags('/community/next/intro/')).toEqual(['Getting help /community/next/tags/support/']);
  });

  it('resolves Markdown links within the instance that owns the file', async () => {
    const { graph } = await analyzed();
    const links = (p: string) => (graph.byPath.get(p) as DocRoute).document.links.filter((l) => l.file).map((l) => graph.fileRoutes.get(l.candidates?.find((c) => graph.fileRoutes.has(c)) ?? l.file!));
    expect(links('/docs/guide/')).toEqual(['/docs/intro/']);
    expect(links('/community/next/team/')).toEqual(['/community/next/intro/']);
    expect(links('/community/team/')).toEqual(['/community/intro/']);
  });

  it('points navbar items with docsPluginId into that instance', async () => {
    const { config, graph } = await analyzed();
    const items = toSiteData(config, graph, 'test').navbar.items.map((i) => ('to' in i ? `${i.label} → ${i.to}` : i.type));
    expect(items).toEqual(['Docs → /docs/intro/', 'Community → /community/intro/', 'Team → /community/team/', 'docsVersionDropdown', 'search']);
  });

  it('tags search records per instance and version, and searches each instance\'s own version', async () => {
    const { config, graph } = await analyzed();
    const tagOf = (url: string) => searchRecords(graph, config).find((r) => r.url === url && r.type === 'lvl1')?.docusaurus_tag;
    expect(tagOf('/docs/intro/')).toBe('docs-default-current');
    expect(tagOf('/community/intro/')).toBe('docs-community-1.0');
    expect(tagOf('/community/next/intro/')).toBe('docs-community-current');
    const site = toSiteData(config, graph, 'test');
    expect(site.search.tags).toEqual(['default', 'docs-default-current', 'docs-community-1.0', 'blog-posts-default']);
    const docsTags = (pathname: string) => (contextualFacetFilters(site, pathname)![1] as string[]).filter((t) => t.includes(':docs-'));
    // On a page of the community's next version, its records are searched (and the default docs' only version).
    expect(docsTags('/community/next/team/')).toEqual(['docusaurus_tag:docs-default-current', 'docusaurus_tag:docs-community-current']);
    expect(docsTags('/docs/intro/')).toEqual(['docusaurus_tag:docs-default-current', 'docusaurus_tag:docs-community-1.0']);
  });

  it('gives the browser each instance\'s versions, and its pages their instance', async () => {
    const { config, graph } = await analyzed();
    const site = toSiteData(config, graph, 'test');
    expect(site.docs.pluginId).toBe('default');
    expect(site.docsPlugins?.map((d) => [d.pluginId, d.versionPath, d.versions.map((v) => `${v.label} ${v.path} ${v.banner}`)])).toEqual([
      ['community', '/community/intro/', ['Next /community/next/ unreleased', '1.0 /community/ none']],
    ]);
    expect(site.navbar.items.find((i) => i.type === 'docsVersionDropdown')).toMatchObject({ docsPluginId: 'community' });
  });

  it('reports a .md link into another docs plugin as broken, as Docusaurus does, with the URL to use', async () => {
    const dir = writeTempSite({
      'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { blog: false, pages: false }]], plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community' }]] };`,
      'docs/intro.md': '# Intro\n',
      'community/a.md': '# A\n\nSee [the intro](../docs/intro.md).\n',
    });
    try {
      const config = await loadConfig(dir);
      const { diagnostics } = await analyze(config, { reporter: quiet });
      expect(diagnostics.map((d) => formatDiagnostic(d).split('\n').slice(0, 2).join(' | '))).toEqual([
        'community/a.md:3:5: Broken link to "../docs/intro.md": that file is a doc of another docs plugin ("default"), and a link to a .md file finds only docs of the plugin the linking file belongs to (as in Docusaurus). |   Link to its URL instead: "/docs/intro/".',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the same instance in the native config (docsPlugins), and refuses an instance named "default"', async () => {
    const dir = writeTempSite({
      'site.config.ts': `export default { title: 'T', trailingSlash: true, docs: { routeBasePath: '/docs', sidebars: { docs: ['a'] } }, paths: { blog: false, pages: false },
        docsPlugins: [{ pluginId: 'community', path: 'community', routeBasePath: '/community', sidebars: { c: ['x'] } }],
        navbar: { items: [{ type: 'docSidebar', sidebarId: 'c', docsPluginId: 'community', label: 'C' }] } };`,
      'docs/a.md': '# A\n\n[x](/community/x/)\n',
      'community/x.md': '# X\n\n[a](/docs/a/)\n',
      'community_versions.json': '[]',
    });
    try {
      const config = await loadConfig(dir);
      const { graph, diagnostics } = await analyze(config, { reporter: quiet });
      expect(diagnostics.map((d) => d.message)).toEqual([]);
      expect(graph.routes.map((r) => r.path).sort()).toEqual(['/404.html', '/community/x/', '/docs/a/', '/search/']);
      expect(toSiteData(config, graph, 'test').navbar.items[0]).toMatchObject({ to: '/community/x/' });
      fs.writeFileSync(path.join(dir, 'site.config.ts'), `export default { title: 'T', docsPlugins: [{ pluginId: 'default', path: 'community', routeBasePath: '/c' }] };`);
      await expect(loadConfig(dir)).rejects.toThrow(/docsPlugins\.0\.pluginId.*must not be "default"/s);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports an unknown doc id in the second plugin\'s sidebars file at its line there, with that plugin\'s ids', async () => {
    const dir = writeTempSite({
      'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { blog: false, pages: false, docs: { sidebarPath: './sidebars.js' } }]], plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community', sidebarPath: './sidebarsCommunity.js' }]] };`,
      'sidebars.js': `module.exports = { docs: ['intro'] };`,
      'sidebarsCommunity.js': `module.exports = {\n  community: [\n    'team',\n    'intro',\n  ],\n};`,
      'docs/intro.md': '# Intro\n',
      'community/teams.md': '# Teams\n',
    });
    try {
      const config = await loadConfig(dir);
      const { diagnostics } = await analyze(config, { reporter: quiet });
      expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.hint}`)).toEqual([
        'sidebarsCommunity.js:3 unknown-doc-id Did you mean "teams"? Available doc ids: "teams".',
        'sidebarsCommunity.js:4 unknown-doc-id Available doc ids: "teams".',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds nothing of the preset\'s docs when they are off, and takes a docs plugin without id as the site\'s docs then', async () => {
    const config = (plugins: string) => `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: false, blog: false, pages: false }]], plugins: [${plugins}] };`;
    const dir = writeTempSite({
      'docusaurus.config.js': config(`['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community' }]`),
      'docs/a.md': '# A\n',
      'guides/g.md': '# G\n',
      'community/c.md': '# C\n',
    });
    const routes = async () => {
      const { graph, diagnostics } = await analyze(await loadConfig(dir), { reporter: quiet });
      expect(diagnostics).toEqual([]);
      return graph.routes.map((r) => r.path).filter((p) => p !== '/search/' && p !== '/404.html').sort();
    };
    try {
      expect(await routes()).toEqual(['/community/c/']);
      fs.writeFileSync(path.join(dir, 'docusaurus.config.js'), config(`['@docusaurus/plugin-content-docs', { path: 'guides', routeBasePath: 'guides' }], ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community' }]`));
      expect(await routes()).toEqual(['/community/c/', '/guides/g/']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads displayed_sidebar among the sidebars of the doc\'s own plugin', async () => {
    const dir = writeTempSite({
      'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { blog: false, pages: false, docs: { sidebarPath: './sidebars.js' } }]], plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community', sidebarPath: './sidebarsCommunity.js' }]] };`,
      'sidebars.js': `module.exports = { docs: ['a'] };`,
      'sidebarsCommunity.js': `module.exports = { people: ['c'], extra: ['d'] };`,
      'docs/a.md': '---\ndisplayed_sidebar: extra\n---\n# A\n',
      'community/c.md': '# C\n',
      'community/d.md': '---\ndisplayed_sidebar: people\n---\n# D\n',
    });
    try {
      const { graph, diagnostics } = await analyze(await loadConfig(dir), { reporter: quiet });
      expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.hint}`)).toEqual(['docs/a.md:2 unknown-sidebar-id Available sidebar ids: "docs".']);
      expect((graph.byPath.get('/community/d/') as DocRoute).sidebarId).toBe('community~people');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
