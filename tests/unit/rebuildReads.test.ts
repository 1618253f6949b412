import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { build } from '../../cli/pipeline/build.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { openDiskCache, type DocumentCache } from '../../cli/content/documentCache.ts';
import { openBuildCache } from '../../cli/write/buildCache.ts';
import type { LoadedDocument } from '../../cli/content/loadDocument.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * What a rebuild reads: after one paragraph edit it parses the content tree of the page it
 * renders again, not every page's (doc cards are remembered by document, other pages'
 * search sections are read back from the previous index's shards), so its time does not
 * grow with the trees of a large site.
 */
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The disk cache, with each document's `content` reads counted by file. */
function countingCache(inner: DocumentCache, reads: Map<string, number>): DocumentCache {
  return {
    get(key) {
      const doc = inner.get(key);
      if (!doc) return doc;
      const counted = { ...doc } as LoadedDocument;
      Object.defineProperty(counted, 'content', {
        enumerable: true,
        get() {
          reads.set(doc.file, (reads.get(doc.file) ?? 0) + 1);
          return doc.content;
        },
      });
      return counted;
    },
    set: (key, doc) => inner.set(key, doc),
  };
}

describe('a rebuild after one paragraph edit', () => {
  it('reads no other page\'s content tree', async () => {
    const files: Record<string, string> = {
      'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true };\n',
      'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nStart [here](./a/page-0.md).\n',
      'docs/a/_category_.json': '{ "label": "A", "link": { "type": "generated-index" } }',
    };
    for (let i = 0; i < 8; i++) files[`docs/a/page-${i}.md`] = `# Page ${i}\n\nThe first paragraph of page ${i}.\n\n## Usage\n\nSee [the next](./page-${(i + 1) % 8}.md#usage).\n`;
    const site = writeTempSite(files);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rebuild-reads-'));
    temps.push(site, work);
    const disk = openDiskCache(path.join(work, 'documents'), 'test');
    const buildCache = openBuildCache(path.join(work, 'builds'), 'test');
    const reporter = createReporter({ quiet: true });
    const outDir = path.join(work, 'build');
    const reads = new Map<string, number>();
    const cache = countingCache(disk, reads);
    // The first build loads every document; the second takes them all from the disk cache.
    for (let i = 0; i < 2; i++) {
      await build(await loadConfig(site), { reporter, cache, buildCache, outDir });
      disk.flush();
    }
    reads.clear();
    fs.appendFileSync(path.join(site, 'docs/a/page-3.md'), '\nAnother paragraph.\n');
    await build(await loadConfig(site), { reporter, cache, buildCache, outDir });
    expect(fs.readFileSync(path.join(outDir, 'a/page-3/index.html'), 'utf8')).toContain('Another paragraph.');
    // page-3 is loaded again (its text changed), not read from the cache: no tree read at all.
    expect([...reads.keys()]).toEqual([]);
  }, 120_000);
});
