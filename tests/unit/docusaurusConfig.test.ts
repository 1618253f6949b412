import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapDocusaurusConfig } from '../../cli/config/docusaurus/mapConfig.ts';
import { normalizeSidebars } from '../../cli/config/docusaurus/normalizeSidebars.ts';
import { importDocusaurusModule } from '../../cli/config/docusaurus/importModule.ts';
import { loadConfig } from '../../cli/config/load.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { formatDiagnostic } from '../../cli/report/diagnostic.ts';
import { SiteError } from '../../cli/errors/SiteError.ts';
import { graphOf, writeTempSite } from '../helpers/memorySite.ts';

const map = (config: Record<string, unknown>) => mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', ...config }, 'docusaurus.config.js');
const warned = (config: Record<string, unknown>) => map(config).warnings.map((w) => `${w.configKey} ${w.message}`);
const classic = (options: Record<string, unknown>) => ({ presets: [['classic', options]] });

describe('mapping a Docusaurus config', () => {
  it('fills in Docusaurus defaults where they differ from ours: docs at /docs, pages in src/pages, anchors warn, an authors page, a plain navbar, palenight code, no image zoom', () => {
    expect(map({}).input).toEqual({
      navbar: { style: 'plain' },
      prism: { theme: 'palenight', darkTheme: 'palenight' },
      zoom: false,
      title: 'T',
      url: 'https://t.example',
      baseUrl: '/',
      onBrokenLinks: 'error',
      onBrokenAnchors: 'warn',
      onBrokenMarkdownLinks: 'warn',
      paths: { docs: 'docs', blog: 'blog', pages: 'src/pages' },
      docs: { routeBasePath: '/docs' },
      blog: { authorsPage: true, sidebarGroupByYear: true },
      markdown: { format: 'mdx' },
    });
    expect(map({}).sidebarPath).toBeUndefined();
    expect(map({}).warnings).toEqual([]);
  });

  it('takes the first of staticDirectories as the static folder, and names the others in a warning', () => {
    expect(map({ staticDirectories: ['public'] }).input.paths).toMatchObject({ static: 'public' });
    expect(map({ staticDirectories: ['public'] }).warnings).toEqual([]);
    const two = map({ staticDirectories: ['public', 'static'] });
    expect(two.input.paths).toMatchObject({ static: 'public' });
    expect(two.warnings.map((w) => w.message)).toEqual(['Only the first folder of staticDirectories, "public", is published as the static folder; "static" is not.']);
    expect(map({ staticDirectories: [] }).input.paths).not.toHaveProperty('static');
    expect(map({ staticDirectories: [] }).warnings.map((w) => w.code)).toEqual(['docusaurus-option-unsupported']);
  });

  it('maps the broken-link levels: only throw fails', () => {
    expect(map({ onBrokenLinks: 'throw', onBrokenAnchors: 'throw' }).input).toMatchObject({ onBrokenLinks: 'error', onBrokenAnchors: 'error' });
    expect(map({ onBrokenLinks: 'warn', onBrokenAnchors: 'log' }).input).toMatchObject({ onBrokenLinks: 'warn', onBrokenAnchors: 'warn' });
    expect(map({ onBrokenLinks: 'ignore', onBrokenAnchors: 'ignore' }).input).toMatchObject({ onBrokenLinks: 'ignore', onBrokenAnchors: 'ignore' });
  });

  it('reads onBrokenMarkdownLinks in both places (Docusaurus\'s default: warn); a function hook is named, not run', () => {
    expect(map({ markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } } }).input.onBrokenMarkdownLinks).toBe('error');
    expect(map({ onBrokenMarkdownLinks: 'ignore' }).input.onBrokenMarkdownLinks).toBe('ignore');
    expect(map({ onBrokenMarkdownLinks: 'log' }).input.onBrokenMarkdownLinks).toBe('warn');
    // The new place wins over the deprecated one.
    expect(map({ onBrokenMarkdownLinks: 'warn', markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } } }).input.onBrokenMarkdownLinks).toBe('error');
    for (const config of [{ onBrokenMarkdownLinks: 'warn' }, { onBrokenLinks: 'warn', markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } } }]) expect(warned(config)).toEqual([]);
    const hook = map({ markdown: { hooks: { onBrokenMarkdownLinks: () => 'https://elsewhere.example/' } } });
    expect(hook.input).not.toHaveProperty('onBrokenMarkdownLinks');
    expect(hook.warnings.map((w) => `${w.configKey} ${w.message}`)).toEqual(['markdown.hooks.onBrokenMarkdownLinks The Docusaurus option "markdown.hooks.onBrokenMarkdownLinks" is not supported here yet: a function is not run here: broken links to .md files follow onBrokenLinks ("throw").']);
  });

  it('a link to a .md file that is no page is reported by the stricter of onBrokenLinks and onBrokenMarkdownLinks, as in Docusaurus', async () => {
    const levels = async (config: string) => {
      const dir = writeTempSite({ 'docusaurus.config.js': `export default { title: 'T', url: 'https://t.example', baseUrl: '/', ${config} };`, 'docs/a.md': '# A\n\n[gone](gone.md) and [nowhere](/docs/nowhere).\n' });
      try {
        const { diagnostics } = await analyze(await loadConfig(dir), { reporter: createReporter({ quiet: true }) });
        return diagnostics.filter((d) => d.code === 'broken-link').map((d) => `${d.message.match(/"([^"]+)"/)![1]} ${d.severity}`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    // Docusaurus's defaults: throw and warn; a broken .md link is a broken link as well.
    expect(await levels('')).toEqual(['gone.md error', '/docs/nowhere error']);
    expect(await levels("onBrokenLinks: 'warn', markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } }")).toEqual(['gone.md error', '/docs/nowhere warning']);
    expect(await levels("onBrokenLinks: 'ignore'")).toEqual(['gone.md warning']);
    expect(await levels("onBrokenLinks: 'ignore', onBrokenMarkdownLinks: 'ignore'")).toEqual([]);
  });

  it('builds only the default locale, and says which ones it leaves out', () => {
    const mapped = map({ i18n: { defaultLocale: 'fr', locales: ['fr', 'en', 'de'] } });
    expect(mapped.input.i18n).toEqual({ defaultLocale: 'fr', locales: ['fr'] });
    expect(mapped.warnings.map((w) => w.message)).toEqual(['Only the default locale "fr" is built; the other locales of i18n.locales ("en", "de") are not.']);
  });

  it('maps the classic preset: docs, blog and pages folders and bases, false turns a part off', () => {
    const mapped = map(classic({ docs: { path: '../docs', routeBasePath: '/', sidebarPath: './sidebars.json', sidebarCollapsed: false }, blog: false, pages: { path: 'pages' } }));
    expect(mapped.input).toMatchObject({ paths: { docs: '../docs', blog: false, pages: 'pages' }, docs: { routeBasePath: '/', sidebarCollapsed: false } });
    expect(mapped.input.blog).toBeUndefined();
    expect(mapped.sidebarPath).toBe('./sidebars.json');
    expect(map({ presets: [['@docusaurus/preset-classic', { docs: false }]] })).toMatchObject({ input: { paths: { docs: false } }, sidebarPath: false });
    expect(map(classic({ docs: { sidebarPath: false } })).sidebarPath).toBe(false);
    // By the path require.resolve gives for it, and Meta's drop-in for it (metro's, relay's config).
    for (const name of ['/site/node_modules/@docusaurus/preset-classic/lib/index.js', 'docusaurus-plugin-internaldocs-fb/docusaurus-preset', '/site/node_modules/docusaurus-plugin-internaldocs-fb/docusaurus-preset.js']) {
      const preset = map({ presets: [[name, { docs: { path: '../docs', routeBasePath: '/' } }]] });
      expect(preset.input).toMatchObject({ paths: { docs: '../docs' }, docs: { routeBasePath: '/' } });
      expect(preset.warnings).toEqual([]);
    }
    expect(map({ presets: [['docusaurus-preset-openapi', { docs: { path: 'x' } }]] }).input.paths).toMatchObject({ docs: 'docs' });
    expect(map({ ...classic({ blog: {} }), themeConfig: { blog: { sidebar: { groupByYear: false } } } }).input.blog).toMatchObject({ sidebarGroupByYear: false });
    expect(map(classic({ blog: { routeBasePath: '/updates/', postsPerPage: 'ALL', blogSidebarCount: 0, blogDescription: 'D', blogSidebarTitle: 'All' } })).input.blog).toEqual({
      routeBasePath: 'updates',
      postsPerPage: 1_000_000,
      sidebarCount: 0,
      description: 'D',
      sidebarTitle: 'All',
      // Grouped by year, as Docusaurus's sidebar is unless themeConfig.blog.sidebar.groupByYear is false.
      sidebarGroupByYear: true,
      // Docusaurus makes /blog/authors whenever authors.yml names any.
      authorsPage: true,
      // and checks posts for inline tags and authors and a missing truncate marker, warning by default.
      onInlineTags: 'warn',
      onInlineAuthors: 'warn',
      onUntruncatedBlogPosts: 'warn',
    });
    expect(map(classic({ blog: { onInlineTags: 'throw', onUntruncatedBlogPosts: 'ignore' } })).input.blog).toMatchObject({ onInlineTags: 'throw', onInlineAuthors: 'warn', onUntruncatedBlogPosts: 'ignore' });
  });

  it('names each option it cannot honour once, with what happens instead; defaults and deploy settings say nothing', () => {
    const keys = (config: Record<string, unknown>) => map(config).warnings.map((w) => w.message.match(/"([^"]+)"/)![1]);
    expect(keys({ organizationName: 'o', projectName: 'p', customFields: {}, future: {}, ...classic({ docs: { showLastUpdateTime: false, admonitions: true, include: ['**/*.{md,mdx}'] }, sitemap: {} }) })).toEqual([]);
    // showLastUpdateTime is honoured now (git history), include (globs) and clientModules (a list of paths): only gtag without an id cannot be, and clientModules that is not a list.
    expect(keys({ clientModules: 'src/x.js', ...classic({ docs: { editUrl: 'https://e.example', showLastUpdateTime: true, lastVersion: 'current', include: ['a/**'] }, theme: { customCss: 'x.css', unknownThemeOption: true }, gtag: {} }) })).toEqual([
      'clientModules',
      // customCss is honoured now (its stylesheets join the site's): another theme option stands for the rest.
      'presets[0][1].theme.unknownThemeOption',
      'presets[0][1].gtag',
    ]);
    expect(keys(classic({ docs: { versions: { '1.0': { label: 'One', unknownOption: true } } } }))).toEqual(['presets[0][1].docs.versions.1.0.unknownOption']);
    expect(keys({ markdown: { format: 'detect', mermaid: false } })).toEqual([]);
    // Mermaid diagrams are drawn now (mermaid.test.ts): markdown.mermaid is honoured either way; another markdown key stands for the rest.
    expect(keys({ markdown: { format: 'mdx', mermaid: true } })).toEqual([]);
    expect(keys({ markdown: { format: 'mdx', remarkRehypeOptions: { footnoteLabel: 'Notes' } } })).toEqual(['markdown.remarkRehypeOptions']);
  });

  it('maps the versions options and markdown.format onto the native keys', () => {
    const docs = { lastVersion: '1.0', onlyIncludeVersions: ['1.0', 'current'], includeCurrentVersion: false, disableVersioning: false, versions: { '1.0': { label: 'One', path: 'one', banner: 'none', badge: false, noIndex: true, className: 'v1' } } };
    expect(map(classic({ docs })).input.docs).toMatchObject(docs);
    expect(map({ markdown: { format: 'detect' } }).input.markdown).toEqual({ format: 'detect' });
  });

  it('names plugins, themes and other presets it cannot run, by package name even when it is a stand-in', () => {
    const stub = Object.assign(() => undefined, { __siteMissingPackage: 'docusaurus-plugin-openapi-docs' });
    const names = map({ plugins: ['@docusaurus/plugin-pwa', [stub, {}], false], themes: ['@docusaurus/theme-live-codeblock'], presets: ['classic', ['docusaurus-preset-openapi', {}]] }).warnings.map((w) => w.message);
    expect(names).toEqual([
      'The Docusaurus plugin or theme "docusaurus-preset-openapi" (presets[1]) cannot run here: what it adds to the site is left out.',
      'The Docusaurus plugin or theme "@docusaurus/plugin-pwa" (plugins[0]) cannot run here: what it adds to the site is left out.',
      'The Docusaurus plugin or theme "docusaurus-plugin-openapi-docs" (plugins[1]) cannot run here: what it adds to the site is left out.',
      'The Docusaurus plugin or theme "@docusaurus/theme-live-codeblock" (themes[0]) cannot run here: what it adds to the site is left out.',
    ]);
  });

  it('zooms images only with docusaurus-plugin-image-zoom, as its themeConfig.zoom says', () => {
    const zoom = { selector: '.markdown :not(em) > img', background: { light: 'rgb(250, 250, 250)', dark: 'rgb(20, 20, 20)' }, config: { margin: 24, scrollOffset: 0 } };
    expect(map({ themeConfig: { zoom } }).input.zoom).toBe(false);
    const mapped = map({ plugins: ['docusaurus-plugin-image-zoom'], themeConfig: { zoom } });
    expect(mapped.input.zoom).toEqual(zoom);
    expect(mapped.warnings).toEqual([]);
    // Without themeConfig.zoom, the plugin's defaults (the native ones).
    expect(map({ plugins: ['docusaurus-plugin-image-zoom'] }).input.zoom).toEqual({});
    const odd = map({ plugins: ['docusaurus-plugin-image-zoom'], themeConfig: { zoom: { config: { container: '#x' }, other: 1 } } });
    expect(odd.warnings.map((w) => w.configKey)).toEqual(['themeConfig.zoom.config.container', 'themeConfig.zoom.other']);
  });

  it('takes docusaurus-plugin-sass as done (Sass is compiled natively); only its sass-loader options are named', () => {
    const sass = Object.assign(() => undefined, { __siteMissingPackage: 'docusaurus-plugin-sass' });
    expect(map({ plugins: ['docusaurus-plugin-sass', [sass, {}]] }).warnings).toEqual([]);
    expect(map({ plugins: [['docusaurus-plugin-sass', { sassOptions: { includePaths: ['x'] } }]] }).warnings.map((w) => w.message.match(/"([^"]+)"/)![1])).toEqual(['plugins[0][1].sassOptions']);
  });

  it('reads an option set to undefined as one not given, at any depth, as Docusaurus does (no warning of it)', () => {
    expect(warned({ tagline: undefined, presets: [['classic', { docs: { lastVersion: undefined, routeBasePath: '/guide' }, blog: { feedOptions: undefined } }]], themeConfig: { navbar: { title: 'N', hideOnScroll: undefined } } })).toEqual([]);
    expect(map({ presets: [['classic', { docs: { lastVersion: undefined, routeBasePath: '/guide' } }]] }).input.docs).toEqual({ routeBasePath: '/guide' });
  });

  it("maps gtag and googleTagManager, the preset's or the plugin's; one of another shape is warned of", () => {
    expect(map(classic({ gtag: { trackingID: 'G-1', anonymizeIP: true } })).input.gtag).toEqual({ trackingID: 'G-1', anonymizeIP: true });
    expect(map({ plugins: [['@docusaurus/plugin-google-gtag', { trackingID: ['G-1', 'G-2'] }]] }).input.gtag).toEqual({ trackingID: ['G-1', 'G-2'] });
    expect(warned(classic({ gtag: { trackingID: 'G-1' } }))).toEqual([]);
    expect(map(classic({ googleTagManager: { containerId: 'GTM-1' } })).input.googleTagManager).toEqual({ containerId: 'GTM-1' });
    expect(map({ plugins: [['@docusaurus/plugin-google-tag-manager', { containerId: 'GTM-2' }]] }).input.googleTagManager).toEqual({ containerId: 'GTM-2' });
    expect(warned(classic({ gtag: { trackingID: 5 } }))).toEqual(['presets.0.1.gtag The Docusaurus option "presets[0][1].gtag" is not supported here yet: it is ignored.']);
  });

  it("maps themeConfig.metadata onto meta head tags, after the config's own headTags", () => {
    const mapped = mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', headTags: [{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://x.example' } }], themeConfig: { metadata: [{ name: 'twitter:card', content: 'summary' }, { property: 'og:locale', content: 'en_US' }] } }, 'docusaurus.config.js');
    expect(mapped.input.headTags).toEqual([
      { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://x.example' } },
      { tagName: 'meta', attributes: { name: 'twitter:card', content: 'summary' } },
      { tagName: 'meta', attributes: { property: 'og:locale', content: 'en_US' } },
    ]);
    expect(mapped.warnings).toEqual([]);
  });

  it("takes a dropdown's dropdownActiveClassDisabled: true without a word (the theme's dropdowns never mark their toggle)", () => {
    const items = [{ type: 'docsVersionDropdown', dropdownActiveClassDisabled: true }, { type: 'dropdown', label: 'More', items: [], dropdownActiveClassDisabled: true }];
    expect(warned({ themeConfig: { navbar: { items } } })).toEqual([]);
    expect(warned({ themeConfig: { navbar: { items: [{ type: 'dropdown', label: 'More', items: [], dropdownActiveClassDisabled: false }] } } })).toHaveLength(1);
  });

  it('maps themeConfig.tableOfContents (electron and redux list headings down to level 4)', () => {
    const mapped = mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', themeConfig: { tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 } } }, 'docusaurus.config.js');
    expect(mapped.input.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 4 });
    expect(mapped.warnings).toEqual([]);
  });

  it("maps themeConfig.docs.sidebar (babel's and jest's hideable sidebar) onto docsSidebar", () => {
    const mapped = mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', themeConfig: { docs: { sidebar: { hideable: true, autoCollapseCategories: false, other: 1 } } } }, 'docusaurus.config.js');
    expect(mapped.input.docsSidebar).toEqual({ hideable: true, autoCollapseCategories: false });
    expect(mapped.warnings.map((w) => w.configKey)).toEqual(['themeConfig.docs.sidebar.other']);
  });

  it('maps themeConfig.docs.versionPersistence onto every docs instance', () => {
    const config = { title: 'T', url: 'https://t.example', baseUrl: '/', themeConfig: { docs: { versionPersistence: 'none' } }, plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community' }]] };
    const mapped = mapDocusaurusConfig(config, 'docusaurus.config.js');
    expect(mapped.input.docs).toMatchObject({ versionPersistence: 'none' });
    expect(mapped.input.docsPlugins).toMatchObject([{ pluginId: 'community', versionPersistence: 'none' }]);
    expect(mapped.input).not.toHaveProperty('versionPersistence');
    expect(mapped.warnings).toEqual([]);
    expect(mapDocusaurusConfig({ ...config, themeConfig: { docs: { versionPersistence: 'cookie' } } }, 'docusaurus.config.js').warnings.map((w) => w.configKey)).toEqual(['themeConfig.docs.versionPersistence']);
  });

  it('maps docs.breadcrumbs (prettier turns them off)', () => {
    expect(map(classic({ docs: { breadcrumbs: false } })).input.docs).toMatchObject({ breadcrumbs: false });
    expect(warned(classic({ docs: { breadcrumbs: false } }))).toEqual([]);
  });

  it('takes stylesheets, scripts and headTags as they are (the native keys have their names and shapes)', () => {
    const tags = { stylesheets: ['https://cdn.example/a.css'], scripts: [{ src: '/js/repl.js', type: 'module' }], headTags: [{ tagName: 'meta', attributes: { name: 'docs-sha', content: 'abc' } }] };
    expect(map(tags).input).toMatchObject(tags);
    expect(warned(tags)).toEqual([]);
  });

  it('maps the client-redirects plugin (by any of its names) onto redirects, and leaves out a rule of another shape with a warning at it', () => {
    const createRedirects = (path: string) => path;
    for (const name of ['@docusaurus/plugin-client-redirects', 'client-redirects', '/site/node_modules/@docusaurus/plugin-client-redirects/lib/index.js']) {
      const mapped = map({ plugins: [['@docusaurus/plugin-pwa', {}], [name, { fromExtensions: ['html'], toExtensions: ['exe'], redirects: [{ from: '/a', to: '/b' }, { from: ['/c', '/d'], to: '/b' }, { from: 5, to: '/b' }], createRedirects, other: 1 }]] });
      expect(mapped.input.redirects).toEqual({ fromExtensions: ['html'], toExtensions: ['exe'], rules: [{ from: '/a', to: '/b' }, { from: ['/c', '/d'], to: '/b' }], createRedirects });
      expect(mapped.redirectsAt).toBe('plugins.1.1');
      expect(mapped.warnings.map((w) => w.configKey)).toEqual(['plugins.0', 'plugins.1.1.redirects.2', 'plugins.1.1.other']);
    }
  });

  it('keeps the navbar style the config gives, and is plain without one (as Docusaurus draws it)', () => {
    expect(map({ themeConfig: { navbar: { style: 'dark' } } }).input.navbar).toEqual({ style: 'dark' });
    expect(map({ themeConfig: { navbar: { title: 'T' } } }).input.navbar).toEqual({ style: 'plain', title: 'T' });
    expect(map({ themeConfig: {} }).input.navbar).toEqual({ style: 'plain' });
  });

  it('maps navbar items of every kind: no type is a link (or a dropdown with items), on the left unless it says', () => {
    const mapped = map({
      themeConfig: {
        navbar: {
          title: 'T',
          hideOnScroll: true,
          logo: { alt: 'Logo', src: 'img/logo.svg', srcDark: '/img/dark.svg' },
          items: [
            { to: 'blog', label: 'Blog' },
            { to: 'https://elsewhere.example', label: 'Out' },
            { type: 'doc', docId: 'intro', label: 'Docs', docsPluginId: 'default' },
            { type: 'docSidebar', sidebarId: 'api', label: 'API', position: 'right' },
            { label: 'More', items: [{ label: 'A', to: '/a' }, { type: 'doc', docId: 'b', label: 'B' }] },
            { type: 'docsVersionDropdown', dropdownActiveClassDisabled: false },
            { type: 'localeDropdown', position: 'right' },
            { type: 'search', position: 'right' },
            { type: 'html', value: '<b>x</b>' },
            { type: 'custom-thing', label: 'X' },
            { to: '/a', label: 'A', 'aria-label': 'a' },
            { to: '/b', label: 'B', 'aria-label': 'b' },
            { type: 'docSidebar', sidebarId: 'other', docsPluginId: 'second', label: 'Second docs' },
          ],
        },
      },
    });
    expect(mapped.input.navbar).toEqual({
      // No style in the config: Docusaurus's plain navbar, not the native default 'primary'.
      style: 'plain',
      title: 'T',
      hideOnScroll: true,
      logo: { alt: 'Logo', src: '/img/logo.svg', srcDark: '/img/dark.svg' },
      items: [
        { type: 'default', position: 'left', to: '/blog', label: 'Blog' },
        { type: 'default', position: 'left', href: 'https://elsewhere.example', label: 'Out' },
        { type: 'doc', position: 'left', docId: 'intro', label: 'Docs' },
        { type: 'docSidebar', position: 'right', sidebarId: 'api', label: 'API' },
        { type: 'dropdown', position: 'left', label: 'More', items: [{ label: 'A', to: '/a' }] },
        { type: 'docsVersionDropdown', position: 'left' },
        { type: 'localeDropdown', position: 'right' },
        { type: 'search', position: 'right' },
        { type: 'html', position: 'left', value: '<b>x</b>' },
        { type: 'default', position: 'left', to: '/a', label: 'A', ariaLabel: 'a' },
        { type: 'default', position: 'left', to: '/b', label: 'B', ariaLabel: 'b' },
        // An item into another docs plugin keeps its id: that plugin is built too (the graph checks it exists).
        { type: 'docSidebar', position: 'left', sidebarId: 'other', docsPluginId: 'second', label: 'Second docs' },
      ],
    });
    // aria-label is the link's name for screen readers (ariaLabel), as Docusaurus passes it on: no warning.
    expect(mapped.warnings.map((w) => `${w.configKey}: ${w.message.split(':')[0]}`)).toEqual([
      'themeConfig.navbar.items.4.items.1.type: The Docusaurus option "themeConfig.navbar.items[4].items[1].type" is not supported here yet',
      'themeConfig.navbar.items.5.dropdownActiveClassDisabled: The Docusaurus option "themeConfig.navbar.items[5].dropdownActiveClassDisabled" is not supported here yet',
      'themeConfig.navbar.items.9.type: The Docusaurus option "themeConfig.navbar.items[9].type" is not supported here yet',
    ]);
  });

  it("maps the versions dropdown's links before and after the versions", () => {
    const mapped = map({ themeConfig: { navbar: { items: [{ type: 'docsVersionDropdown', dropdownItemsBefore: [{ href: 'https://old.example', label: 'Old' }], dropdownItemsAfter: [{ to: 'versions', label: 'All versions' }] }] } } });
    expect((mapped.input.navbar as { items: unknown[] }).items).toEqual([
      { type: 'docsVersionDropdown', position: 'left', dropdownItemsBefore: [{ href: 'https://old.example', label: 'Old' }], dropdownItemsAfter: [{ to: '/versions', label: 'All versions' }] },
    ]);
    expect(mapped.warnings).toEqual([]);
  });

  it('maps the footer (columns or one row), announcement bar, colour mode, image and Algolia', () => {
    const theme = {
      footer: { style: 'dark', logo: { src: 'img/f.svg', alt: 'F', href: 'https://f.example' }, copyright: '©', links: [{ title: 'Docs', items: [{ label: 'Intro', to: 'docs/intro' }, { html: '<a href="/x">x</a>' }] }] },
      announcementBar: { id: 'a1', content: 'Hi', backgroundColor: '#000', textColor: '#fff', isCloseable: false },
      colorMode: { defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: true },
      image: 'img/card.png',
      algolia: { appId: 'A', apiKey: 'K', indexName: 'I', contextualSearch: false, searchPagePath: 'search' },
    };
    const mapped = map({ themeConfig: theme });
    expect(mapped.input).toMatchObject({
      footer: { style: 'dark', logo: { src: '/img/f.svg', alt: 'F', href: 'https://f.example' }, copyright: '©', links: [{ title: 'Docs', items: [{ label: 'Intro', to: '/docs/intro' }, { html: '<a href="/x">x</a>' }] }] },
      announcementBar: theme.announcementBar,
      colorMode: theme.colorMode,
      image: '/img/card.png',
      search: { provider: 'algolia', appId: 'A', apiKey: 'K', indexName: 'I', contextualSearch: false, pagePath: 'search' },
    });
    expect(map({ themeConfig: { footer: { links: [{ label: 'A', href: 'https://a.example' }] } } }).input.footer).toEqual({ links: [{ label: 'A', href: 'https://a.example' }] });
    expect(mapped.warnings).toEqual([]);
    // The search page's path as Docusaurus reads it: under the base URL, slashes around it or not; false for none.
    const searchPage = (searchPagePath: unknown) => (map({ themeConfig: { algolia: { appId: 'A', apiKey: 'K', indexName: 'I', searchPagePath } } }).input.search as { pagePath?: unknown }).pagePath;
    expect(searchPage('/docs/find/')).toBe('docs/find');
    expect(searchPage(false)).toBe(false);
  });
});

describe('normalizing a Docusaurus sidebars file', () => {
  const where = (source: string) => ({ file: 'sidebars.js', source });

  it('expands the category shorthand for a whole sidebar, as an item of a list, and as a category\'s items', () => {
    const value = { a: { One: ['x', { Two: ['y'] }] }, b: ['z', { type: 'category', label: 'C', items: { D: ['w'] } }] };
    expect(normalizeSidebars(value, where('')).sidebars).toEqual({
      a: [{ type: 'category', label: 'One', items: ['x', { type: 'category', label: 'Two', items: ['y'] }] }],
      b: ['z', { type: 'category', label: 'C', items: [{ type: 'category', label: 'D', items: ['w'] }] }],
    });
  });

  it('keeps every item type with its keys, dropping only the translatable flag', () => {
    const items = [
      { type: 'doc', id: 'a', label: 'A', className: 'c', customProps: { p: 1 }, key: 'k', translatable: true },
      { type: 'ref', id: 'b' },
      { type: 'link', href: 'https://x.example', label: 'X', description: 'd', autoAddBaseUrl: false },
      { type: 'html', value: '<hr>', defaultStyle: true },
      { type: 'autogenerated', dirName: 'guides' },
      { type: 'category', label: 'C', link: null, collapsible: false, collapsed: false, description: 'd', items: [] },
      { type: 'category', label: 'G', link: { type: 'generated-index', slug: '/g', title: 'G', description: 'd', image: '/i.png', keywords: ['k'] }, items: ['a'] },
    ];
    const { sidebars, diagnostics } = normalizeSidebars({ s: items }, where(''));
    expect(diagnostics).toEqual([]);
    expect(sidebars.s).toEqual([{ type: 'doc', id: 'a', label: 'A', className: 'c', customProps: { p: 1 }, key: 'k' }, ...items.slice(1)]);
  });

  it('reports keys an item does not take, missing keys and unknown types at their line in the sidebars file', () => {
    const source = `module.exports = {\n  docs: [\n    'a',\n    { type: 'doc', idd: 'b' },\n    { type: 'page', id: 'c' },\n    { type: 'link', href: 'https://x.example' },\n  ],\n};\n`;
    const value = { docs: ['a', { type: 'doc', idd: 'b' }, { type: 'page', id: 'c' }, { type: 'link', href: 'https://x.example' }] };
    expect(normalizeSidebars(value, where(source)).diagnostics.map(formatDiagnostic).map((d) => d.split('\n')[0])).toEqual([
      'sidebars.js:4:1: The sidebar item at "docs[1].idd" has the key "idd", which a "doc" item does not take.',
      'sidebars.js:4:1: The sidebar item at "docs[1].id" needs "id" (a string); found nothing.',
      'sidebars.js:5:1: The sidebar item at "docs[2].type" has the unknown type "page".',
      'sidebars.js:6:1: The sidebar item at "docs[3].label" needs "label" (a string); found nothing.',
    ]);
  });
});

describe('importing a Docusaurus config file', () => {
  it('runs ESM mixed with require, JSON imports, import.meta.url and __dirname, and calls an async function export', async () => {
    const dir = writeTempSite({
      'docusaurus.config.mjs': [
        "import data from './data.json';",
        "const helper = require('./helper.cjs');",
        'export default async () => ({ title: data.title + helper.suffix, dir: __dirname, url: import.meta.url, sidebars: require.resolve("./sidebars.js") });',
      ].join('\n'),
      'data.json': '{"title":"Site"}',
      'helper.cjs': "exports.suffix = '!';",
      'sidebars.ts': 'export default {};',
    });
    const { value, missing } = await importDocusaurusModule(path.join(dir, 'docusaurus.config.mjs'), dir);
    expect(value).toEqual({ title: 'Site!', dir, url: `file://${dir}/docusaurus.config.mjs`, sidebars: path.join(dir, 'sidebars.ts') });
    expect(missing).toEqual([]);
  });

  it('stands in for packages that are not installed, imported or required, and lists them', async () => {
    const dir = writeTempSite({
      'docusaurus.config.ts': [
        "import type { Config } from '@docusaurus/types';",
        "import { themes } from 'prism-themes-x';",
        "import math from 'remark-emoji';",
        'const config: { title: string; theme: { styles: unknown[] }; plugins: unknown[] } = {',
        "  title: 'T', theme: { ...themes.github, styles: [...themes.github.styles, { types: ['comment'] }] },",
        "  plugins: [[require('@scope/plugin/sub'), {}], require.resolve('plugin-by-path'), math({ strict: true })],",
        '};',
        'export default config satisfies Partial<Config>;',
      ].join('\n'),
    });
    const { value, missing } = await importDocusaurusModule(path.join(dir, 'docusaurus.config.ts'), dir);
    expect(missing).toEqual(['@scope/plugin', 'plugin-by-path', 'prism-themes-x', 'remark-emoji']);
    expect((value as { title: string }).title).toBe('T');
    expect(JSON.parse(JSON.stringify(value))).toMatchObject({ title: 'T', theme: { styles: [{ types: ['comment'] }] }, plugins: [[null, {}], 'plugin-by-path', null] });
  });

  it('gives a config that makes its own require (createRequire) the same stand-ins, and the generator\'s prism-react-renderer', async () => {
    const dir = writeTempSite({
      'docusaurus.config.mjs': [
        "import { createRequire } from 'node:module';",
        "import nodeModule from 'module';",
        'const require = createRequire(import.meta.url);',
        "export default { css: require.resolve('react-tweet/theme.css'), theme: require('prism-react-renderer').themes.github, builtin: typeof nodeModule.isBuiltin };",
      ].join('\n'),
    });
    const { value, missing } = await importDocusaurusModule(path.join(dir, 'docusaurus.config.mjs'), dir);
    expect(missing).toEqual(['react-tweet']);
    expect(value).toMatchObject({ css: 'react-tweet/theme.css', builtin: 'function', theme: { plain: { backgroundColor: '#f6f8fa' } } });
  });

  it("makes a stand-in of a local file its own createRequire loads when that file needs a package not installed (babel's webpack.plugin.js), and lists the package", async () => {
    const dir = writeTempSite({
      'docusaurus.config.ts': "import { createRequire } from 'module';\nconst require = createRequire(import.meta.url);\nexport default { title: 'T', plugins: [require('./webpack.plugin.js')] };\n",
      'webpack.plugin.js': "const Monaco = require('not-installed-webpack-plugin');\nmodule.exports = () => ({ name: 'monaco', configureWebpack: () => ({ plugins: [new Monaco()] }) });\n",
    });
    const { value, missing } = await importDocusaurusModule(path.join(dir, 'docusaurus.config.ts'), dir);
    expect((value as { title: string }).title).toBe('T');
    expect(missing).toEqual(['not-installed-webpack-plugin']);
  });

  it('refuses a local import from outside the site folder', async () => {
    const root = writeTempSite({ 'secret.js': 'export default "s";', 'site/docusaurus.config.js': "import s from '../secret.js'; export default { title: s };" });
    const dir = path.join(root, 'site');
    await expect(importDocusaurusModule(path.join(dir, 'docusaurus.config.js'), dir)).rejects.toThrow(/"\.\.\/secret\.js" \(imported by docusaurus\.config\.js\) is outside the site folder/);
  });
});

describe('loading a Docusaurus site', () => {
  const quiet = createReporter({ quiet: true });

  it('prefers site.config.ts, and says the Docusaurus config is not read', async () => {
    const dir = writeTempSite({
      'site.config.ts': "export default { title: 'Native' };",
      'docusaurus.config.js': "export default { title: 'Docusaurus', url: 'https://d.example', baseUrl: '/' };",
    });
    const config = await loadConfig(dir);
    expect(config.title).toBe('Native');
    expect(config.configWarnings?.map(formatDiagnostic)).toEqual([
      'docusaurus.config.js: Both site.config.ts and docusaurus.config.js are in the site folder: site.config.ts is used and docusaurus.config.js is not read.\n  Remove site.config.ts to build from docusaurus.config.js.',
    ]);
  });

  it('reports a sidebar doc id that does not exist at its line in the sidebars file, with the nearest id', async () => {
    const dir = writeTempSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: './sidebars.json' } }]] };",
      'sidebars.json': '{\n  "docs": [\n    "intro",\n    "instal"\n  ]\n}\n',
      'docs/intro.md': '# Intro\n',
      'docs/install.md': '# Install\n',
    });
    const config = await loadConfig(dir);
    const { diagnostics } = await analyze(config, { reporter: quiet });
    expect(diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([
      'sidebars.json:4:1: Sidebar "docs" refers to the doc id "instal", which does not exist.\n  Did you mean "install"? Available doc ids: "install", "intro".',
    ]);
  });

  it('names the sidebars file when it is missing or invalid, and the config file when it does not load, without a stack', async () => {
    const missing = writeTempSite({ 'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: './nope.js' } }]] };" });
    await expect(loadConfig(missing)).rejects.toThrow('The sidebars file could not be loaded: no file "./nope.js" in the site folder');
    const broken = writeTempSite({ 'docusaurus.config.js': 'module.exports = { title: ;' });
    const error = await loadConfig(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).diagnostics.map(formatDiagnostic)[0]).toMatch(/^docusaurus\.config\.js:1:27: The site config could not be loaded: Unexpected ";"\n  Fix the syntax or the import in docusaurus\.config\.js\./);
    const failing = writeTempSite({ 'docusaurus.config.js': "const { z } = require('zod');\nif (typeof z.string().parse('x') !== 'string') throw new Error(\"Can't happen\");\nmodule.exports = { title: 'T' };" });
    const failingError = (await loadConfig(failing).catch((e: unknown) => e)) as SiteError;
    expect(failingError.diagnostics.map(formatDiagnostic)).toEqual([
      'docusaurus.config.js:2:54: The site config could not be loaded: Can\'t happen\n  docusaurus.config.js uses packages that are not installed ("zod"), and a stand-in cannot do what they do: run npm install in the site folder, then build again.',
    ]);
    const invalid = writeTempSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };",
      'sidebars.js': "module.exports = {\n  docs: [{ type: 'doc' }],\n};\n",
    });
    const invalidError = (await loadConfig(invalid).catch((e: unknown) => e)) as SiteError;
    expect(invalidError.diagnostics.map(formatDiagnostic).map((d) => d.split('\n')[0])).toEqual(['sidebars.js:2:1: The sidebar item at "docs[0].id" needs "id" (a string); found nothing.']);
    expect(fs.readdirSync(invalid).sort()).toEqual(['docusaurus.config.js', 'sidebars.js']);
  });

  it('warns, as Docusaurus does, of an autogenerated slice whose folder holds no docs, at its line: a mistyped dirName left the sidebar empty without a word', async () => {
    const dir = writeTempSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };",
      'sidebars.js': "module.exports = {\n  docs: [\n    { type: 'autogenerated', dirName: 'guide' },\n    { type: 'autogenerated', dirName: 'guides/' },\n  ],\n};\n",
      'docs/guides/a.md': '# A\n',
    });
    const config = await loadConfig(dir);
    const { diagnostics, graph } = await analyze(config, { reporter: quiet });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      'sidebars.js:3:1: Sidebar "docs" is generated from the folder "guide", which holds no docs in docs/: that part of the sidebar is empty.\n  dirName is read from the docs folder: correct it, or add docs there.',
    ]);
    expect(graph.sidebars.docs!.map((i) => i.label)).toEqual(['A']);
  });
});

describe('sidebars in the route graph', () => {
  it('lists an autogenerated slice\'s own index doc as an item, and links sub-folders to theirs', async () => {
    const { graph } = await graphOf(
      { 'docs/api/index.md': '# API home\n', 'docs/api/b.md': '# B\n', 'docs/api/sub/index.md': '# Sub\n', 'docs/api/sub/c.md': '# C\n' },
      { docs: { sidebars: { s: [{ type: 'autogenerated', dirName: 'api' }] } } },
    );
    expect(graph.sidebars.s!.map((i) => `${i.type} ${i.label}`)).toEqual(['link B', 'link API home', 'category Sub']);
  });
});

describe('"Edit this page"', () => {
  it('joins a string editUrl with the docs folder and the file; front matter custom_edit_url wins, null means none', async () => {
    const files = {
      'docs/a.md': '# A\n',
      'docs/sub/b.md': '---\ncustom_edit_url: https://elsewhere.example/b\n---\n# B\n',
      'docs/c.md': '---\ncustom_edit_url: null\n---\n# C\n',
    };
    const { graph } = await graphOf(files, { paths: { docs: '../docs' }, docs: { editUrl: 'https://git.example/repo/edit/main/website/' } });
    const editUrl = (p: string) => (graph.byPath.get(p) as { editUrl?: string }).editUrl;
    expect(editUrl('/a/')).toBe('https://git.example/repo/edit/main/website/../docs/a.md');
    expect(editUrl('/sub/b/')).toBe('https://elsewhere.example/b');
    expect(editUrl('/c/')).toBeUndefined();
    const none = await graphOf(files);
    expect((none.graph.byPath.get('/a/') as { editUrl?: string }).editUrl).toBeUndefined();
  });
});
