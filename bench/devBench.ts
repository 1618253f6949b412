/**
 * Dev-server figures for `npm run bench`: start time (cold and with the document cache
 * warm) and save-to-updated-page latency: the time from writing a Markdown file until the
 * open page in Chromium shows the new text, over 20 edits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../tests/browser/browser.ts';
import { startDev, stopDev } from '../tests/helpers/devServer.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** A copy of this site's content in a temporary folder, so edits never touch the repository. */
export function copyThisSite(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'static'), path.join(dir, 'static'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'site.config.ts'), `export { default } from ${JSON.stringify(path.join(ROOT, 'site.config.ts'))};\n`);
}

export interface DevFigures {
  coldStartMs: number;
  warmStartMs: number;
  medianMs: number;
  p95Ms: number;
}

/** Measures one site: `page` is a route whose source file is `file` (relative to the site). */
export async function measureDev(siteDir: string, route: string, file: string, edits = 20): Promise<DevFigures> {
  fs.rmSync(path.join(ROOT, 'node_modules/.cache/site-documents'), { recursive: true, force: true });
  const startTimed = async () => {
    const start = performance.now();
    const dev = await startDev(siteDir, 300_000);
    return { dev, ms: performance.now() - start };
  };
  const cold = await startTimed();
  await stopDev(cold.dev.child);
  const warm = await startTimed();
  const browser = await launchBrowser();
  const latencies: number[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(warm.dev.url + route, { waitUntil: 'networkidle' });
    const source = path.join(siteDir, file);
    const original = fs.readFileSync(source, 'utf8');
    for (let i = 0; i < edits; i++) {
      const marker = `Edit marker ${i} ${Date.now()}`;
      const waiting = page.waitForFunction((text) => document.getElementById('__content')?.textContent?.includes(text), marker, { timeout: 15_000, polling: 'raf' });
      const start = performance.now();
      fs.writeFileSync(source, `${original}\n${marker}\n`);
      await waiting;
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 50));
    }
    fs.writeFileSync(source, original);
  } finally {
    await browser.close();
    await stopDev(warm.dev.child);
  }
  return { coldStartMs: cold.ms, warmStartMs: warm.ms, medianMs: percentile(latencies, 50), p95Ms: percentile(latencies, 95) };
}

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
}
