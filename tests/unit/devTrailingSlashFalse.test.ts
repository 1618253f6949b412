import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer } from '../../cli/dev/devServer.ts';
import { useDevSite } from '../helpers/devSite.ts';

/**
 * `dev` serves a `trailingSlash: false` site as `build` writes it and `serve` answers it:
 * each page is docs/a.html, answered at /docs/a (with the dev client), and /docs/a/ is a
 * 301 to /docs/a.
 */
const devSite = useDevSite({
  'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: false, docs: { routeBasePath: "/docs" } };\n',
  'docs/a.md': '# Page A\n\n[B](./b.md)\n',
  'docs/b.md': '# Page B\n',
}, 'slash-false');
let server: Server;
let base: string;

beforeAll(async () => {
  server = createDevServer(devSite.dev, () => '').server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('dev with trailingSlash: false', () => {
  it('keeps each page as x.html, answered at x with the dev client, and x/ redirected to x', async () => {
    expect(devSite.dev.outputNames().filter((k) => k.endsWith('.html')).sort()).toEqual(['404.html', 'docs/a.html', 'docs/b.html', 'search.html']);
    const page = await fetch(`${base}/docs/a`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Page A</h1>');
    expect(html).toContain('src="/__dev/client.js"');
    expect(html).toContain('href="/docs/b"');
    const slashed = await fetch(`${base}/docs/b/`, { redirect: 'manual' });
    expect(slashed.status).toBe(301);
    expect(slashed.headers.get('location')).toBe('/docs/b');
  });
});
