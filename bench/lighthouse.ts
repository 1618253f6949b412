/**
 * `npm run lighthouse`: Lighthouse (mobile preset) on the home page and a docs page of the
 * built site, driving Debian's Chromium. Not a test: scores depend on the machine.
 * Runs `npx lighthouse@12` (Lighthouse 13 needs Node 22); build the site first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createStaticServer } from '../cli/serve/staticServer.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD = path.join(ROOT, 'build');
if (!fs.existsSync(path.join(BUILD, 'index.html'))) throw new Error('Build the site first: npm run build');

const server = createStaticServer(BUILD);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const chromeFlags = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));

/** Lighthouse runs as a child process; this one keeps serving meanwhile. */
function lighthouse(url: string, report: string): Promise<number> {
  const args = ['--yes', 'lighthouse@12', url, `--chrome-flags=${chromeFlags}`, '--output=json', `--output-path=${report}`, '--only-categories=performance,accessibility,best-practices,seo', '--quiet'];
  const env = { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' };
  return new Promise((resolve) => spawn('npx', args, { stdio: ['ignore', 'inherit', 'inherit'], env }).on('exit', (code) => resolve(code ?? 1)));
}

try {
  for (const route of ['/', '/for-developers/callbacks/']) {
    const report = path.join(out, 'report.json');
    if ((await lighthouse(base + route, report)) !== 0) throw new Error(`Lighthouse failed on ${route}`);
    const { categories } = JSON.parse(fs.readFileSync(report, 'utf8')) as { categories: Record<string, { title: string; score: number }> };
    console.log(`${route}: ${Object.values(categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`).join(', ')}`);
  }
} finally {
  server.close();
  fs.rmSync(out, { recursive: true, force: true });
}
