import { describe, expect, it } from 'vitest';
import { graphOf } from '../helpers/memorySite.ts';
import type { DocRoute, CategoryIndexRoute, BlogPostRoute } from '../../cli/graph/types.ts';
import { compareRoutes, stripNumberPrefix } from '../../cli/graph/paths.ts';

const site = {
  'docs/intro.md': '---\nid: intro\nslug: /\ntitle: Intro\nsidebar_position: 1\n---\nHello.\n',
  'docs/01-guides/_category_.yml': 'label: Guides\nposition: 2\nlink:\n  type: generated-index\n  description: All guides.\n',
  'docs/01-guides/02-configure.md': '---\ntitle: Configure\n---\nText.\n',
  'docs/01-guides/01-install.md': '---\ntitle: Install\ntags: [setup]\n---\nText.\n',
  'docs/01-guides/advanced/index.md': '---\ntitle: Advanced\n---\nText.\n',
  'docs/01-guides/advanced/tuning.md': '---\ntitle: Tuning\n---\nText.\n',
  'docs/orphan.md': '---\ntitle: Orphan\nunlisted: true\n---\nText.\n',
  'docs/draft.md': '---\ntitle: Draft\ndraft: true\n---\nText.\n',
  'blog/authors.yml': 'ada:\n  name: Ada\n',
  'blog/2024-01-02-first.md': '---\ntitle: First\nauthors: [ada]\ntags: [news]\n---\nA\n',
  'blog/2024-03-04-second/index.md': '---\ntitle: Second\nslug: second\ntags: [news, release]\n---\nB\n',
  'pages/about.md': '# About\n\nAbout us.\n',
};

describe('buildRouteGraph', () => {
  it('creates every page kind at the expected routes', async () => {
    const { graph, diagnostics } = await graphOf(site);
    expect(diagnostics).toEqual([]);
    expect(graph.routes.map((r) => `${r.kind} ${r.path}`)).toEqual([
      'doc /',
      'not-found /404.html',
      'page /about/',
      'blog-list /blog/',
      'blog-post /blog/2024/01/02/first/',
      'blog-archive /blog/archive/',
      'blog-post /blog/second/',
      'blog-tags /blog/tags/',
      'blog-tag /blog/tags/news/',
      'blog-tag /blog/tags/release/',
      'category-index /category/guides/',
      'doc /guides/advanced/',
      'doc /guides/advanced/tuning/',
      'doc /guides/configure/',
      'doc /guides/install/',
      'doc /orphan/',
      'search /search/',
      'docs-tags /tags/',
      'docs-tag /tags/setup/',
    ]);
  });

  it('lists the authors at /blog/authors/ when the blog has an authors page, counting their listed posts', async () => {
    expect((await graphOf(site)).graph.byPath.has('/blog/authors/')).toBe(false);
    const { graph } = await graphOf(site, { blog: { authorsPage: true } });
    const route = graph.byPath.get('/blog/authors/');
    expect(route?.kind === 'blog-authors' && route.authors).toEqual([{ key: 'ada', name: 'Ada', title: undefined, url: undefined, image_url: undefined, count: 1 }]);
  });

  it('gives an author a page of their posts when authors.yml gives them one, as Docusaurus names it, and links their name there', async () => {
    const authored = {
      ...site,
      'blog/authors.yml': 'ada:\n  name: Ada\n  url: https://ada.example\n  page: true\nJoelMarcey:\n  name: Joel\n  page: true\nseb:\n  name: Seb\n  page:\n    permalink: /all-seb-articles\nnopage:\n  name: No Page\n',
      'blog/2024-01-02-first.md': '---\ntitle: First\nauthors: [ada, seb]\n---\nA\n',
      'blog/2024-02-02-more.md': '---\ntitle: More\nauthors: [ada]\n---\nM\n',
      'blog/2024-03-02-most.md': '---\ntitle: Most\nauthors: [ada, nopage]\n---\nM\n',
    };
    const { graph, diagnostics } = await graphOf(authored, { blog: { postsPerPage: 2 } });
    expect(diagnostics).toEqual([]);
    const pages = graph.routes.filter((r) => r.kind === 'blog-author').map((r) => r.kind === 'blog-author' && `${r.path} ${r.author.name} ${r.author.count}: ${r.posts.map((p) => p.title).join(', ')} (page ${r.page} of ${r.totalPages})`);
    expect(pages).toEqual([
      '/blog/authors/ada/ Ada 3: Most, More (page 1 of 2)',
      '/blog/authors/ada/page/2/ Ada 3: First (page 2 of 2)',
      '/blog/authors/all-seb-articles/ Seb 1: First (page 1 of 1)',
      // The key in kebab case, as lodash makes it.
      '/blog/authors/joel-marcey/ Joel 0:  (page 1 of 1)',
    ]);
    const first = graph.byPath.get('/blog/2024/01/02/first/') as BlogPostRoute;
    expect(first.post.authors.map((a) => `${a.name} ${a.page}`)).toEqual(['Ada /blog/authors/ada/', 'Seb /blog/authors/all-seb-articles/']);
    const most = graph.byPath.get('/blog/2024/03/02/most/') as BlogPostRoute;
    expect(most.post.authors.map((a) => `${a.name} ${a.page}`)).toEqual(['Ada /blog/authors/ada/', 'No Page undefined']);
  });

  it("makes Docusaurus's checks of posts when asked: tags tags.yml does not declare, authors written out, posts without a truncate marker", async () => {
    const posts = {
      'blog/tags.yml': 'news:\n  label: News\n',
      'blog/authors.yml': 'ada:\n  name: Ada\n',
      'blog/2024-01-02-first.md': '---\ntitle: First\nauthors: [ada]\ntags: [news]\n---\nA\n\n<!-- truncate -->\n\nB\n',
      'blog/2024-02-02-second.md': '---\ntitle: Second\nauthors:\n  - name: Guest\ntags: [news, extra, { label: Written, permalink: /w }]\n---\nWhole.\n',
    };
    const problems = async (level: string) => (await graphOf(posts, { blog: { onInlineTags: level, onInlineAuthors: level, onUntruncatedBlogPosts: level } } as never)).graph.diagnostics.map((d) => `${d.severity} ${d.file}:${d.line} ${d.code}`);
    expect(await problems('ignore')).toEqual([]);
    const second = 'blog/2024-02-02-second.md';
    expect(await problems('warn')).toEqual([
      `warning ${second}:5 blog-inline-tag`,
      `warning ${second}:5 blog-inline-tag`,
      `warning ${second}:1 blog-untruncated`,
      `warning ${second}:3 blog-inline-author`,
    ]);
    expect((await problems('throw')).every((p) => p.startsWith('error '))).toBe(true);
    // Without the option the native config says nothing; a Docusaurus config warns, as Docusaurus does.
    expect((await graphOf(posts)).graph.diagnostics).toEqual([]);
  });

  it('builds the autogenerated sidebar from folders, positions and prefixes', async () => {
    const { graph } = await graphOf(site);
    expect(graph.sidebars.docs).toEqual([
      { type: 'link', label: 'Intro', href: '/', docId: 'intro' },
      {
        type: 'category',
        label: 'Guides',
        href: '/category/guides/',
        collapsed: true,
        items: [
          { type: 'link', label: 'Install', href: '/guides/install/', docId: 'guides/install' },
          { type: 'link', label: 'Configure', href: '/guides/configure/', docId: 'guides/configure' },
          { type: 'category', label: 'Advanced', href: '/guides/advanced/', collapsed: true, items: [{ type: 'link', label: 'Tuning', href: '/guides/advanced/tuning/', docId: 'guides/advanced/tuning' }] },
        ],
      },
    ]);
  });

  it('computes breadcrumbs and previous/next in reading order', async () => {
    const { graph } = await graphOf(site);
    const install = graph.byPath.get('/guides/install/') as DocRoute;
    expect(install.breadcrumbs).toEqual([{ label: 'Guides', href: '/category/guides/' }, { label: 'Install' }]);
    expect(install.previous).toEqual({ label: 'Guides', href: '/category/guides/' });
    expect(install.next).toEqual({ label: 'Configure', href: '/guides/configure/' });
    const index = graph.byPath.get('/category/guides/') as CategoryIndexRoute;
    expect(index.items.map((i) => i.label)).toEqual(['Install', 'Configure', 'Advanced']);
    expect(index.previous).toEqual({ label: 'Intro', href: '/' });
    const tuning = graph.byPath.get('/guides/advanced/tuning/') as DocRoute;
    expect(tuning.next).toBeUndefined();
  });

  it('renders pages outside every sidebar without one, and leaves drafts out', async () => {
    const { graph } = await graphOf(site);
    expect((graph.byPath.get('/orphan/') as DocRoute).sidebarId).toBeUndefined();
    expect(graph.byPath.has('/draft/')).toBe(false);
    expect(graph.version.draftIds).toEqual(['draft']);
    expect(graph.version).toMatchObject({ name: 'current', label: 'Next', isLast: true, mainDocId: 'intro', sidebars: ['docs'] });
  });

  it('orders blog posts newest first and links neighbours', async () => {
    const { graph } = await graphOf(site);
    expect(graph.posts.map((p) => p.title)).toEqual(['Second', 'First']);
    const first = graph.byPath.get('/blog/2024/01/02/first/') as BlogPostRoute;
    expect(first.previous).toEqual({ label: 'Second', href: '/blog/second/' });
    expect(first.post.authors).toEqual([{ key: 'ada', name: 'Ada' }]);
  });

  it('reports an unknown doc id in a sidebar, listing the ids that exist', async () => {
    const { diagnostics } = await graphOf(site, { docs: { sidebars: { docs: ['intro', 'guides/instal'] } } });
    expect(diagnostics).toEqual([
      'site.config.ts:: Sidebar "docs" refers to the doc id "guides/instal", which does not exist.',
    ]);
  });

  it("passes a category file's customProps and collapsible to its sidebar item, and its generated index's image and keywords to the page", async () => {
    const { graph, diagnostics } = await graphOf({
      'docs/intro.md': '# Intro\n',
      'docs/g/_category_.json': JSON.stringify({ label: 'G', collapsible: false, customProps: { icon: 'book' }, link: { type: 'generated-index', image: '/img/g.png', keywords: ['alpha'] } }),
      'docs/g/a.md': '# A\n',
    });
    expect(diagnostics).toEqual([]);
    expect(graph.sidebars.docs?.find((item) => item.type === 'category')).toMatchObject({ type: 'category', label: 'G', collapsible: false, collapsed: false, customProps: { icon: 'book' } });
    expect(graph.routes.find((r): r is CategoryIndexRoute => r.kind === 'category-index')).toMatchObject({ path: '/category/g/', image: '/img/g.png', keywords: ['alpha'] });
  });

  it('lets a draft doc id in a sidebar yield nothing', async () => {
    const { graph, diagnostics } = await graphOf(site, { docs: { sidebars: { docs: ['intro', 'draft'] } } });
    expect(diagnostics).toEqual([]);
    expect(graph.sidebars.docs).toEqual([{ type: 'link', label: 'Intro', href: '/', docId: 'intro' }]);
  });

  it('reports an unknown sidebar id with the available ids', async () => {
    const files = { ...site, 'docs/x.md': '---\ntitle: X\ndisplayed_sidebar: api\n---\nX\n' };
    const { graph } = await graphOf(files);
    const problem = graph.diagnostics.find((d) => d.code === 'unknown-sidebar-id');
    expect(problem).toMatchObject({ file: 'docs/x.md', message: 'Front matter "displayed_sidebar" refers to the sidebar "api", which does not exist.', hint: 'Available sidebar ids: "docs".' });
  });

  it('reports two files claiming one route, naming both at their slug: lines', async () => {
    const { graph } = await graphOf({ 'docs/a.md': '---\nslug: /same\n---\nA\n', 'docs/b.md': '---\nslug: /same/\n---\nB\n' });
    const problem = graph.diagnostics.find((d) => d.code === 'duplicate-route');
    expect(problem?.message).toBe('2 files claim the route /same/: "docs/a.md:2 (slug)", "docs/b.md:2 (slug)".');
    expect(problem).toMatchObject({ file: 'docs/a.md', line: 2 });
  });

  it('reports a route that a static file would overwrite', async () => {
    const { graph } = await graphOf({ 'docs/a.md': 'A\n' }, {}, ['a/index.html']);
    expect(graph.diagnostics.find((d) => d.code === 'duplicate-route')?.message).toBe('2 files claim the route /a/: "docs/a.md", "static/a/index.html".');
  });

  it('places a static file that takes a generated page\'s address at the static file', async () => {
    const { graph } = await graphOf({ 'docs/a.md': 'A\n' }, {}, ['404.html']);
    const problem = graph.diagnostics.find((d) => d.code === 'duplicate-route');
    expect(problem).toMatchObject({ file: 'static/404.html', message: '2 pages claim the route /404.html: "(generated not-found page)", "static/404.html".' });
    expect(problem?.hint).toMatch(/rename or move it/);
  });

  it("reports a page whose file would be inside a file: a static file's, the sitemap's, the search index's, the blog feed's or another page's", async () => {
    const files = {
      'docs/guide/intro.md': 'G\n',
      'docs/s.md': '---\nslug: /sitemap.xml\n---\nS\n',
      'docs/m.md': '---\nslug: /search/manifest.json\n---\nM\n',
      'docs/f.md': '---\nslug: /blog/rss.xml/x\n---\nF\n',
      'docs/p.md': '---\nslug: /p/index.html/q\n---\nP\n',
      'docs/p-page.md': '---\nslug: /p\n---\nP\n',
      'docs/fine.md': '---\nslug: /search/guide\n---\nF\n',
      'blog/2024-01-02-post.md': '---\ntitle: Post\n---\nP\n',
    };
    const { graph } = await graphOf(files, {}, ['guide']);
    const problems = graph.diagnostics.filter((d) => d.code === 'route-inside-file').map((d) => [d.file, d.line, d.message]);
    expect(problems.sort()).toEqual([
      ['docs/f.md', 2, 'The page /blog/rss.xml/x/ cannot be written: its file would be inside the folder blog/rss.xml/, but blog/rss.xml is a file (the blog\'s feed).'],
      ['docs/guide/intro.md', undefined, 'The page /guide/intro/ cannot be written: its file would be inside the folder guide/, but guide is a file (static/guide).'],
      ['docs/m.md', 2, 'The page /search/manifest.json/ cannot be written: its file would be inside the folder search/manifest.json/, but search/manifest.json is a file (the search index).'],
      ['docs/p.md', 2, 'The page /p/index.html/q/ cannot be written: its file would be inside the folder p/index.html/, but p/index.html is a file (the page /p/ (docs/p-page.md)).'],
      ['docs/s.md', 2, 'The page /sitemap.xml/ cannot be written: its file would be inside the folder sitemap.xml/, but sitemap.xml is a file (the sitemap).'],
    ]);
  });

  it('publishes a mirrored folder with canonical links to the source', async () => {
    const files = { 'docs/dev/index.md': '---\ntitle: Dev\n---\nD\n', 'docs/dev/api.md': '---\ntitle: API\n---\nA\n' };
    const { graph } = await graphOf(files, { docs: { mirrors: [{ from: 'dev', to: 'what-is' }] } });
    const copy = graph.byPath.get('/what-is/api/') as DocRoute;
    expect(copy.canonical).toBe('/dev/api/');
    expect(copy.document).toBe((graph.byPath.get('/dev/api/') as DocRoute).document);
    expect(graph.byPath.get('/what-is/')?.canonical).toBe('/dev/');
    expect(graph.fileRoutes.get('docs/dev/api.md')).toBe('/dev/api/');
  });

  it('is deterministic: the same input gives the same graph', async () => {
    const a = await graphOf(site);
    const b = await graphOf(Object.fromEntries(Object.entries(site).reverse()));
    expect(b.graph.routes.map((r) => r.path)).toEqual(a.graph.routes.map((r) => r.path));
    expect(JSON.stringify(b.graph.sidebars)).toBe(JSON.stringify(a.graph.sidebars));
  });
});

describe('paths', () => {
  it('strips number prefixes but not versions', () => {
    expect(stripNumberPrefix('02-guides')).toEqual({ name: 'guides', prefix: 2 });
    expect(stripNumberPrefix('3.3-notes')).toEqual({ name: '3.3-notes' });
    expect(stripNumberPrefix('release-3.3')).toEqual({ name: 'release-3.3' });
  });
  it('orders routes segment by segment', () => {
    const sorted = ['/a-b/', '/a/b/', '/a/', '/'].map((path) => ({ path })).sort(compareRoutes).map((r) => r.path);
    expect(sorted).toEqual(['/', '/a/', '/a/b/', '/a-b/']);
  });
});
