import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDiskCache } from '../../cli/content/documentCache.ts';
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
});
