import { describe, expect, it } from 'vitest';
import type { UserConfig } from '../../cli/config/types.ts';
import { checkLinks } from '../../cli/links/checkLinks.ts';
import { redirectPage } from '../../cli/render/redirectPage.ts';
import { graphOf } from '../helpers/memorySite.ts';

/** Redirects as Docusaurus's client-redirects plugin makes them (graph/redirects.ts), on inline sites. */

const files = {
  'docs/intro.md': '# Intro\n',
  'docs/guide/index.md': '# Guide\n',
  'docs/guide/setup.md': '# Setup\n\n## Install\n',
  'blog/2024-01-02-hello.md': '---\ntitle: Hello\n---\nHi.\n',
};

async function redirectsOf(redirects: UserConfig['redirects'], overrides: Partial<UserConfig> = {}, staticFiles: string[] = []) {
  const { graph, config } = await graphOf(files, { docs: { routeBasePath: '/docs' }, trailingSlash: undefined, ...overrides, redirects }, staticFiles);
  const problems = graph.diagnostics.filter((d) => d.code.startsWith('redirect'));
  const broken = checkLinks(graph, config, { staticFiles: new Set(staticFiles), fileStatus: () => 'ok' }).filter((d) => d.code === 'broken-redirect');
  return {
    pairs: graph.redirects.map((r) => `${r.from} → ${r.to} @ ${r.file}`),
    problems: [...problems, ...broken].map((d) => `${d.severity} ${d.configKey}: ${d.message}`),
    graph,
  };
}

describe('redirects', () => {
  it('from rules: each from (or list of them) to its target, one file per old address', async () => {
    const { pairs, problems } = await redirectsOf({ rules: [{ from: '/old-intro', to: '/docs/intro' }, { from: ['/a', '/b/'], to: '/docs/guide/setup?x=1#install' }, { from: '/out', to: 'https://example.com/x' }] });
    expect(problems).toEqual([]);
    expect(pairs).toEqual([
      '/a → /docs/guide/setup?x=1#install @ a/index.html',
      '/b/ → /docs/guide/setup?x=1#install @ b/index.html',
      '/old-intro → /docs/intro @ old-intro/index.html',
      '/out → https://example.com/x @ out/index.html',
    ]);
  });

  it('fromExtensions: every page at <page>.html, as Docusaurus names the file (a.html/index.html: the page keeps precedence)', async () => {
    const { pairs } = await redirectsOf({ fromExtensions: ['html'] });
    expect(pairs).toContain('/docs/intro.html → /docs/intro @ docs/intro.html/index.html');
    expect(pairs).toContain('/blog/2024/01/02/hello.html → /blog/2024/01/02/hello @ blog/2024/01/02/hello.html/index.html');
    // A page that stands for a folder keeps its slash (Docusaurus: "/docs/guide/" → "/docs/guide.html/"); the home page has none.
    expect(pairs).toContain('/docs/guide.html/ → /docs/guide/ @ docs/guide.html/index.html');
    expect(pairs.some((p) => p.startsWith('/.html') || p.startsWith('/404'))).toBe(false);
    // With trailingSlash: false a page is the file x.html already: that address needs no redirect.
    const flat = await redirectsOf({ fromExtensions: ['html'] }, { trailingSlash: false });
    expect(flat.pairs.filter((p) => p.includes('intro'))).toEqual([]);
    expect(flat.problems).toEqual([]);
  });

  it('toExtensions: a page whose path ends in the extension is also at the path without it', async () => {
    const { pairs } = await redirectsOf({ toExtensions: ['html'] }, {}, []);
    // Only the not-found page ends in .html, and it is no page to redirect to.
    expect(pairs).toEqual([]);
    const { graph } = await graphOf({ 'docs/a.md': '---\nslug: /manual.html\n---\n# M\n' }, { redirects: { toExtensions: ['html'] }, trailingSlash: undefined });
    expect(graph.redirects.map((r) => `${r.from} → ${r.to}`)).toEqual(['/manual → /manual.html']);
  });

  it('createRedirects: called with each page URL as Docusaurus writes it, under the base URL; a string, a list or nothing', async () => {
    const seen: string[] = [];
    const { pairs, problems } = await redirectsOf({
      createRedirects: (path) => {
        seen.push(path);
        if (path.startsWith('/docs/guide/')) return [path.replace('/docs/guide/', '/docs/old-guide/'), path.replace('/docs/', '/v1/')];
        return path === '/docs/intro' ? '/start' : undefined;
      },
    }, { baseUrl: '/base/' });
    expect(seen).toContain('/docs/intro');
    expect(seen).toContain('/blog');
    expect(seen).toContain('/docs/guide/');
    expect(seen).not.toContain('/404.html');
    expect(problems).toEqual([]);
    expect(pairs).toEqual([
      '/docs/old-guide/ → /docs/guide/ @ docs/old-guide/index.html',
      '/docs/old-guide/setup → /docs/guide/setup @ docs/old-guide/setup/index.html',
      '/start → /docs/intro @ start/index.html',
      '/v1/guide/ → /docs/guide/ @ v1/guide/index.html',
      '/v1/guide/setup → /docs/guide/setup @ v1/guide/setup/index.html',
    ]);
  });

  it('createRedirects that throws or returns something else: an error naming the page it was called with', async () => {
    const threw = await redirectsOf({ createRedirects: (path) => { if (path === '/docs/intro') throw new Error('no such map'); return undefined; } });
    expect(threw.problems).toEqual(['error redirects.createRedirects: createRedirects("/docs/intro") threw: no such map: the redirects it would make for the site are left out.']);
    const odd = await redirectsOf({ createRedirects: (() => [42]) as never });
    expect(odd.problems[0]).toMatch(/^error redirects.createRedirects: createRedirects\(".*"\) returned a list holding something other than strings/);
    const later = await redirectsOf({ createRedirects: (async () => '/x') as never });
    expect(later.problems[0]).toMatch(/returned a promise/);
  });

  it('a target gets the site trailing slash, as Docusaurus applies it (its query and hash kept)', async () => {
    const slash = await redirectsOf({ rules: [{ from: '/x', to: '/docs/intro?a=1#b' }, { from: '/home', to: '/' }] }, { trailingSlash: true });
    expect(slash.pairs).toEqual(['/home → / @ home/index.html', '/x → /docs/intro/?a=1#b @ x/index.html']);
    const none = await redirectsOf({ rules: [{ from: '/x', to: '/docs/intro/' }] }, { trailingSlash: false });
    expect(none.pairs).toEqual(['/x → /docs/intro @ x/index.html']);
    expect(none.problems).toEqual([]);
  });

  it('an old address that is not a path of this site is refused at its key: URLs, queries, ".." in any form', async () => {
    const bad = ['docs/x', '//evil.example/x', 'https://evil.example/', '/a?b', '/a#b', '/../../etc/passwd', '/a/%2e%2e/%2e%2e/x', '/a%2fb', '/100%', '/a\\b'];
    const { pairs, problems } = await redirectsOf({ rules: bad.map((from) => ({ from, to: '/docs/intro' })) });
    expect(pairs).toEqual([]);
    expect(problems).toHaveLength(bad.length);
    bad.forEach((from, i) => expect(problems[i]).toContain(`error redirects.rules.${i}.from: The redirect from "${from}" is not made`));
  });

  it('a target that is no page leads nowhere: an error with the nearest routes; a scheme other than http(s) is refused', async () => {
    const { problems } = await redirectsOf({ rules: [{ from: '/x', to: '/docs/intro-old' }, { from: '/y', to: 'javascript:alert(1)' }, { from: '/z', to: 'data:text/html,hi' }, { from: '/w', to: 'docs/intro' }, { from: '/v', to: 'https://a.example/x y' }] });
    expect(problems.slice(0, 3).map((p) => p.split(' is not made')[0])).toEqual([
      'error redirects.rules.1.to: The redirect from "/y" to "javascript:alert(1)"',
      'error redirects.rules.2.to: The redirect from "/z" to "data:text/html,hi"',
      'error redirects.rules.3.to: The redirect from "/w" to "docs/intro"',
    ]);
    expect(problems[3]).toMatch(/^error redirects.rules.4.to: The redirect from "\/v" to "https:\/\/a.example\/x y" is not made/);
    expect(problems[4]).toBe('error redirects.rules.0.to: The redirect from "/x" leads to "/docs/intro-old", which is no page or file of this site.');
    // A target is under the base URL: one that names it again leads to /base/base/….
    const based = await redirectsOf({ rules: [{ from: '/x', to: '/base/docs/intro' }, { from: '/y', to: '/docs/intro' }] }, { baseUrl: '/base/' });
    expect(based.problems).toEqual(['error redirects.rules.0.to: The redirect from "/x" leads to "/base/docs/intro", which is no page or file of this site.']);
    // A static file is a target as a page is.
    const file = await redirectsOf({ rules: [{ from: '/manual', to: '/files/manual.pdf' }] }, {}, ['files/manual.pdf']);
    expect(file.problems).toEqual([]);
    expect(file.pairs).toEqual(['/manual → /files/manual.pdf @ manual/index.html']);
  });

  it('a page keeps its address (with or without its slash); a file keeps its own: never replaced', async () => {
    const { pairs, problems } = await redirectsOf(
      { rules: [{ from: ['/docs/intro', '/docs/guide/setup/', '/docs/intro/index.html'], to: '/blog' }, { from: '/sitemap.xml', to: '/docs/intro' }, { from: '/img/logo.png', to: '/docs/intro' }, { from: '/assets/js/x', to: '/docs/intro' }] },
      {},
      ['img/logo.png'],
    );
    expect(pairs).toEqual([]);
    expect(problems).toEqual([
      'warning redirects.rules.0.from.0: The redirect from "/docs/intro" to "/blog" is left out: "/docs/intro" is a page of this site, which keeps its address.',
      'warning redirects.rules.0.from.1: The redirect from "/docs/guide/setup/" to "/blog" is left out: "/docs/guide/setup/" is a page of this site, which keeps its address.',
      'warning redirects.rules.0.from.2: The redirect from "/docs/intro/index.html" to "/blog" is left out: "/docs/intro/index.html" is a page of this site, which keeps its address.',
      'error redirects.rules.1.from: The redirect from "/sitemap.xml" would replace the sitemap, which has that address.',
      'error redirects.rules.2.from: The redirect from "/img/logo.png" would replace the static file "img/logo.png", which has that address.',
      'error redirects.rules.3.from: The redirect from "/assets/js/x" is not made: it is in "/assets/", a folder the generator writes.',
    ]);
  });

  it('an address redirected twice leads to the first target, with a warning; the same target twice is one redirect', async () => {
    const { pairs, problems } = await redirectsOf({ rules: [{ from: '/x', to: '/docs/intro' }, { from: ['/x/', '/y'], to: '/docs/intro' }, { from: '/x', to: '/blog' }] });
    expect(pairs).toEqual(['/x → /docs/intro @ x/index.html', '/y → /docs/intro @ y/index.html']);
    expect(problems).toEqual(['warning redirects.rules.2.from: "/x" is redirected twice: to "/docs/intro" and to "/blog". It leads to "/docs/intro", the first.']);
  });

  it('an extension Docusaurus refuses is an error at its key, and makes no redirect', async () => {
    const { pairs, problems } = await redirectsOf({ fromExtensions: ['.html', '', 'a/b', 'ü'] });
    expect(pairs).toEqual([]);
    expect(problems.map((p) => p.split(':')[0])).toEqual(['error redirects.fromExtensions.0', 'error redirects.fromExtensions.1', 'error redirects.fromExtensions.2', 'error redirects.fromExtensions.3']);
  });
});

describe('a redirect page', () => {
  const site = { url: 'https://docs.example', baseUrl: '/base/', locale: 'en' };

  it('leads to the target under the base URL: script (keeping query and hash), meta refresh without script, canonical, link', () => {
    const html = redirectPage({ from: '/old', to: '/docs/intro?a=1', file: 'old/index.html', configKey: 'redirects.rules.0.to' }, site);
    expect(html).toContain('<script>var to=new URL("/base/docs/intro?a=1",location.href);');
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="0; url=/base/docs/intro?a=1"></noscript>');
    expect(html).toContain('<link rel="canonical" href="https://docs.example/base/docs/intro?a=1">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<a href="/base/docs/intro?a=1">');
  });

  it('escapes the target wherever it is written: no value ends the script or an attribute', () => {
    const to = 'https://x.example/</script><script>alert(1)</script>"><img src=x onerror=alert(2)>\u2028';
    const html = redirectPage({ from: '/old', to, file: 'old/index.html', configKey: 'k' }, site);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html.slice(html.indexOf('<script>'), html.indexOf('</script>'))).not.toContain('\u2028');
    expect(html).toContain('\\u003c/script\\u003e');
  });
});
