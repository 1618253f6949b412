import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { toPageData } from '../../cli/render/toPageData.ts';
import { renderForPage } from '../helpers/contentHtml.ts';
import { checkLinks } from '../../cli/links/checkLinks.ts';
import { permalinkOf, resolveSlug, stripNumberPrefix } from '../../cli/graph/paths.ts';
import { graphOf } from '../helpers/memorySite.ts';
import type { DocRoute } from '../../cli/graph/types.ts';

/**
 * Ids, URLs and links exactly as Docusaurus makes them (issue #13), on a fixture site
 * holding every form, beside the route list Docusaurus 3 builds from it.
 */

const fixture = path.resolve(import.meta.dirname, '../fixtures/sites/docusaurus-urls');
const quiet = createReporter({ quiet: true });

describe('the docusaurus-urls fixture', async () => {
  const config = await loadConfig(fixture);
  const { graph, diagnostics } = await analyze(config, { reporter: quiet });

  it('has exactly the routes Docusaurus builds, at the URLs Docusaurus gives them', () => {
    const expected = fs.readFileSync(path.join(fixture, 'routes.txt'), 'utf8').trim().split('\n');
    // Docusaurus has no search page without a search theme, and writes 404.html as a file.
    const ours = graph.routes.filter((r) => r.kind !== 'search' && r.kind !== 'not-found').map((r) => r.permalink ?? r.path);
    expect(ours.sort()).toEqual(expected.sort());
  });

  it('resolves every link, with no other problem', () => {
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([]);
  });

  it('writes each link as the page it leads to, whatever address the page is seen at', () => {
    const hrefs = (routePath: string) => {
      const page = toPageData(graph.byPath.get(routePath)!, graph, config, renderForPage) as { html: string };
      return parse(page.html).querySelectorAll('a:not(.hash-link)').map((a) => a.getAttribute('href'));
    };
    // As Docusaurus writes them: each page's permalink, with a slash only for a folder's page.
    expect(hrefs('/docs/intro/')).toEqual([
      '/docs/api/',
      '/docs/guides/setup#step-one',
      '/docs/api/api',
      '/docs/elsewhere/page?tab=one#top',
      '/docs/elsewhere/page',
      '/docs/2.0-notes',
      '/docs/rest',
      '/docs/guides/config',
      '/files/guide.pdf',
      '/blog/2024/03/01/launch',
      '/help/',
    ]);
    expect(hrefs('/docs/guides/setup/')).toEqual(['/docs/rest', '/docs/guides/config', '/docs/intro#intro-heading']);
    expect(hrefs('/docs/guides/')).toEqual(['/docs/guides/setup']);
    expect(hrefs('/docs/api/deep/nested/')).toEqual(['/docs/api/']);
    expect(hrefs('/help/')).toEqual(['/about']);
    // A code sample showing a relative link shows it as written.
    const setup = toPageData(graph.byPath.get('/docs/guides/setup/')!, graph, config, renderForPage) as { html: string };
    expect(parse(setup.html, { blockTextElements: {} }).querySelector('pre')!.textContent).toContain('<a href="config">');
  });
});

describe('links Docusaurus rejects stay errors', () => {
  const deps = { staticFiles: new Set<string>(), fileStatus: () => 'missing' as const };

  it('./ and ../ file links look only beside the file; URL links resolve against the page URL without its slash', async () => {
    const { graph, config } = await graphOf(
      {
        'docs/top.md': '# Top\n',
        'docs/sub/page.md': '# Page\n\n[a](./top.md) [b](top.md) [c](../sub/top.md)\n\n[d](other) [e](./other) [f](sub/other)\n',
        'docs/sub/other.md': '# Other\n',
      },
      { trailingSlash: undefined },
    );
    expect(checkLinks(graph, config, deps).map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message.split(':')[0]}`)).toEqual([
      'docs/sub/page.md:3:1 broken-link Broken link to "./top.md"',
      'docs/sub/page.md:3:27 broken-link Broken link to "../sub/top.md"',
      'docs/sub/page.md:5:25 broken-link Broken link to "sub/other"',
    ]);
  });
});

describe('the rules, one by one', () => {
  it('strips number prefixes as Docusaurus does', () => {
    expect(['01-x', '01.x', '01_x', '1 - x', '003 - x', '0001-x', '1--x', '2021-11-x', '7.0-x', '1_2-x', '12', '1-', '1-.x', 'a1-x'].map((s) => stripNumberPrefix(s).name)).toEqual([
      'x', 'x', 'x', 'x', 'x', 'x', 'x', '2021-11-x', '7.0-x', '1_2-x', '12', '1-', 'x', 'a1-x',
    ]);
    expect(stripNumberPrefix('003 - x').prefix).toBe(3);
  });

  it('resolves slugs against the folder as URL paths', () => {
    expect([['x', '/a/b/'], ['../x', '/a/b/'], ['x/', '/a/b/'], ['/x', '/a/b/'], ['./', '/a/b/'], ['..', '/a/b/'], ['../../..', '/a/'], ['', '/']].map(([s, f]) => resolveSlug(s!, f!))).toEqual([
      '/a/b/x', '/a/x', '/a/b/x/', '/x', '/a/b/', '/a/', '/', '/',
    ]);
  });

  it('gives a page its slash only when it stands for a folder, unless trailingSlash says otherwise', () => {
    expect([permalinkOf('/a/', false, undefined), permalinkOf('/a/', true, undefined), permalinkOf('/a/', false, true), permalinkOf('/a/', true, false), permalinkOf('/', false, false), permalinkOf('/404.html', false, true)]).toEqual([
      '/a', '/a/', '/a/', '/a', '/', '/404.html',
    ]);
  });

  it('puts docs at the site root with routeBasePath "" or "/"', async () => {
    for (const routeBasePath of ['', '/']) {
      const { graph } = await graphOf({ 'docs/a.md': '# A\n', 'docs/index.md': '# Home\n' }, { trailingSlash: undefined, docs: { routeBasePath } });
      expect(graph.routes.filter((r) => r.kind === 'doc').map((r) => r.permalink ?? r.path)).toEqual(['/', '/a']);
    }
  });

  it('refuses a front matter id holding "/", at its line', async () => {
    const { diagnostics } = await graphOf({ 'docs/a.md': '---\ntitle: A\nid: x/y\n---\n# A\n' });
    expect(diagnostics).toEqual([expect.stringMatching(/^docs\/a\.md:3: .*"id"/)]);
  });

  it('moves a doc by its front matter id, and keeps the category index by raw names', async () => {
    const { graph } = await graphOf({
      'docs/01-g/01-g.md': '# G\n',
      'docs/01-g/g.md': '# Not the index\n',
      'docs/01-g/x.md': '---\nid: why\n---\n# X\n',
      'docs/G2/g2.md': '---\nid: other\n---\n# Index whatever its id\n',
      'docs/k/README.md': '---\nslug: own\n---\n# Own slug\n',
    }, { trailingSlash: undefined });
    expect(graph.routes.filter((r) => r.kind === 'doc').map((r) => `${'doc' in r ? r.doc.id : ''} ${r.permalink ?? r.path}`).sort()).toEqual([
      'G2/other /G2/', 'g/g /g/g', 'g/g /g/', 'g/why /g/why', 'k/README /k/own',
    ].sort());
  });
});

describe('tags', () => {
  it('are at the kebab case of their label, or at the permalink they give, for docs and posts alike', async () => {
    const { graph } = await graphOf({
      'docs/a.md': '---\ntags: [Release Notes, v1.0, "What\'s new", café, camelCase, {label: Own, permalink: /my-own}]\n---\n# A\n',
      'blog/2024-01-01-p.md': '---\ntitle: P\ntags: [Release Notes, {label: Own, permalink: mine}]\n---\nText.\n',
    });
    const docTags = graph.routes.filter((r) => r.kind === 'docs-tag').map((r) => r.path);
    expect(docTags).toEqual(['/tags/cafe/', '/tags/camel-case/', '/tags/my-own/', '/tags/release-notes/', '/tags/v-1-0/', '/tags/whats-new/']);
    expect(graph.posts[0]!.tags).toEqual([{ label: 'Release Notes', permalink: '/blog/tags/release-notes/' }, { label: 'Own', permalink: '/blog/tags/mine/' }]);
  });

  it("take label and permalink from the folder's tags.yml, with Docusaurus's defaults; other tags stay inline", async () => {
    const { graph, diagnostics } = await graphOf({
      'docs/tags.yml': 'release:\n  label: Releases\n  permalink: /all-releases\n  description: Every release.\nhello World:\nnews: {}\n',
      'docs/a.md': '---\ntags: [release, hello World, news, other]\n---\n# A\n',
      'blog/tags.yml': 'release:\n  permalink: /shipped\n',
      'blog/2024-01-01-p.md': '---\ntitle: P\ntags: [release]\n---\nText.\n',
      'blog/2024-01-02-q.md': '---\ntitle: Q\ntags: [{label: release, permalink: /inline}]\n---\nText.\n',
    });
    expect(diagnostics).toEqual([]);
    expect((graph.byPath.get('/a/') as DocRoute).tags).toEqual([
      { label: 'Releases', permalink: '/tags/all-releases/' },
      { label: 'Hello world', permalink: '/tags/hello-world/' },
      { label: 'News', permalink: '/tags/news/' },
      { label: 'other', permalink: '/tags/other/' },
    ]);
    expect(graph.posts.map((p) => p.tags)).toEqual([[{ label: 'release', permalink: '/blog/tags/inline/' }], [{ label: 'Release', permalink: '/blog/tags/shipped/' }]]);
  });

  it('report a tags.yml that is not a map of tags, at its line', async () => {
    const { diagnostics } = await graphOf({ 'docs/tags.yml': 'release:\n  colour: red\n', 'docs/a.md': '# A\n' });
    expect(diagnostics).toEqual([`docs/tags.yml:2: tags.yml: "release" has the unknown key "colour".`]);
  });
});
