import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { formatDiagnostic, sortDiagnostics } from '../../cli/report/diagnostic.ts';
import type { SidebarItem } from '../../cli/graph/types.ts';

const quiet = createReporter({ quiet: true });
const fixture = (name: string) => path.resolve(import.meta.dirname, '../fixtures/sites', name);

/** The route list written beside a fixture: what Docusaurus builds for it. */
function docusaurusRoutes(name: string): string[] {
  return fs
    .readFileSync(path.join(fixture(name), 'docusaurus-routes.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
}

/** Our routes, less the two the generator adds to every site (the search page and the 404 page). */
async function ourRoutes(name: string) {
  const config = await loadConfig(fixture(name));
  const { graph, diagnostics } = await analyze(config, { reporter: quiet });
  const routes = graph.routes.map((r) => r.path).filter((p) => p !== '/search/' && p !== '/404.html');
  return { config, graph, diagnostics, routes: routes.sort() };
}

/** A sidebar as a reader sees it: labels, links and nesting, in order. */
function outline(items: SidebarItem[]): unknown[] {
  return items.map((item) =>
    item.type === 'html'
      ? `html ${item.value}`
      : item.type === 'link'
        ? `${item.label} → ${item.href}${item.ref ? ' (ref)' : ''}`
        : { [`${item.label}${item.href ? ` → ${item.href}` : ''}${item.collapsed ? '' : ' (open)'}${item.collapsible === false ? ' (fixed)' : ''}`]: outline(item.items) },
  );
}

describe('a site with only a docusaurus.config.js', () => {
  it('builds exactly the routes Docusaurus builds', async () => {
    const { routes, diagnostics } = await ourRoutes('docusaurus-config');
    expect(routes).toEqual(docusaurusRoutes('docusaurus-config'));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('loads although its packages are not installed, and names them and every option it leaves out, once each', async () => {
    const { diagnostics } = await ourRoutes('docusaurus-config');
    expect(sortDiagnostics(diagnostics).map((d) => `${d.code} ${formatDiagnostic(d).split('\n')[0]}`)).toEqual([
      // Docusaurus's own check of posts (onUntruncatedBlogPosts: 'warn' by default).
      'blog-untruncated blog/2024-03-01-first-light.md:1:1: The post has no truncate marker: the blog list shows its whole text.',
      'blog-untruncated blog/2024-04-15-brighter.md:1:1: The post has no truncate marker: the blog list shows its whole text.',
      'docusaurus-package-missing docusaurus.config.js: docusaurus.config.js uses the package "docusaurus-lunr-search", which is not installed in the site folder: a stand-in was used, so the parts of the config that need it are left out.',
      'docusaurus-package-missing docusaurus.config.js: docusaurus.config.js uses the package "prism-react-renderer", which is not installed in the site folder: a stand-in was used, so the parts of the config that need it are left out.',
      'docusaurus-option-unsupported docusaurus.config.js:17:1: The Docusaurus option "onBrokenMarkdownLinks" is not supported here yet: broken links to .md files follow onBrokenLinks ("throw") instead.',
      'docusaurus-locales docusaurus.config.js:18:1: Only the default locale "en" is built; the other locales of i18n.locales ("fr") are not.',
      'docusaurus-plugin-unsupported docusaurus.config.js:31:1: The Docusaurus plugin or theme "docusaurus-lunr-search" (plugins[0]) cannot run here: what it adds to the site is left out.',
      'docusaurus-option-unsupported docusaurus.config.js:46:1: The Docusaurus option "themeConfig.prism.theme" is not supported here yet: code is highlighted with the theme\'s own colours.',
    ]);
    expect(diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  });

  it('calls an editUrl function for each doc\'s "Edit this page" link', async () => {
    const { graph } = await ourRoutes('docusaurus-config');
    const editUrl = (p: string) => (graph.byPath.get(p) as { editUrl?: string }).editUrl;
    expect(editUrl('/guide/intro/')).toBe('https://git.example/lantern/edit/intro.md');
    expect(editUrl('/guide/setup/install/')).toBe('https://git.example/lantern/edit/setup/install.md');
  });

  it('maps what the config says onto the native config', async () => {
    const { config } = await ourRoutes('docusaurus-config');
    expect(config).toMatchObject({
      title: 'Lantern',
      tagline: 'A lamp for your terminal',
      url: 'https://lantern.example',
      trailingSlash: true,
      favicon: '/img/favicon.svg',
      i18n: { defaultLocale: 'en', locales: ['en'] },
      onBrokenLinks: 'error',
      onBrokenAnchors: 'warn',
      paths: { docs: 'docs', blog: 'blog', pages: 'src/pages' },
      docs: { routeBasePath: '/guide', sidebars: { defaultSidebar: [{ type: 'autogenerated', dirName: '.' }] } },
      blog: { routeBasePath: 'news', postsPerPage: 1, sidebarCount: 1_000_000, title: 'Lantern news' },
      navbar: {
        title: 'Lantern',
        items: [
          { type: 'doc', docId: 'intro', label: 'Guide', position: 'left' },
          { type: 'default', to: '/news', label: 'News', position: 'left' },
          { type: 'default', href: 'https://git.example/lantern', label: 'Source', position: 'right' },
        ],
      },
      footer: { style: 'light', links: [{ title: 'More', items: [{ label: 'News', to: '/news/' }] }], copyright: 'Lantern authors' },
    });
  });
});

describe('a site with a sidebars file using every item form', () => {
  it('builds exactly the routes Docusaurus builds', async () => {
    const { routes, diagnostics } = await ourRoutes('docusaurus-sidebars');
    expect(diagnostics).toEqual([]);
    expect(routes).toEqual(docusaurusRoutes('docusaurus-sidebars'));
  });

  it('shows each sidebar in the sidebars file\'s order, shorthand expanded, front matter labels first', async () => {
    const { graph } = await ourRoutes('docusaurus-sidebars');
    expect(Object.keys(graph.sidebars)).toEqual(['guide', 'api', 'more']);
    expect(outline(graph.sidebars.guide!)).toEqual([
      { 'Getting started': ['Introduction → /docs/intro/', 'Set up → /docs/install/'] },
      {
        Reference: [
          'Client API → /docs/api/client/ (ref)',
          'Status page → https://status.tidepool.example',
          'html <span class="sidebar-divider">Ideas</span>',
          { 'Concepts → /docs/concepts/ (open) (fixed)': ['Model → /docs/concepts/model/', 'Flow → /docs/concepts/flow/'] },
        ],
      },
    ]);
    expect(outline(graph.sidebars.api!)).toEqual([
      {
        'API → /docs/api-intro/ (open)': [
          { 'Advanced → /docs/api/advanced-topics/': ['Tuning → /docs/api/advanced/tuning/'] },
          'Client → /docs/api/client/',
          'Server → /docs/api/server/',
        ],
      },
    ]);
    expect(outline(graph.sidebars.more!)).toEqual([{ 'Topics → /docs/category/topics/': ['Extra bits → /docs/extra/'] }, { 'Odds and ends': ['Miscellany → /docs/misc/'] }]);
  });

  it('places docs in their sidebar: a ref item does not, displayed_sidebar does', async () => {
    const { graph } = await ourRoutes('docusaurus-sidebars');
    const doc = (p: string) => graph.byPath.get(p) as { sidebarId?: string; previous?: { href: string }; next?: { href: string } };
    expect(doc('/docs/api/client/')).toMatchObject({ sidebarId: 'api', previous: { href: '/docs/api/advanced/tuning/' }, next: { href: '/docs/api/server/' } });
    expect(doc('/docs/hidden/').sidebarId).toBe('api');
    expect(doc('/docs/concepts/model/')).toMatchObject({ sidebarId: 'guide', previous: { href: '/docs/concepts/' } });
  });
});
