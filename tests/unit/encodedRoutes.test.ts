import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { createStaticServer, slashlessFor } from '../../cli/serve/staticServer.ts';
import { canonicalPath, canonicalSegment, encodeSegment, joinRoute, urlFilePath } from '../../cli/graph/paths.ts';
import { random } from '../../bench/random.ts';
import { graphOf, writeTempSite } from '../helpers/memorySite.ts';
import { runCli } from '../helpers/cli.ts';

// File names a host cannot serve as they are: "#" starts a fragment, "?" a query, "%"
// an escape; spaces and non-ASCII must be encoded in a URL.
const NAMES = ['a#b', 'what?', '100%', 'café', 'with space'];

describe('routes are URL paths: encoded once, files decoded', () => {
  it('joins file names into encoded routes, and back into file paths', () => {
    expect(NAMES.map((n) => joinRoute('/', n))).toEqual(['/a%23b/', '/what%3F/', '/100%25/', '/caf%C3%A9/', '/with%20space/']);
    expect(NAMES.map((n) => urlFilePath(joinRoute('/', n)))).toEqual(NAMES.map((n) => `${n}/`));
    // Already-encoded slugs are not encoded twice; the result is stable.
    expect(joinRoute('/docs', 'caf%C3%A9')).toBe('/docs/caf%C3%A9/');
    expect(joinRoute(joinRoute('/', '100%'))).toBe('/100%25/');
    // A decoded "/" stays encoded in the file path: no URL names a file elsewhere.
    expect(urlFilePath('/a%2F..%2F..%2Fx/')).toBe('a%2F..%2F..%2Fx/');
  });

  it('reads a "%" in a file or folder name as a character, even before two hex digits; a slug as a URL', async () => {
    const files = {
      'docs/intro.md': '---\nslug: /\n---\n# Intro\n',
      'docs/%2e%2e.md': '# Dots\n',
      'docs/%41.md': '# A\n',
      'docs/a%2fb.md': '# Slash\n',
      'docs/%25/x.md': '# In a folder\n',
      'docs/caf.md': '---\nslug: /caf%C3%A9\n---\n# Slug\n',
      'blog/2024-01-02-%41.md': '---\ntitle: Post\n---\nP\n',
      'pages/p%41.md': '# Page\n',
    };
    const { graph } = await graphOf(files);
    const paths = (source: string) => graph.routes.filter((r) => r.source === source).map((r) => r.path);
    expect(graph.diagnostics).toEqual([]);
    expect(paths('docs/%2e%2e.md')).toEqual(['/%252e%252e/']);
    expect(paths('docs/%41.md')).toEqual(['/%2541/']);
    expect(paths('docs/a%2fb.md')).toEqual(['/a%252fb/']);
    expect(paths('docs/%25/x.md')).toEqual(['/%2525/x/']);
    expect(paths('docs/caf.md')).toEqual(['/caf%C3%A9/']);
    expect(paths('blog/2024-01-02-%41.md')).toEqual(['/blog/2024/01/02/%2541/']);
    expect(paths('pages/p%41.md')).toEqual(['/p%2541/']);
    // Each is written under its own name.
    expect(urlFilePath('/%252e%252e/')).toBe('%2e%2e/');
  });

  it('refuses a slug that writes a slash or backslash encoded (no host serves it), at its line; a file named so is served', async () => {
    const { graph } = await graphOf({
      'docs/intro.md': '---\nslug: /\n---\n# Intro\n',
      'docs/up.md': '---\nslug: /a/%2F..%2F..%2Fw\n---\n# Up\n',
      'docs/back.md': '---\ntitle: Back\nslug: /b/%5cx\n---\n# Back\n',
      'docs/a%2fb.md': '# Slash in a name\n',
    });
    expect(graph.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      "docs/up.md:2 The page's address /a/%2F..%2F..%2Fw/ cannot be written as a file: it holds an encoded slash (%2F), which a static host reads as a folder separator, so no address reaches the page.",
      "docs/back.md:3 The page's address /b/%5Cx/ cannot be written as a file: it holds an encoded backslash (%5C), which a static host reads as a folder separator, so no address reaches the page.",
    ]);
  });

  it('compares links in the encoded form a browser sends', () => {
    expect(canonicalPath('/caf%c3%a9/')).toBe('/caf%C3%A9/');
    expect(canonicalPath('/café/')).toBe('/caf%C3%A9/');
    expect(canonicalPath('/100%/')).toBeUndefined();
  });

  it('check: relative .md links reach them; raw "#", "?" or "%" in a path reach nothing', async () => {
    const files: Record<string, string> = { 'docs/intro.md': '# Intro\n\n[1](./a%23b.md) [2](./what%3F.md) [3](./100%25.md) [4](./café.md) [5](<./with space.md>) [6](/caf%C3%A9/) [7](/with%20space/)\n' };
    for (const name of NAMES) files[`docs/${name}.md`] = `# ${name}\n`;
    const { graph, config } = await graphOf(files);
    const { checkLinks } = await import('../../cli/links/checkLinks.ts');
    expect(checkLinks(graph, config, { staticFiles: new Set(), fileStatus: () => 'ok' as const }).map((d) => d.message)).toEqual([]);
    // (A lone "%" in Markdown is encoded by the parser itself: [z](/100%/) is href="/100%25/".)
    const bad = await graphOf({ ...files, 'docs/intro.md': '# Intro\n\n[x](/a#b/) [y](/what?/) [z](./a#b.md)\n' });
    expect(checkLinks(bad.graph, bad.config, { staticFiles: new Set(), fileStatus: () => 'ok' as const }).map((d) => `${d.code} ${d.message}`)).toEqual([
      'broken-link Broken link to "/a#b/": no page or file has that address.',
      'broken-link Broken link to "/what?/": no page or file has that address.',
      'broken-link Broken link to "./a#b.md": no page or file has that address.',
    ]);
  });
});

/** A page's URL on a site without trailingSlash: its route without the slash. */
const permalink = (name: string) => joinRoute('/', name).slice(0, -1);

describe('a built site with such file names', () => {
  let dir: string;
  let out: string;
  let base: string;
  let server: ReturnType<typeof createStaticServer>;

  beforeAll(async () => {
    const files: Record<string, string> = {
      'site.config.ts': "export default { title: 'T', url: 'https://t.example', navbar: { items: [] } };\n",
      'docs/intro.md': '# Intro\n\n[1](./a%23b.md) [2](./what%3F.md) [3](./100%25.md) [4](./café.md) [5](<./with space.md>)\n',
      'blog/2024-01-02-post#1.md': '---\ntags: [naïve tag]\n---\n# Post\n\nText.\n',
    };
    for (const name of NAMES) files[`docs/${name}.md`] = `# Page ${name}\n\nBack to [intro](./intro.md).\n`;
    dir = writeTempSite(files);
    out = path.join(dir, 'build');
    const check = runCli(['check', dir]);
    expect(check.stderr + check.stdout).toContain('All links resolve');
    const build = runCli(['build', dir, '--out-dir', out]);
    expect(build.code, build.stderr).toBe(0);
    // Without trailingSlash, pages are written at their permalinks ("/a%23b", as Docusaurus does), which serve answers.
    server = createStaticServer(out, slashlessFor(undefined));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes each page under its decoded name', () => {
    for (const name of NAMES) expect(fs.existsSync(path.join(out, name, 'index.html')), name).toBe(true);
  });

  it('every href and src on every page is served (200)', async () => {
    const pages = fs.readdirSync(out, { recursive: true }).map(String).filter((f) => f.endsWith('.html') && f !== '404.html');
    const urls = new Set<string>();
    for (const page of pages) {
      const html = parse(fs.readFileSync(path.join(out, page), 'utf8'));
      for (const el of html.querySelectorAll('[href], [src]')) {
        const url = el.getAttribute('href') ?? el.getAttribute('src')!;
        if (url.startsWith('/') && !url.startsWith('//')) urls.add(url.split('#')[0]!);
      }
    }
    for (const name of NAMES) expect(urls).toContain(permalink(name));
    const failures: string[] = [];
    urls.delete('/'); // the navbar's home link: this small site has no home page
    for (const url of urls) {
      const res = await fetch(base + url, { redirect: 'manual' });
      if (res.status !== 200) failures.push(`${url} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('sitemap, feeds and page data use valid encoded URLs that are served', async () => {
    const sitemap = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    for (const name of NAMES) expect(locs).toContain(`https://t.example${permalink(name)}`);
    for (const loc of locs) {
      expect(new URL(loc).href, loc).toBe(loc);
      const res = await fetch(base + new URL(loc).pathname);
      expect(res.status, loc).toBe(200);
    }
    const rss = fs.readFileSync(path.join(out, 'blog/rss.xml'), 'utf8');
    expect(rss).toContain('<link>https://t.example/blog/2024/01/02/post%231</link>');
    for (const name of NAMES) expect((await fetch(`${base}/page-data${joinRoute('/', name)}data.json`)).status, name).toBe(200);
  });
});

describe('a segment\'s canonical form', () => {
  it('is what decoding and encoding it gives, for any segment (plain ones are taken as they are, without either)', () => {
    const slow = (segment: string) => {
      let raw = segment;
      try {
        raw = decodeURIComponent(segment);
      } catch {
        // A lone "%" is a character.
      }
      return encodeSegment(raw);
    };
    // Every character a segment may hold as it is, and some it may not, and escapes.
    const alphabet = [..."aZ09-._~!$&'()*+,;=:@", ' ', '#', '?', '%', '%2F', '%41', '%zz', '/', '\\', '"', '<', '[', '^', '`', '{', '|', 'é', '中', '\u{1F600}'];
    const next = random(14);
    for (let i = 0; i < 20_000; i++) {
      let segment = '';
      for (let n = 1 + Math.floor(next() * 8); n > 0; n--) segment += alphabet[Math.floor(next() * alphabet.length)];
      expect(canonicalSegment(segment), segment).toBe(slow(segment));
    }
    for (let code = 0; code < 0x3000; code++) expect(canonicalSegment(String.fromCharCode(code))).toBe(slow(String.fromCharCode(code)));
  });
});
