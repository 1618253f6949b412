import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers/cli.ts';
import { writeTempSite } from './helpers/memorySite.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Starts `site serve` on a free port; resolves with its URL once it listens, and a way to stop it. */
function startServe(siteDir: string): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/site.js'), 'serve', siteDir, '--port', '0', '--host', '127.0.0.1'], { env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`serve did not start:\n${output}`))), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}`, stop });
      }
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening:\n${output}`)));
  });
}

describe('site serve', () => {
  it('serves a build that has no page at "/" (its 404 page answers "/")', async () => {
    const site = writeTempSite({ 'build/404.html': 'not found page', 'build/guide/index.html': 'guide' });
    dirs.push(site);
    const served = await startServe(site);
    try {
      const guide = await fetch(`${served.url}/guide/`);
      expect([guide.status, await guide.text()]).toEqual([200, 'guide']);
      const home = await fetch(`${served.url}/`);
      expect([home.status, await home.text()]).toEqual([404, 'not found page']);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('refuses, saying why and what to do, when the folder is missing, empty or a file', () => {
    const site = writeTempSite({ 'empty/.keep': '', 'a-file': 'x' });
    dirs.push(site);
    fs.rmSync(path.join(site, 'empty/.keep'));
    const cases = [
      ['build', `Nothing to serve: the build folder ${path.join(site, 'build')} does not exist.\n  Build the site first ("npm run build" or "site build [siteDir]"), or pass the build folder with --dir.`],
      ['empty', `Nothing to serve: the build folder ${path.join(site, 'empty')} is empty.\n  Build the site first ("npm run build" or "site build [siteDir]"), or pass the build folder with --dir.`],
      ['a-file', `Nothing to serve: ${path.join(site, 'a-file')} is a file, not a build folder.\n  Pass the folder the build wrote with --dir, not a file in it.`],
    ];
    for (const [dir, message] of cases) {
      const { code, stderr } = runCli(['serve', site, ...(dir === 'build' ? [] : ['--dir', path.join(site, dir!)])]);
      expect(code, dir).toBe(1);
      expect(stderr, dir).toContain(message);
      expect(stderr, dir).toContain('Could not start the server.');
      expect(stderr, dir).not.toMatch(/\n\s+at /);
    }
  });
});
