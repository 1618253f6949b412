/**
 * `npm run bench`: build speed and size, measured (never asserted in tests: this machine
 * is shared and noisy). Medians of several runs, each next to a baseline from the same
 * run. Sizes to measure: BENCH_SIZES=200,2000,10000 (default), BENCH_RUNS=3. Parts to run:
 * BENCH_ONLY=site,synthetic,dev,search (default: all).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import { toHtml } from 'hast-util-to-html';
import { writeSyntheticSite } from './syntheticSite.ts';
import { searchBench } from './searchBench.ts';
import { copyThisSite, measureDev, tempDir } from './devBench.ts';
import { describeCorpus, measureRebuilds, type BuildRun } from './rebuildBench.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? '200,2000,10000').split(',').map(Number);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'site,synthetic,dev,search').split(','));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzip = (buf: Buffer | string) => zlib.gzipSync(buf, { level: 9 }).byteLength;

/** One build in its own process: cold (`--no-cache`, the default) or with its caches (`warm`). */
function measureBuild(siteDir: string, mode: 'cold' | 'warm' = 'cold', out = path.join(WORK, 'out')): BuildRun {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'bench/measureBuild.mjs'), siteDir, out, mode], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as BuildRun & { code: number };
  if (parsed.code !== 0) throw new Error(`Build of ${siteDir} failed:\n${result.stderr}`);
  return parsed;
}

function timeCommand(args: string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'bin/site.js'), ...args], { encoding: 'utf8', cwd: ROOT });
  if (result.status !== 0) throw new Error(`site ${args.join(' ')} failed:\n${result.stderr}`);
  return performance.now() - start;
}

/** The floor: the same Markdown through bare remark → rehype → HTML, in this process. */
function parsingFloor(dir: string): number {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (e.name.endsWith('.md')) files.push(fs.readFileSync(path.join(d, e.name), 'utf8'));
    }
  };
  walk(dir);
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    for (const text of files) toHtml(processor.runSync(processor.parse(text)) as never);
    runs.push(performance.now() - start);
  }
  return median(runs);
}

/** First-load JavaScript of a docs page: the entry script and its preloaded chunks, gzipped. */
function firstLoadJs(buildDir: string, page: string): { raw: number; gz: number } {
  const html = fs.readFileSync(path.join(buildDir, page, 'index.html'), 'utf8');
  const urls = new Set([...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]!));
  let raw = 0;
  let gz = 0;
  for (const url of urls) {
    const buf = fs.readFileSync(path.join(buildDir, url));
    raw += buf.byteLength;
    gz += gzip(buf);
  }
  return { raw, gz };
}

/** Baseline: React alone (react + react-dom/client, minified, production). */
async function reactAlone(): Promise<number> {
  const result = await esbuild.build({
    stdin: { contents: "import { hydrateRoot } from 'react-dom/client'; import { createElement } from 'react'; hydrateRoot(document.body, createElement('div'));", resolveDir: ROOT },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return gzip(Buffer.from(result.outputFiles[0]!.contents));
}

const rows: string[][] = [];
const row = (...cells: string[]) => {
  rows.push(cells);
  console.log(cells.join('  |  '));
};

console.log(`Benchmark on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${RUNS} runs each; medians.\n`);
// A warm-up build, not measured: it compiles the CLI and makes its code cache (bin/compiled.js),
// what the first command after an install or an upgrade does once. Every run measured is then
// as every later command is (a first run without the cache took 0.15-0.2 s more on this site).
measureBuild(ROOT);

// 1. This site.
if (ONLY.has('site')) {
  const site = [...Array(RUNS)].map(() => measureBuild(ROOT));
  const check = [...Array(RUNS)].map(() => timeCommand(['check']));
  const checkCold = [...Array(RUNS)].map(() => timeCommand(['check', '--no-cache']));
  const floor = parsingFloor(path.join(ROOT, 'content'));
  row('Coinvoy site: cold build', seconds(median(site.map((r) => r.ms))), `CPU ${seconds(median(site.map((r) => r.cpuMs)))}, peak ${median(site.map((r) => r.maxRssMiB))} MiB`, `baseline: bare remark→HTML of the same Markdown ${seconds(floor)}`);
  row('Coinvoy site: check (links, no render)', `${seconds(median(check))} with the document cache`, `${seconds(median(checkCold))} cold (--no-cache)`, 'whole command, process start included');
  fs.rmSync(path.join(WORK, 'out'), { recursive: true, force: true });
  measureBuild(ROOT);
  const js = firstLoadJs(path.join(WORK, 'out'), 'for-developers/callbacks');
  const react = await reactAlone();
  row('First-load JS of a docs page', `${kb(js.gz)} gzip`, `${kb(js.raw)} raw`, `baseline: React alone ${kb(react)} gzip (site code ${kb(js.gz - react)})`);
}

// 2. Synthetic Docusaurus-style sites: cold builds, then rebuilds after one paragraph edit.
if (ONLY.has('synthetic')) {
  for (const size of SIZES) {
    const dir = path.join(WORK, `synthetic-${size}`);
    writeSyntheticSite(dir, size);
    if (size === SIZES[0]) console.log(`Synthetic corpus (${size} docs): ${describeCorpus(dir)}\n`);
    const runs = [...Array(size >= 10000 ? 1 : RUNS)].map(() => measureBuild(dir));
    const ms = median(runs.map((r) => r.ms));
    const pages = fs.readdirSync(path.join(WORK, 'out'), { recursive: true }).filter((f) => String(f).endsWith('index.html')).length;
    row(`Synthetic ${size} docs (${pages} pages), cold build`, seconds(ms), `${Math.round(pages / (ms / 1000))} pages/s, CPU ${seconds(median(runs.map((r) => r.cpuMs)))}`, `peak ${Math.max(...runs.map((r) => r.maxRssMiB))} MiB, ${runs.length} run${runs.length > 1 ? 's' : ''}`);
    const { first, rebuilds } = measureRebuilds(dir, RUNS, (mode) => measureBuild(dir, mode));
    row(`Synthetic ${size} docs, rebuild after one paragraph edit`, seconds(median(rebuilds.map((r) => r.ms))), `CPU ${seconds(median(rebuilds.map((r) => r.cpuMs)))}`, `peak ${Math.max(...rebuilds.map((r) => r.maxRssMiB))} MiB, ${rebuilds.length} runs, caches warm; the first rebuild after a full build (no spare folder yet) ${seconds(first.ms)}`);
    // Every page rendered from the document cache, into an output folder it has no record of: CI
    // with a cached node_modules/.cache and a fresh checkout, or the first build after `check`.
    const fresh = measureBuild(dir, 'warm', path.join(WORK, `out-fresh-${size}`));
    fs.rmSync(path.join(WORK, `out-fresh-${size}`), { recursive: true, force: true });
    row(`Synthetic ${size} docs, documents cached, new output folder`, seconds(fresh.ms), `CPU ${seconds(fresh.cpuMs)}`, `peak ${fresh.maxRssMiB} MiB, 1 run (every page rendered)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// 3. The dev server: start, and save-to-updated-page latency over 20 edits.
if (ONLY.has('dev')) {
  const devSite = tempDir('dev-site');
  copyThisSite(devSite);
  const dev = await measureDev(devSite, '/for-developers/callbacks/', 'content/docs/for-developers/callbacks.md');
  row('Dev server, this site', `save→page median ${Math.round(dev.medianMs)} ms, p95 ${Math.round(dev.p95Ms)} ms`, `start ${seconds(dev.warmStartMs)} (cache warm)`, `${seconds(dev.coldStartMs)} cold`);
  fs.rmSync(devSite, { recursive: true, force: true });
  const devSize = Math.max(...SIZES);
  const synthetic = tempDir('dev-synthetic');
  writeSyntheticSite(synthetic, devSize);
  const devBig = await measureDev(synthetic, '/area-0/section-0/doc-1/', 'docs/area-0/section-0/doc-1.md');
  row(`Dev server, synthetic ${devSize} docs`, `save→page median ${Math.round(devBig.medianMs)} ms, p95 ${Math.round(devBig.p95Ms)} ms`, `start ${seconds(devBig.warmStartMs)} (cache warm)`, `${seconds(devBig.coldStartMs)} cold`);
  fs.rmSync(synthetic, { recursive: true, force: true });
}

// 4. Search: index size and query latency, this site and 10,000 synthetic docs.
if (ONLY.has('search')) for (const cells of await searchBench({ root: ROOT, work: WORK })) row(...cells);
fs.rmSync(WORK, { recursive: true, force: true });
