import { describe, expect, it } from 'vitest';
import { checkLinks, type CheckDeps } from '../../cli/links/checkLinks.ts';
import { resolveLink } from '../../cli/links/resolveLink.ts';
import { graphOf } from '../helpers/memorySite.ts';

/** The link rules of resolveLink.ts and checkLinks.ts, one rule a test, on inline sites. */

const staticFiles = new Set(['img/a.png', 'files/report.pdf', 'media/intro.mp4', 'api/v1/index.html']);
const deps: CheckDeps = { staticFiles, fileStatus: () => 'ok' };
const where = (d: { file?: string; line?: number; column?: number; code: string }) => `${d.file}:${d.line}:${d.column} ${d.code}`;

describe('resolveLink', () => {
  const site = graphOf({ 'docs/b.md': '## T\n', 'docs/guide/install.md': '# Install\n' });
  const resolve = async (url: string, from = '/b/', baseUrl = '/') => resolveLink(url, from, (await site).graph, { baseUrl, staticFiles });

  it('leaves outside URLs alone: any scheme, including ones with digits, and //host', async () => {
    for (const url of ['https://x.example/y', 'mailto:a@b.c', 's3://bucket/file', 'web+app2:open', '//cdn.example/lib.js']) {
      expect((await resolve(url)).type, url).toBe('external');
    }
  });

  it('checks a path that merely contains a colon or a double slash later on', async () => {
    expect(await resolve('/notes/a:b')).toMatchObject({ type: 'missing', pathname: '/notes/a:b' });
    expect(await resolve('/notes//x')).toMatchObject({ type: 'missing' });
  });

  it('finds a route with or without the trailing slash and in its .html forms', async () => {
    for (const url of ['/b/', '/b', '/b/index.html', '/b.html', '../install/', '../install', '../install.html', '../install/index.html']) {
      const from = url.startsWith('/') ? '/b/' : '/guide/x/';
      expect(await resolve(url, from), url).toMatchObject({ type: 'route', route: { path: url.includes('install') ? '/guide/install/' : '/b/' } });
    }
    expect(await resolve('/404.html')).toMatchObject({ type: 'route', route: { path: '/404.html' } });
  });

  it('resolves relative paths from the page, as a browser does', async () => {
    expect(await resolve('../install/', '/guide/x/')).toMatchObject({ type: 'route', route: { path: '/guide/install/' } });
    expect(await resolve('../install/', '/b/')).toMatchObject({ type: 'missing', pathname: '/install/' });
  });

  it('keeps the #hash, decoded, beside the route', async () => {
    expect(await resolve('/b/#caf%C3%A9')).toMatchObject({ type: 'route', hash: 'café' });
    expect(await resolve('/b/')).toMatchObject({ type: 'route', hash: undefined });
  });

  it('removes the base URL, and only the base URL', async () => {
    expect(await resolve('/docs/b/', '/b/', '/docs/')).toMatchObject({ type: 'route', route: { path: '/b/' } });
    expect(await resolve('/docs/img/a.png', '/b/', '/docs/')).toEqual({ type: 'static', file: 'img/a.png' });
    expect(await resolve('/other/b/', '/b/', '/docs/')).toMatchObject({ type: 'missing', pathname: '/other/b/' });
  });

  it('finds files of the static folder, and folders with an index.html', async () => {
    expect(await resolve('/img/a.png')).toEqual({ type: 'static', file: 'img/a.png' });
    expect(await resolve('/api/v1/')).toEqual({ type: 'static', file: 'api/v1/' });
    expect(await resolve('/api/v1')).toEqual({ type: 'static', file: 'api/v1' });
    expect(await resolve('/api/')).toMatchObject({ type: 'missing', pathname: '/api/' });
  });

  it('reports a path with a bad percent escape as missing, as written, instead of failing', async () => {
    expect(await resolve('/b/%zz/')).toMatchObject({ type: 'missing', pathname: '/b/%zz/' });
    expect(await resolve('/b/#%zz')).toMatchObject({ type: 'route', hash: '%zz' });
  });
});

describe('checkLinks', () => {
  it('reports a missing page with the nearest routes, never suggesting the 404 page', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': '[x](/404/)\n', 'docs/b.md': 'B\n' });
    const [problem, ...rest] = checkLinks(graph, config, deps);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ severity: 'error', code: 'broken-link', file: 'docs/a.md', line: 1, column: 1 });
    expect(problem!.hint).not.toContain('404.html');
  });

  it('says "missing file" for images and for paths that end in a file extension, with the nearest static files', async () => {
    const { graph, config } = await graphOf({
      'docs/a.md': '[1](/files/report2.pdf)\n\n[2](/media/intro.mp4x)\n\n![3](/img/b)\n\n[4](/blog/v4.10/)\n\n[5](/release-4.8)\n',
    });
    const problems = checkLinks(graph, config, deps);
    expect(problems.map((d) => `${d.line} ${d.severity} ${d.code}`)).toEqual(['1 error missing-file', '3 error missing-file', '5 error missing-file', '7 error broken-link', '9 error broken-link']);
    expect(problems[0]!.hint).toContain('/files/report.pdf');
    expect(problems[2]!.hint).toContain('/img/a.png');
  });

  it('recognises extensions with digits (.mp4) as files', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': '[1](/media/outro.mp4)\n' });
    expect(checkLinks(graph, config, deps).map((d) => d.code)).toEqual(['missing-file']);
  });

  it('checks a #hash on a path link against the target page, and "#" alone is fine', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': '[1](/b/#nope) [2](/b/#t) [3](#) [4](/b/)\n', 'docs/b.md': '## T\n' });
    const problems = checkLinks(graph, config, deps);
    expect(problems.map((d) => `${d.column} ${d.severity} ${d.code} ${d.message}`)).toEqual(['1 error broken-anchor Broken anchor in "/b/#nope": /b/ has no element with that id.']);
  });

  it('reports an anchor with a bad percent escape as broken, at its place, instead of failing the check', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': '[1](#%zz) [2](./b.md#%zz) [3](/b/#%zz) [4](#caf%C3%A9)\n\n## Café\n', 'docs/b.md': '## T\n' });
    expect(checkLinks(graph, config, deps).map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '1:1 Broken anchor in "#%zz": /a/ has no element with that id.',
      '1:11 Broken anchor in "./b.md#%zz": /b/ has no element with that id.',
      '1:27 Broken anchor in "/b/#%zz": /b/ has no element with that id.',
    ]);
  });

  it('checks relative paths from the page that holds them', async () => {
    const { graph, config } = await graphOf({ 'docs/guide/a.md': '[1](../b/) [2](../../b/)\n', 'docs/guide/b.md': 'B\n' });
    expect(checkLinks(graph, config, deps).map((d) => `${d.column} ${d.message}`)).toEqual(['12 Broken link to "../../b/": no page or file has that address.']);
  });

  it('reports a link to a Markdown file that is not a page, with the nearest files, and a missing #anchor in one', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': '[1](./bb.md) [2](./b.mdx#nope) [3](./b.mdx#t)\n', 'docs/b.mdx': '## T\n' });
    // The files there are the two pages: bb.md is not (a file there that is no page is said so, see check.test).
    const problems = checkLinks(graph, config, { ...deps, fileStatus: (file) => (file === 'docs/a.md' || file === 'docs/b.mdx' ? 'ok' : 'missing') });
    expect(problems.map((d) => `${d.column} ${d.severity} ${d.code}`)).toEqual(['1 error broken-link', '14 error broken-anchor']);
    expect(problems[0]!.message).toContain('"./bb.md": that file does not exist');
    expect(problems[0]!.hint).toContain('docs/b.mdx');
  });

  it('asks about files next to the page, and says which are missing and which lie outside the site', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': '![1](./ok.png)\n\n![2](./gone.png)\n\n![3](../../secret.png)\n' });
    const asked: string[] = [];
    const fileStatus = (file: string) => {
      asked.push(file);
      return file.endsWith('ok.png') ? 'ok' : file.endsWith('gone.png') ? 'missing' : 'outside';
    };
    const problems = checkLinks(graph, config, { staticFiles, fileStatus });
    expect(asked).toEqual(['docs/ok.png', 'docs/gone.png', '../secret.png']);
    expect(problems.map((d) => `${d.line} ${d.severity} ${d.code}`)).toEqual(['3 error missing-file', '5 error file-outside-site']);
    expect(problems[1]!.message).toContain('../../secret.png');
  });

  it('with onlyFiles, checks only those files and not the config', async () => {
    const { graph, config } = await graphOf(
      { 'docs/a.md': '[x](/gone-a/)\n', 'docs/b.md': '[x](/gone-b/)\n' },
      { footer: { links: [{ label: 'X', to: '/gone-footer/' }] } },
    );
    expect(checkLinks(graph, config, { ...deps, onlyFiles: new Set(['docs/b.md']) }).map((d) => d.message)).toEqual(['Broken link to "/gone-b/": no page or file has that address.']);
    expect(checkLinks(graph, config, deps).map((d) => d.file)).toEqual(['docs/a.md', 'docs/b.md', 'site.config.ts']);
  });

  it('checks every internal link of the navbar (dropdowns too), footer columns and sidebar categories, and no outside one', async () => {
    const { graph, config } = await graphOf(
      { 'docs/a.md': 'A\n' },
      {
        navbar: {
          items: [
            { label: 'Nav', to: '/gone-nav/' },
            // Same-page anchors in the navbar point at whichever page is open: not checkable.
            { label: 'Top', to: '#top' },
            { label: 'Out', href: 'https://x.example/' },
            { type: 'dropdown', label: 'More', items: [{ label: 'D', to: '/gone-dropdown/' }, { label: 'E', href: 'https://y.example/' }] },
            { type: 'search' },
          ],
        },
        footer: { links: [{ title: 'Col', items: [{ label: 'C', to: '/gone-column/' }, { label: 'H', href: 'https://z.example/' }] }] },
        docs: { sidebars: { docs: ['a', { type: 'category', label: 'Cat', items: [{ type: 'link', label: 'L', href: '/gone-sidebar/' }, { type: 'link', label: 'O', href: 'https://w.example/' }] }] } },
      },
    );
    const problems = checkLinks(graph, config, deps);
    expect(problems.map((d) => `${d.file} ${d.severity} ${d.message}`)).toEqual([
      'site.config.ts error Broken link to "/gone-nav/": no page or file has that address.',
      'site.config.ts error Broken link to "/gone-dropdown/": no page or file has that address.',
      'site.config.ts error Broken link to "/gone-column/": no page or file has that address.',
      'site.config.ts error Broken link to "/gone-sidebar/": no page or file has that address.',
    ]);
  });

  it('places diagnostics at file:line:column of the link', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': '---\ntitle: A\n---\nText\n\nSee [x](/gone/) and ![y](/img/gone.png).\n' });
    expect(checkLinks(graph, config, deps).map(where)).toEqual(['docs/a.md:6:5 broken-link', 'docs/a.md:6:21 missing-file']);
  });
});
