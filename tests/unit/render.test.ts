import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { graphOf } from '../helpers/memorySite.ts';
import { renderRoute, pageDocument } from '../../cli/render/renderRoute.ts';
import { toSiteData } from '../../cli/render/siteData.ts';
import { renderFeeds, renderSitemap, sharedHeadTags } from '../../cli/render/siteFiles.ts';
import { siteWideFiles } from '../../cli/render/siteOutputs.ts';
import { serializeData } from '../../cli/render/document.ts';

const assets = { script: '/assets/main-ABC.js', preload: ['/assets/chunk-1.js'], layouts: { 'themes/classic/layouts/BlogPages.tsx': ['/assets/chunk-blog.js'] }, css: ['/assets/main-ABC.css'] };

async function renderSite(files: Record<string, string>, overrides = {}) {
  const { graph, config } = await graphOf(files, overrides);
  const site = toSiteData(config, graph, 'test');
  const html = (path: string) => parse(pageDocument(renderRoute(graph.byPath.get(path)!, { graph, config, site }), { site, assets, headTags: '' }));
  return { graph, site, html };
}

const files = {
  'docs/intro.md': '---\nslug: /\ntitle: Welcome\ndescription: Start here.\n---\nSee [setup](./setup.md#install).\n',
  'docs/setup.md': '---\ntitle: Set <up> & go\n---\nFirst paragraph becomes the description.\n\n## Install\n\n### Deeper\n\n#### Too deep\n',
  'docs/dev/api.md': '---\ntitle: API\ndescription: The API.\n---\nA\n',
};

describe('rendered documents', () => {
  it('has the title "Page | Site", description, social tags, canonical and lang', async () => {
    const { html } = await renderSite(files);
    const doc = html('/setup/');
    expect(doc.querySelector('title')?.text).toBe('Set <up> & go | Test');
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe('en');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('First paragraph becomes the description.');
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Set <up> & go | Test');
    expect(doc.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe('https://test.example/setup/');
    expect(doc.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://test.example/setup/');
    expect(doc.querySelector('h1')?.text).toBe('Set <up> & go');
  });

  it('preloads the entry chunks everywhere, and a layout chunk only on pages with that layout', async () => {
    const { html, graph } = await renderSite({ ...files, 'blog/2024-01-02-a.md': '---\ntitle: A\n---\nA post.\n' });
    const post = [...graph.byPath.values()].find((r) => r.kind === 'blog-post')!.path;
    const preloads = (path: string) => html(path).querySelectorAll('link[rel="modulepreload"]').map((l) => l.getAttribute('href'));
    expect(preloads('/setup/')).toEqual(['/assets/chunk-1.js']);
    expect(preloads(post)).toEqual(['/assets/chunk-1.js', '/assets/chunk-blog.js']);
    expect(preloads('/blog/')).toEqual(['/assets/chunk-1.js', '/assets/chunk-blog.js']);
  });

  it('lists the blog authors with their title and listed posts at /blog/authors/', async () => {
    const { html } = await renderSite(
      { ...files, 'blog/authors.yml': 'ada:\n  name: Ada\n  title: Engineer\nbob:\n  name: Bob\n', 'blog/2024-01-02-a.md': '---\ntitle: A\nauthors: [ada]\n---\nA post.\n' },
      { blog: { authorsPage: true } },
    );
    const authors = html('/blog/authors/').querySelectorAll('.blog-authors li').map((li) => li.text);
    expect(authors).toEqual(['AdaEngineer1 post', 'Bob0 posts']);
  });

  it('applies the stored colour mode in an inline head script before any stylesheet', async () => {
    const { html } = await renderSite(files);
    const head = html('/').querySelector('head')!.innerHTML;
    const script = head.indexOf("localStorage.getItem(k)");
    const stylesheet = head.indexOf('rel="stylesheet"');
    // Both must be there (-1 would pass a plain "less than"), the script first.
    expect(script).toBeGreaterThan(0);
    expect(stylesheet).toBeGreaterThan(script);
  });

  it('resolves .md links to routes and keeps the TOC to h2–h3', async () => {
    const { html } = await renderSite(files);
    const home = html('/');
    expect(home.querySelector('#__content a')?.getAttribute('href')).toBe('/setup/#install');
    const toc = html('/setup/').querySelectorAll('.table-of-contents-wrapper a').map((a) => a.text);
    expect(toc).toEqual(['Install', 'Deeper']);
  });

  it('embeds the page data without repeating the Markdown', async () => {
    const { html } = await renderSite(files);
    const data = JSON.parse(html('/setup/').querySelector('#__data')!.text) as { kind: string; html: unknown; title: string };
    expect(data).toMatchObject({ kind: 'doc', html: null, title: 'Set <up> & go' });
  });

  it('gives mirrored pages a canonical link to the source', async () => {
    const { html } = await renderSite(files, { docs: { mirrors: [{ from: 'dev', to: 'copy' }] } });
    expect(html('/copy/api/').querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://test.example/dev/api/');
  });

  it('marks the search and not-found pages noindex and leaves them and copies out of the sitemap', async () => {
    const { html, graph, site } = await renderSite(files, { docs: { mirrors: [{ from: 'dev', to: 'copy' }] } });
    expect(html('/404.html').querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(html('/404.html').querySelector('h1')?.text).toBe('Page Not Found');
    const sitemap = renderSitemap(graph, site, true);
    expect(sitemap).toContain('<loc>https://test.example/dev/api/</loc>');
    expect(sitemap).not.toContain('/copy/');
    expect(sitemap).not.toContain('/search/');
    expect(sitemap).not.toContain('404');
  });

  it('serialises data safely inside a script element', () => {
    expect(serializeData({ a: '</script><script>alert(1)</script>' })).toBe('{"a":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}');
  });

  it('writes a hostile base URL and locale into attributes as text, never as markup', async () => {
    const baseUrl = '/"><script>alert(1)</script>/';
    const locale = 'en"><script>alert(2)</script>';
    const { graph, config } = await graphOf({ ...files, 'blog/2024-01-02-a.md': '---\ntitle: A\n---\nA post.\n' }, { baseUrl, i18n: { defaultLocale: locale, locales: [locale] } });
    const site = toSiteData(config, graph, 'test');
    const prefixed = { script: `${baseUrl}assets/main.js`, preload: [`${baseUrl}assets/c.js`], layouts: {}, css: [`${baseUrl}assets/m.css`] };
    const doc = parse(pageDocument(renderRoute(graph.byPath.get('/')!, { graph, config, site }), { site, assets: prefixed, headTags: sharedHeadTags(site, config, true) }));
    // The inline head script, the page data and the module script: nothing else.
    expect(doc.querySelectorAll('script').map((s) => s.getAttribute('src') ?? (s.id || 'inline'))).toEqual(['inline', '__data', prefixed.script]);
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe(locale);
    expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(prefixed.css[0]);
    expect(doc.querySelector('link[type="application/rss+xml"]')?.getAttribute('href')).toBe(`${baseUrl}blog/rss.xml`);
    expect(doc.querySelector('#__content a')?.getAttribute('href')).toBe(`${baseUrl}setup/#install`);
  });

  it("puts the config's stylesheets, scripts and head tags in every page's head, as Docusaurus writes them, before the theme's stylesheet", async () => {
    const { graph, config } = await graphOf(files, {
      stylesheets: ['https://cdn.example/katex.css', { href: '/css/extra.css', media: 'print', crossorigin: true }],
      scripts: ['/js/a.js', { src: 'https://cdn.example/b.js', defer: true, async: false, type: 'module' }],
      headTags: [{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://fonts.example' } }, { tagName: 'meta', attributes: { name: 'docs-sha', content: 'a"b<c' } }, { tagName: 'script', attributes: { type: 'application/ld+json' }, innerHTML: '{"@type":"Organization"}' }],
    });
    const site = toSiteData(config, graph, 'test');
    const head = sharedHeadTags(site, config, false);
    expect(head).toBe(
      [
        '<link rel="stylesheet" href="https://cdn.example/katex.css">',
        '<link rel="stylesheet" href="/css/extra.css" media="print" crossorigin>',
        '<script src="/js/a.js"></script>',
        '<script src="https://cdn.example/b.js" defer type="module"></script>',
        '<link rel="preconnect" href="https://fonts.example">',
        '<meta name="docs-sha" content="a&quot;b&lt;c">',
        '<script type="application/ld+json">{"@type":"Organization"}</script>',
        '',
      ].join('\n'),
    );
    const doc = pageDocument(renderRoute(graph.byPath.get('/')!, { graph, config, site }), { site, assets, headTags: head });
    expect(doc.indexOf('katex.css')).toBeLessThan(doc.indexOf(assets.css[0]!));
  });

  it("lists the config's heading levels in a page's table of contents (tableOfContents), the front matter's first, in docs and posts", async () => {
    const deep = '## Two\n\n### Three\n\n#### Four\n\n##### Five\n';
    const { html } = await renderSite(
      { 'docs/intro.md': `---\nslug: /\n---\n# Intro\n\n${deep}`, 'docs/own.md': `---\ntoc_max_heading_level: 5\n---\n# Own\n\n${deep}`, 'blog/2024-01-02-post.md': `---\ntitle: Post\n---\n${deep}` },
      { tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 } },
    );
    // Drawn twice (the wide screen's column and the narrow one's fold): each heading once.
    const toc = (path: string) => [...new Set(html(path).querySelectorAll('.table-of-contents a').map((a) => a.textContent))];
    expect(toc('/')).toEqual(['Two', 'Three', 'Four']);
    expect(toc('/own/')).toEqual(['Two', 'Three', 'Four', 'Five']);
    expect(toc('/blog/2024/01/02/post/')).toEqual(['Two', 'Three', 'Four']);
  });

  it("opens a navbar link where its target says: an outside one in the same tab with _self, without rel (prettier's playground link)", async () => {
    const { html } = await renderSite(files, {
      navbar: { items: [{ label: 'Playground', href: 'https://play.example/', target: '_self' }, { label: 'Elsewhere', href: 'https://else.example/' }, { label: 'Setup', to: '/setup/', target: '_blank' }] },
    });
    const link = (label: string) => html('/').querySelectorAll('a.navbar__link').find((a) => a.textContent.startsWith(label))!;
    expect([link('Playground').getAttribute('target'), link('Playground').getAttribute('rel')]).toEqual(['_self', undefined]);
    expect([link('Elsewhere').getAttribute('target'), link('Elsewhere').getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect(link('Setup').getAttribute('target')).toBe('_blank');
  });

  it('loads gtag.js for Google Analytics as Docusaurus does, with every tracking id configured as a script string', async () => {
    const { graph, config } = await graphOf(files, { gtag: { trackingID: ['G-ONE', 'G-"</script><script>alert(1)//'], anonymizeIP: true } });
    const head = sharedHeadTags(toSiteData(config, graph, 'test'), config, false);
    expect(head).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-ONE"></script>');
    expect(head).toContain('gtag("config","G-ONE",{"anonymize_ip":true});');
    expect(head).toContain('gtag("config","G-\\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)//",{"anonymize_ip":true});');
    expect(head.match(/<\/script>/g)).toHaveLength(2);
    expect(head).toContain('addEventListener("site:route-update"');
  });

  it('loads a Google Tag Manager container, its id written as a script string', async () => {
    const { graph, config } = await graphOf(files, { googleTagManager: { containerId: 'GTM-X"</script>' } });
    const head = sharedHeadTags(toSiteData(config, graph, 'test'), config, false);
    expect(head).toContain('(window,document,"script","dataLayer","GTM-X\\"\\u003c/script\\u003e")</script>');
    expect(head.match(/<\/script>/g)).toHaveLength(1);
  });

  it("leaves the sitemap, a feed or robots.txt to the static folder's own file of that name", async () => {
    const { graph, config } = await graphOf({ ...files, 'blog/2024-01-02-a.md': '---\ntitle: A\n---\nA post.\n' });
    const site = toSiteData(config, graph, 'test');
    const names = (staticFiles: string[]) => siteWideFiles(graph, site, config, staticFiles).map(([file]) => file).filter((file) => !file.startsWith('page-data/'));
    expect(names([])).toEqual(['sitemap.xml', 'blog/rss.xml', 'blog/atom.xml', 'blog/feed.json', 'robots.txt']);
    expect(names(['sitemap.xml', 'blog/rss.xml', 'robots.txt', 'img/logo.svg'])).toEqual(['blog/atom.xml', 'blog/feed.json']);
  });

  it('writes feeds and the sitemap that are XML whatever a config string holds', async () => {
    // XML 1.0's Char production, written out: what a feed reader's parser accepts.
    const isXmlChar = (code: number) => code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
    const blog = { title: 'News\u0007 \u{1F600}', description: 'Bad\u0000 \uFFFF\uD800 end' };
    const { graph, config } = await graphOf({ ...files, 'blog/2024-01-02-a.md': '---\ntitle: A & B\n---\nA post.\n' }, { url: 'https://example.com\u0001', blog });
    const site = toSiteData(config, graph, 'test');
    const written: Record<string, string> = { ...renderFeeds(graph, site, config), 'sitemap.xml': renderSitemap(graph, site, true) };
    for (const [name, text] of Object.entries(written)) {
      if (!name.endsWith('.xml')) continue;
      const bad = [...text].map((c) => c.codePointAt(0)!).filter((code) => !isXmlChar(code));
      expect({ name, bad }).toEqual({ name, bad: [] });
    }
    expect(written['blog/rss.xml']).toContain('<title>News \u{1F600}</title>');
    expect(written['blog/rss.xml']).toContain('<description>Bad  end</description>');
    expect(written['blog/atom.xml']).toContain('<title type="html">A &amp; B</title>');
  });
});
