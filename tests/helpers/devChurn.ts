/**
 * Saves one ~40 KB page many times into a DevSite, as an author does in `dev`, and prints
 * the live heap after a GC at the start and at the end (JSON on stdout). Run with
 * `node --expose-gc --import tsx tests/helpers/devChurn.ts <saves>`; tests/unit/devMemory.test.ts does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DevSite } from '../../cli/dev/devSite.ts';
import { openDiskCache } from '../../cli/content/documentCache.ts';
import { writeTempSite } from './memorySite.ts';
import { ROOT } from './cli.ts';

const saves = Number(process.argv[2] ?? 1000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc');

/**
 * A page of about 40 KB: a few sections of prose, a list, a link and a long plain-text
 * block (cheap to load, so a thousand saves take seconds, yet as heavy to keep).
 */
function bigPage(version: number, title = 'Big'): string {
  const sections = Array.from({ length: 6 }, (_, i) => `## Part ${i}\n\nSection ${i} of version ${version} is about payments, invoices and webhooks. `.repeat(3) + `\n\n- see [the other page](./small.md)\n`);
  const log = Array.from({ length: 520 }, (_, i) => `${String(i).padStart(4, '0')} version ${version}: settlement of invoice ${i * 7} in progress, webhook queued`).join('\n');
  return `---\ntitle: ${title}\ntags: [churn]\n---\n\nVersion ${version}.\n\n${sections.join('\n')}\n\`\`\`text\n${log}\n\`\`\`\n`;
}

const site = writeTempSite({
  'site.config.ts': 'export default { title: "Churn", url: "https://churn.example", trailingSlash: true };\n',
  'docs/intro.md': '---\nslug: /\n---\nHome, see [big](./big.md).\n',
  'docs/small.md': '---\ntitle: Small\n---\n## Setup\n\nText.\n',
  'docs/big.md': bigPage(0),
  'blog/2024-01-02-post.md': '---\ntitle: Post\n---\nA post.\n',
});
const temp = path.join(ROOT, 'node_modules/.cache/site-dev', `churn-${process.pid}`);
const diskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churn-cache-'));
const disk = openDiskCache(diskDir, 'churn');
const big = path.join(site, 'docs/big.md');

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const dev = await DevSite.start(site, temp, disk);
disk.flush();
const started = performance.now();
let applied = 0;
async function save(i: number) {
  // Mostly body edits (the fast path); now and then a title edit (graph and every page again) and a search.
  fs.writeFileSync(big, bigPage(i, i % 100 === 0 ? `Big ${i}` : 'Big'));
  const result = await dev.apply([{ kind: 'content', path: big }]);
  if (result.applied) applied++;
  if (i % 250 === 0) dev.ensureSearchIndex();
}
for (let i = 1; i <= 5; i++) await save(i);
const before = heap();
for (let i = 6; i <= saves; i++) await save(i);
const after = heap();
const result = { saves, bytes: fs.statSync(big).size, applied, before, after, ratio: after / before, rss: process.memoryUsage().rss, seconds: (performance.now() - started) / 1000 };
await dev.dispose();
for (const dir of [site, temp, diskDir]) fs.rmSync(dir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(result)}\n`);
