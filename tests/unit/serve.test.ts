import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer, resolveRequest, slashlessFor } from '../../cli/serve/staticServer.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-'));
const secretDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
fs.writeFileSync(path.join(secretDir, 'secret.txt'), 'do not serve');
for (const [file, text] of Object.entries({ 'index.html': 'home', 'docs/index.html': 'docs', 'docs/a b/index.html': 'spaced', '404.html': 'not found page', 'img/x.svg': '<svg/>', 'page.html': 'a real page.html' })) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

let base = '';
const server = createStaticServer(root);
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = async (p: string) => {
  const res = await fetch(base + p, { redirect: 'manual' });
  return { status: res.status, body: await res.text(), location: res.headers.get('location'), type: res.headers.get('content-type') };
};

describe('serve', () => {
  it('serves x/ as x/index.html and redirects x to x/', async () => {
    expect(await get('/docs/')).toMatchObject({ status: 200, body: 'docs', type: 'text/html; charset=utf-8' });
    expect(await get('/docs?q=1')).toMatchObject({ status: 301, location: '/docs/?q=1' });
    expect(await get('/docs/a%20b/')).toMatchObject({ status: 200, body: 'spaced' });
    expect(await get('/img/x.svg')).toMatchObject({ status: 200, type: 'image/svg+xml' });
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    expect(await get('/nope/')).toMatchObject({ status: 404, body: 'not found page' });
    expect(await get('/img/x.svg/')).toMatchObject({ status: 404 });
  });

  it('never serves a file outside the build folder, however the path is encoded', async () => {
    const rel = path.relative(root, path.join(secretDir, 'secret.txt')).split(path.sep).join('/');
    for (const attempt of [`/${rel}`, `/${rel.replace(/\.\./g, '%2e%2e')}`, `/${rel.replace(/\//g, '%2f')}`, `/..%5c..%5c${path.basename(secretDir)}%5csecret.txt`, '/%00/etc/passwd', '/%E0%A4%A']) {
      const res = await get(attempt);
      expect(res.body, attempt).not.toContain('do not serve');
      expect([400, 404], attempt).toContain(res.status);
    }
  });

  it('redirects x.html to x/ when that is a page, keeping the query (SPEC §2)', async () => {
    expect(await get('/docs.html?q=1')).toMatchObject({ status: 301, location: '/docs/?q=1' });
    expect(await get('/docs/a%20b.html')).toMatchObject({ status: 301, location: '/docs/a%20b/' });
    expect(await get('/docs/a%20b/index.html')).toMatchObject({ status: 200, body: 'spaced' });
    expect(await get('/index.html')).toMatchObject({ status: 200, body: 'home' });
    // A real file of that name is served as it is; a clean path that is no page is not found.
    expect(await get('/page.html')).toMatchObject({ status: 200, body: 'a real page.html' });
    expect(await get('/nope.html')).toMatchObject({ status: 404, body: 'not found page' });
    expect(await get('/nope/index.html')).toMatchObject({ status: 404 });
  });

  it('resolves x.html that is no file to x/', () => {
    const files = new Set(['/site/index.html', '/site/a/index.html', '/site/a/b/index.html', '/site/real.html', '/site/a/index.html.html']);
    const dirs = new Set(['/site', '/site/a', '/site/a/b']);
    const exists = (f: string) => (files.has(f) ? 'file' : dirs.has(f) ? 'dir' : null);
    expect(resolveRequest('/site', '/a.html', exists)).toEqual({ type: 'redirect', location: '/a/' });
    expect(resolveRequest('/site', '/a/b.html?x=1&y=2', exists)).toEqual({ type: 'redirect', location: '/a/b/?x=1&y=2' });
    // x/index.html is the page's own file, served (the browser shows x/ in the address bar).
    expect(resolveRequest('/site', '/a/b/index.html?x', exists)).toEqual({ type: 'file', file: '/site/a/b/index.html', status: 200 });
    expect(resolveRequest('/site', '/a/b/index/index.html', exists)).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
    expect(resolveRequest('/site', '/a/index.html.html', exists)).toEqual({ type: 'file', file: '/site/a/index.html.html', status: 200 });
    expect(resolveRequest('/site', '/real.html', exists)).toEqual({ type: 'file', file: '/site/real.html', status: 200 });
    expect(resolveRequest('/site', '/real/index.html', exists)).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
    expect(resolveRequest('/site', '/a/.html', exists)).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
    expect(resolveRequest('/site', '/c.html', exists)).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
  });

  it("answers a page's address without its slash with the page when the site writes its URLs so (trailingSlash unset), else redirects", () => {
    const files = new Set(['/site/index.html', '/site/docs/b/index.html', '/site/404.html']);
    const dirs = new Set(['/site', '/site/docs', '/site/docs/b']);
    const exists = (f: string) => (files.has(f) ? 'file' : dirs.has(f) ? 'dir' : null);
    expect(resolveRequest('/site', '/docs/b', exists, slashlessFor(undefined))).toEqual({ type: 'file', file: '/site/docs/b/index.html', status: 200 });
    expect(resolveRequest('/site', '/docs/b?x=1', exists, slashlessFor(undefined))).toEqual({ type: 'file', file: '/site/docs/b/index.html', status: 200 });
    expect(resolveRequest('/site', '/docs/b/', exists, slashlessFor(undefined))).toEqual({ type: 'file', file: '/site/docs/b/index.html', status: 200 });
    expect(resolveRequest('/site', '/docs', exists, slashlessFor(undefined))).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
    expect(resolveRequest('/site', '/docs/b', exists, slashlessFor(true))).toEqual({ type: 'redirect', location: '/docs/b/' });
    expect(resolveRequest('/site', '/docs/b', exists, slashlessFor(false))).toEqual({ type: 'redirect', location: '/docs/b/' });
  });

  it('never redirects to another site: "//host/x", for a folder host/x here, goes to /host/x/', () => {
    const files = new Set(['/site/index.html', '/site/docs/b/index.html', '/site/404.html']);
    const dirs = new Set(['/site', '/site/docs', '/site/docs/b']);
    const exists = (f: string) => (files.has(f) ? 'file' : dirs.has(f) ? 'dir' : null);
    // A browser reads a Location of "//docs/b/" as the site "docs".
    expect(resolveRequest('/site', '//docs/b', exists, slashlessFor(true))).toEqual({ type: 'redirect', location: '/docs/b/' });
    expect(resolveRequest('/site', '///docs/b?x=1', exists, slashlessFor(true))).toEqual({ type: 'redirect', location: '/docs/b/?x=1' });
    expect(resolveRequest('/site', '//docs/b.html', exists)).toEqual({ type: 'redirect', location: '/docs/b/' });
    expect(resolveRequest('/site', '//docs/b/index.html/', exists)).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
  });

  it('answers a page written as x.html (trailingSlash false) at x, and x/ with a 301 to x, as docusaurus serve and most hosts do', () => {
    const files = new Set(['/site/index.html', '/site/docs.html', '/site/docs/intro.html', '/site/old/index.html', '/site/404.html', '/site/evil.html']);
    const dirs = new Set(['/site', '/site/docs', '/site/old']);
    const exists = (f: string) => (files.has(f) ? 'file' : dirs.has(f) ? 'dir' : null);
    const html = slashlessFor(false);
    expect(resolveRequest('/site', '/docs/intro', exists, html)).toEqual({ type: 'file', file: '/site/docs/intro.html', status: 200 });
    expect(resolveRequest('/site', '/docs/intro?x=1', exists, html)).toEqual({ type: 'file', file: '/site/docs/intro.html', status: 200 });
    // A page beside a folder of the same name: the page, not a redirect into the folder.
    expect(resolveRequest('/site', '/docs', exists, html)).toEqual({ type: 'file', file: '/site/docs.html', status: 200 });
    expect(resolveRequest('/site', '/docs/intro.html', exists, html)).toEqual({ type: 'file', file: '/site/docs/intro.html', status: 200 });
    expect(resolveRequest('/site', '/docs/intro/', exists, html)).toEqual({ type: 'redirect', location: '/docs/intro' });
    expect(resolveRequest('/site', '/docs/intro/?x=1', exists, html)).toEqual({ type: 'redirect', location: '/docs/intro?x=1' });
    expect(resolveRequest('/site', '/docs/', exists, html)).toEqual({ type: 'redirect', location: '/docs' });
    expect(resolveRequest('/site', '//evil/', exists, html)).toEqual({ type: 'redirect', location: '/evil' });
    expect(resolveRequest('/site', '/', exists, html)).toEqual({ type: 'file', file: '/site/index.html', status: 200 });
    expect(resolveRequest('/site', '/docs/missing', exists, html)).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
    expect(resolveRequest('/site', '/docs/missing/', exists, html)).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
    // A folder of the site's own (static/old/index.html) is still answered as a host answers it.
    expect(resolveRequest('/site', '/old', exists, html)).toEqual({ type: 'redirect', location: '/old/' });
    expect(resolveRequest('/site', '/old/', exists, html)).toEqual({ type: 'file', file: '/site/old/index.html', status: 200 });
    // Other sites: no x.html lookup, as before.
    expect(resolveRequest('/site', '/docs/intro', exists, slashlessFor(true))).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
    expect(resolveRequest('/site', '/docs/intro', exists, slashlessFor(undefined))).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
  });

  it('resolves requests without touching the disk for bad encodings', () => {
    expect(resolveRequest('/site', '/%ZZ', () => null)).toEqual({ type: 'bad-request' });
    expect(resolveRequest('/site', '/a/../../etc/passwd', () => 'file')).toEqual({ type: 'file', file: '/site/404.html', status: 404 });
  });
});

describe('serve compression', () => {
  it('sends text gzip- or brotli-compressed when the browser asks, plain otherwise', async () => {
    const br = await fetch(`${base}/docs/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe('docs');
    const gz = await fetch(`${base}/docs/`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${base}/docs/`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('docs');
  });
});
