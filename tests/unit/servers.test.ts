import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../cli/serve/staticServer.ts';
import { createDevServer } from '../../cli/dev/devServer.ts';
import { DevSite } from '../../cli/dev/devSite.ts';
import { requestPath } from '../../cli/serve/requests.ts';
import { ROOT } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * `serve` and `dev` answer requests alike: only GET and HEAD, absolute-form targets, and
 * never a file whose real path is outside their folder, whatever symlinks lie in it.
 */

const SECRET = 'SECRET: do not serve';
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET);

/** The links every served folder gets: three that lead out, two that stay in. */
function plantLinks(dir: string) {
  fs.mkdirSync(path.join(dir, 'img'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'img/a.txt'), 'inside file');
  fs.symlinkSync('..', path.join(dir, 'up'));
  fs.symlinkSync(outside, path.join(dir, 'abs'));
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'leak.txt'));
  fs.symlinkSync('img', path.join(dir, 'alias'));
  fs.symlinkSync('img/a.txt', path.join(dir, 'alias.txt'));
}

// serve: a build folder inside a "site" whose config must stay private.
const serveSite = writeTempSite({
  'site.config.ts': `// ${SECRET}\n`,
  'build/index.html': '<p>home</p>',
  'build/404.html': 'not found page',
  'build/x/index.html': '<p>page x</p>',
});
plantLinks(path.join(serveSite, 'build'));

// dev: a real site whose static folder holds the same links.
const devSiteDir = writeTempSite({
  'site.config.ts': `// ${SECRET}\nexport default { title: "T", trailingSlash: true };\n`,
  'docs/intro.md': '---\nslug: /\n---\nHome.\n',
  'docs/x.md': '---\nslug: /x/\n---\npage x\n',
});
plantLinks(path.join(devSiteDir, 'static'));
const temp = path.join(ROOT, 'node_modules/.cache/site-dev/servers-test');

const servers: Record<'serve' | 'dev', { url: string; port: number; server?: http.Server; dev?: DevSite }> = { serve: { url: '', port: 0 }, dev: { url: '', port: 0 } };

async function listen(server: http.Server) {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { server, port, url: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  Object.assign(servers.serve, await listen(createStaticServer(path.join(serveSite, 'build'))));
  const dev = await DevSite.start(devSiteDir, temp);
  Object.assign(servers.dev, { dev }, await listen(createDevServer(dev, () => '').server));
});
afterAll(async () => {
  for (const s of Object.values(servers)) {
    s.server?.closeAllConnections();
    await new Promise<void>((r) => (s.server ? s.server.close(() => r()) : r()));
  }
  await servers.dev.dev?.dispose();
  for (const dir of [temp, serveSite, devSiteDir, outside]) fs.rmSync(dir, { recursive: true, force: true });
});

/** One request with any method (fetch refuses TRACE), the whole body read. */
function request(base: string, method: string, pathname: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + pathname, { method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request written by hand on a socket, so the target can be in absolute form. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (c) => (out += c.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

describe.each(['serve', 'dev'] as const)('%s', (name) => {
  const s = () => servers[name];

  it('answers every method but GET and HEAD with 405 and Allow: GET, HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS']) {
      for (const target of ['/', '/x/', '/img/a.txt', '/nope/']) {
        const res = await request(s().url, method, target);
        expect(res.status, `${method} ${target}`).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
        expect(res.body).not.toContain('page x');
      }
    }
  });

  it('answers CONNECT (a tunnel) with 405 too, not a closed connection', async () => {
    const port = Number(new URL(s().url).port);
    const answer = await raw(port, `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain('Allow: GET, HEAD');
  });

  it('answers HEAD as GET, without the body', async () => {
    for (const target of ['/', '/x/', '/img/a.txt']) {
      const get = await request(s().url, 'GET', target);
      const head = await request(s().url, 'HEAD', target);
      expect(head.status, target).toBe(200);
      expect(head.body, target).toBe('');
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    }
    expect((await request(s().url, 'HEAD', '/nope/')).status).toBe(404);
  });

  it('serves absolute-form request targets as their path', async () => {
    const page = await raw(s().port, `GET http://127.0.0.1:${s().port}/x/ HTTP/1.1\r\nHost: 127.0.0.1:${s().port}\r\nConnection: close\r\n\r\n`);
    expect(page).toMatch(/^HTTP\/1\.1 200/);
    expect(page).toContain('page x');
    // Another authority than the server's (dev answers names of this machine only: see below).
    const file = await raw(s().port, `GET http://docs.localhost/img/a.txt?v=1 HTTP/1.1\r\nHost: docs.localhost\r\nConnection: close\r\n\r\n`);
    expect(file).toMatch(/^HTTP\/1\.1 200/);
    expect(file).toContain('inside file');
    const redirect = await raw(s().port, `GET http://127.0.0.1:${s().port}/x?q=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(redirect).toMatch(/^HTTP\/1\.1 301/);
    expect(redirect).toMatch(/\r\nLocation: \/x\/\?q=1\r\n/i);
  });

  it('never serves a file whose real path is outside its folder', async () => {
    for (const target of ['/up/site.config.ts', '/up/', '/up', '/abs/secret.txt', '/abs/', '/leak.txt', '/up/up/site.config.ts', '/alias/../up/site.config.ts', '/up%2fsite.config.ts']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await request(s().url, method, target);
        expect(res.body, `${method} ${target}`).not.toContain(SECRET);
        expect([400, 404], `${method} ${target}`).toContain(res.status);
      }
      const absolute = await raw(s().port, `GET http://127.0.0.1${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(absolute, target).not.toContain(SECRET);
    }
  });

  it('answers a byte range with 206 and Content-Range, one past the end with 416, several ranges with the whole file', async () => {
    const get = (range: string, method = 'GET') =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = http.request(`${s().url}/img/a.txt`, { method, headers: { range } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });
    // "inside file": 11 bytes.
    expect(await get('bytes=0-5')).toMatchObject({ status: 206, body: 'inside', headers: { 'content-range': 'bytes 0-5/11', 'content-length': '6' } });
    expect(await get('bytes=7-')).toMatchObject({ status: 206, body: 'file', headers: { 'content-range': 'bytes 7-10/11' } });
    expect(await get('bytes=-4')).toMatchObject({ status: 206, body: 'file' });
    expect(await get('bytes=7-1000')).toMatchObject({ status: 206, body: 'file', headers: { 'content-range': 'bytes 7-10/11' } });
    expect(await get('bytes=11-')).toMatchObject({ status: 416, body: '', headers: { 'content-range': 'bytes */11' } });
    expect(await get('bytes=0-1,3-4')).toMatchObject({ status: 200, body: 'inside file' });
    expect(await get('items=0-1')).toMatchObject({ status: 200, body: 'inside file', headers: { 'accept-ranges': 'bytes' } });
    expect(await get('bytes=0-5', 'HEAD')).toMatchObject({ status: 206, body: '', headers: { 'content-length': '6' } });
  });

  it('still serves links that stay inside its folder', async () => {
    expect(await request(s().url, 'GET', '/alias/a.txt')).toMatchObject({ status: 200, body: 'inside file' });
    expect(await request(s().url, 'GET', '/alias.txt')).toMatchObject({ status: 200, body: 'inside file' });
  });
});

describe('dev, asked for another host name (DNS rebinding)', () => {
  const ask = (host: string, target = '/x/') => raw(servers.dev.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

  it('refuses a name that is not this machine with 403 and how to allow it, for pages and the event stream', async () => {
    for (const target of ['/x/', '/', '/img/a.txt', '/__dev/events', '/__dev/client.js']) {
      const answer = await ask(`rebind.example:${servers.dev.port}`, target);
      expect(answer, target).toMatch(/^HTTP\/1\.1 403/);
      expect(answer, target).toContain('start dev with --allowed-hosts rebind.example');
      expect(answer, target).not.toContain('page x');
    }
    // An absolute-form target's authority stands for the Host header.
    expect(await raw(servers.dev.port, `GET http://rebind.example/x/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 403/);
  });

  it('answers localhost, *.localhost, IP addresses and this machine\'s name', async () => {
    for (const host of [`localhost:${servers.dev.port}`, 'docs.localhost', '127.0.0.1', `[::1]:${servers.dev.port}`, '192.168.1.20:3000', os.hostname()]) {
      expect(await ask(host), host).toMatch(/^HTTP\/1\.1 200/);
    }
  });

  it('answers the names --allowed-hosts lists', async () => {
    const dev = servers.dev.dev!;
    const { server } = createDevServer(dev, () => '', ['Docs.Tunnel.example']);
    const { port } = await listen(server);
    try {
      expect(await raw(port, 'GET /x/ HTTP/1.1\r\nHost: docs.tunnel.example\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200/);
      expect(await raw(port, 'GET /x/ HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 403/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('requestPath', () => {
  it('takes the path and query of an absolute-form target and leaves origin-form alone', () => {
    expect(requestPath('http://h:1/a/b/?q=1')).toBe('/a/b/?q=1');
    expect(requestPath('HTTPS://h/a%20b')).toBe('/a%20b');
    expect(requestPath('http://h')).toBe('/');
    expect(requestPath('/a/?x')).toBe('/a/?x');
    expect(requestPath('//evil/x')).toBe('//evil/x');
    expect(requestPath(undefined)).toBe('/');
  });
});
