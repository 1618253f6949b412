import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { compactDocument, packDocuments, unpackDocuments } from '../../cli/content/compactTree.ts';
import { entryText, openDiskCache } from '../../cli/content/documentCache.ts';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { loadMarkdownInWorkers } from '../../cli/content/workerPool.ts';
import type { SourceFile } from '../../cli/content/scan.ts';

/**
 * Documents that hold their tree as bytes (compactTree.ts): a big site's trees were most of
 * its peak memory, held from loading to the end of the build. A compact document gives the
 * same tree on every read and holds none of them.
 */

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const text = (i: number) =>
  `---\ntitle: Page ${i}\ntags: [fees]\n---\n\n# Page ${i}\n\nSome words about *paying* ünïcode ✓. ${'More words. '.repeat(1 + ((i * 37) % 90))}\n\n## Usage\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n\`\`\`js title="x.js"\nconst x = ${i};\n\`\`\`\n\n[next](./page-${i + 1}.md)\n`;
const source = (i: number): SourceFile => ({ area: 'docs', relPath: `page-${i}.md`, file: `docs/page-${i}.md`, text: text(i) });

/** Whether the tree `read` returns is still reachable once the reader has let it go. */
async function treeIsHeld(read: () => object): Promise<boolean> {
  const ref = new WeakRef(read());
  // A WeakRef keeps its target to the end of the job that made it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  return ref.deref() !== undefined;
}

describe('a compact document', () => {
  it('reads as the document it was made from: the same tree, the same keys in the same order', () => {
    const plain = loadDocument(source(3));
    const compact = compactDocument(loadDocument(source(3)));
    expect(compact).toEqual(plain);
    expect(Object.keys(compact)).toEqual(Object.keys(plain));
    // Fingerprints are JSON of documents.
    expect(JSON.stringify(compact)).toBe(JSON.stringify(plain));
  });

  it('holds no tree: each read parses its own, which is let go with its reader', async () => {
    const compact = compactDocument(loadDocument(source(4)));
    expect(compact.content).not.toBe(compact.content);
    expect(await treeIsHeld(() => compact.content)).toBe(false);
    // The check itself: an ordinary document does hold its tree.
    const plain = loadDocument(source(4));
    expect(await treeIsHeld(() => plain.content)).toBe(true);
  });

  it('becomes an ordinary document when its tree is set', () => {
    const compact = compactDocument(loadDocument(source(5)));
    const tree = { type: 'root' as const, children: [] };
    compact.content = tree;
    expect(compact.content).toBe(tree);
    expect(entryText(compact).toString()).toBe(entryText({ ...loadDocument(source(5)), content: tree }).toString());
  });

  it('is written to the document cache as the same bytes, and read back the same', () => {
    const plain = loadDocument(source(6));
    const compact = compactDocument(loadDocument(source(6)));
    expect(Buffer.from(entryText(compact))).toEqual(Buffer.from(entryText(plain)));
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'compact-tree-'));
    temps.push(root);
    const cache = openDiskCache(root, 'v1');
    cache.set('key', compact);
    cache.flush();
    const again = openDiskCache(root, 'v1').get('key')!;
    expect(JSON.stringify(again)).toBe(JSON.stringify(plain));
  });

  it('crosses from a worker as it was loaded there', () => {
    const docs = [0, 1, 2].map((i) => loadDocument(source(i)));
    const message = packDocuments(docs);
    // What postMessage does to the message: the trees' bytes are in shared memory, shared, not copied.
    const received = structuredClone(message);
    const first = received.trees[0]![0]!;
    received.trees[0]![0] = first ^ 1;
    expect(message.trees[0]![0]).toBe(first ^ 1);
    received.trees[0]![0] = first;
    const unpacked = unpackDocuments(received);
    expect(unpacked.map((d) => JSON.stringify(d))).toEqual([0, 1, 2].map((i) => JSON.stringify(loadDocument(source(i)))));
  });
});

describe('a big site loaded on every core', () => {
  it('holds none of its documents’ trees, from the main thread or from workers', async () => {
    const loaded = await loadMarkdownInWorkers(Array.from({ length: 40 }, (_, i) => source(i)));
    for (const [i, doc] of loaded.entries()) {
      expect(doc.content).not.toBe(doc.content);
      expect(JSON.stringify(doc)).toBe(JSON.stringify(loadDocument(source(i))));
    }
  }, 60_000);
});
