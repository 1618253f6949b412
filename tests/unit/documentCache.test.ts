import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HEAD_READ_BYTES, openDiskCache } from '../../cli/content/documentCache.ts';
import { loadDocument } from '../../cli/content/loadDocument.ts';

/** The on-disk document cache: what a rebuild reads back, and when. */

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function cacheDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'document-cache-'));
  temps.push(dir);
  return dir;
}

const text = '---\ntitle: Fees\ndescription: What a payment costs.\n---\n\n# Fees\n\nA [link](./other.md#usage).\n\n## Usage\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```js\nconst x = 1;\n```\n';
const document = loadDocument({ area: 'docs', relPath: 'fees.md', file: 'docs/fees.md', text });

describe('the disk document cache', () => {
  it('gives a document back as it was loaded, its keys in the same order', () => {
    const root = cacheDir();
    const cache = openDiskCache(root, 'v1');
    cache.set('key', document);
    cache.flush();
    const again = openDiskCache(root, 'v1').get('key')!;
    expect(again).toEqual(document);
    expect(JSON.stringify(again)).toBe(JSON.stringify(document));
  });

  it('parses a content tree only when it is read: a rebuild reads titles and links of every page, trees of the pages it renders', () => {
    const root = cacheDir();
    const cache = openDiskCache(root, 'v1');
    cache.set('key', document);
    cache.flush();
    const again = openDiskCache(root, 'v1').get('key')!;
    expect(again.title).toBe('Fees');
    expect(again.links).toEqual(document.links);
    expect(Object.getOwnPropertyDescriptor(again, 'content')).toHaveProperty('get');
    expect(again.content).toEqual(document.content);
    // Parsed once, then a plain value.
    expect(Object.getOwnPropertyDescriptor(again, 'content')).toHaveProperty('value', again.content);
  });

  it('takes an entry cut short (a build killed while writing it) for a miss, not a document without its tree', () => {
    const root = cacheDir();
    const cache = openDiskCache(root, 'v1');
    cache.set('key', document);
    cache.flush();
    const [version] = fs.readdirSync(root);
    const file = path.join(root, version!, 'key.json');
    const whole = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, whole.slice(0, whole.length - 40));
    expect(openDiskCache(root, 'v1').get('key')).toBeUndefined();
    fs.writeFileSync(file, whole.slice(0, whole.indexOf('\n') + 1));
    expect(openDiskCache(root, 'v1').get('key')).toBeUndefined();
  });

  it('reads only the head of an entry until its tree is read: a rebuild reads every head, and the trees of the pages it renders', () => {
    // A page whose tree is far longer than the head buffer.
    const long = loadDocument({ area: 'docs', relPath: 'long.md', file: 'docs/long.md', text: `# Long\n\n${'A paragraph of words that goes on. '.repeat(40)}\n\n`.repeat(100) });
    const root = cacheDir();
    const cache = openDiskCache(root, 'v1');
    cache.set('long', long);
    cache.flush();
    const [version] = fs.readdirSync(root);
    const size = fs.statSync(path.join(root, version!, 'long.json')).size;
    expect(size).toBeGreaterThan(4 * HEAD_READ_BYTES);
    const reads: number[] = [];
    const realReadSync = fs.readSync;
    const realReadFileSync = fs.readFileSync;
    const spyRead = vi.spyOn(fs, 'readSync').mockImplementation(((...args: Parameters<typeof fs.readSync>) => {
      const n = (realReadSync as (...a: unknown[]) => number)(...args);
      reads.push(n);
      return n;
    }) as typeof fs.readSync);
    const spyFile = vi.spyOn(fs, 'readFileSync').mockImplementation(((...args: Parameters<typeof fs.readFileSync>) => {
      const out = (realReadFileSync as (...a: unknown[]) => Buffer | string)(...args);
      reads.push(out.length);
      return out;
    }) as typeof fs.readFileSync);
    try {
      const again = openDiskCache(root, 'v1').get('long')!;
      expect(again.title).toBe('Long');
      expect(reads.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(HEAD_READ_BYTES);
      expect(again.content).toEqual(long.content);
      expect(reads.reduce((a, b) => a + b, 0)).toBeGreaterThan(size);
    } finally {
      spyRead.mockRestore();
      spyFile.mockRestore();
    }
  });

  it('reads an entry whose head is longer than the head buffer whole', () => {
    const links = Array.from({ length: 1500 }, (_, i) => `[link ${i}](./page-${i}.md#section-${i})`).join('\n\n');
    const linky = loadDocument({ area: 'docs', relPath: 'links.md', file: 'docs/links.md', text: `# Links\n\n${links}\n` });
    const root = cacheDir();
    const cache = openDiskCache(root, 'v1');
    cache.set('linky', linky);
    cache.flush();
    const [version] = fs.readdirSync(root);
    const whole = fs.readFileSync(path.join(root, version!, 'linky.json'), 'utf8');
    expect(whole.indexOf('\n')).toBeGreaterThan(HEAD_READ_BYTES);
    const again = openDiskCache(root, 'v1').get('linky')!;
    expect(again).toEqual(linky);
    expect(JSON.stringify(again)).toBe(JSON.stringify(linky));
  });

  it('says to build again when an entry whose head was read is gone when its tree is read', () => {
    const root = cacheDir();
    const cache = openDiskCache(root, 'v1');
    cache.set('key', document);
    cache.flush();
    const again = openDiskCache(root, 'v1').get('key')!;
    const [version] = fs.readdirSync(root);
    fs.rmSync(path.join(root, version!), { recursive: true });
    expect(() => again.content).toThrow(/docs\/fees\.md.*was removed while the build ran\. Run the build again\./);
  });
});
