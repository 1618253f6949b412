import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevSite } from '../../cli/dev/devSite.ts';
import { createDevServer } from '../../cli/dev/devServer.ts';
import { MARKER_FILE } from '../../cli/write/outputFolder.ts';
import { ROOT } from '../helpers/cli.ts';
import { SITE_OUTPUT } from '../globalSetup.ts';

/**
 * `dev` and `build` run the same stages, so `dev` serves exactly what `build` writes:
 * every file of this site's build (pages, payloads, sidebars, search index, feeds,
 * sitemap, robots.txt, static files, images next to the Markdown, the client bundle) is
 * fetched from a dev server of the same sources and compared byte for byte. The only
 * difference allowed is the dev client's script tag in each page.
 */
const DEV_CLIENT_TAG = '<script type="module" src="/__dev/client.js"></script>\n';
const temp = path.join(ROOT, 'node_modules/.cache/site-dev/dev-matches-build');
let dev: DevSite;
let base = '';
let close: () => Promise<void>;

beforeAll(async () => {
  dev = await DevSite.start(ROOT, temp);
  const { server } = createDevServer(dev, () => '');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await dev.dispose();
    fs.rmSync(temp, { recursive: true, force: true });
  };
}, 120_000);
afterAll(() => close?.());

function builtFiles(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    return entry.isDirectory() ? builtFiles(dir, child) : [child];
  });
}

describe('dev serves what build writes', () => {
  it('every file of the build, byte for byte (pages differ only by the dev client script)', async () => {
    const files = builtFiles(SITE_OUTPUT).filter((f) => f !== MARKER_FILE).sort();
    expect(files.length).toBeGreaterThan(300);
    expect(files).toEqual(expect.arrayContaining(['index.html', '404.html', 'robots.txt', 'sitemap.xml', 'blog/rss.xml']));
    const different: string[] = [];
    for (const file of files) {
      const url = `${base}/${file.split('/').map(encodeURIComponent).join('/')}`;
      const res = await fetch(url, { redirect: 'manual' });
      const served = Buffer.from(await res.arrayBuffer());
      const built = fs.readFileSync(path.join(SITE_OUTPUT, file));
      const isPage = file.endsWith('.html');
      if (isPage && !served.toString('utf8').includes(DEV_CLIENT_TAG)) different.push(`${file}: no dev client script`);
      const comparable = isPage ? Buffer.from(served.toString('utf8').replace(DEV_CLIENT_TAG, '')) : served;
      if (res.status !== 200 || !comparable.equals(built)) different.push(`${file}: ${res.status}, ${served.length} bytes served, ${built.length} built`);
    }
    expect(different).toEqual([]);
  });

  it('serves nothing the build does not have (a path only dev knew of would 404 once deployed)', async () => {
    const built = new Set(builtFiles(SITE_OUTPUT));
    const extra = [...dev.outputNames(), ...dev.copies.keys()].filter((f) => !built.has(f));
    expect(extra).toEqual([]);
  });
});
