import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HEAD_READ_BYTES, openDiskCache, UnreadableCacheEntry } from '../../cli/content/documentCache.ts';
import { loadDocument, type LoadedDocument } from '../../cli/content/loadDocument.ts';
import { compactTreeBytes } from '../../cli/content/compactTree.ts';
import { loadContent } from '../../cli/content/loadContent.ts';
import { graphMessage } from '../../cli/render/graphMessage.ts';
import type { RouteGraph } from '../../cli/graph/types.ts';

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

/** A cache folder holding `document` under 'key', and the document as a new cache reads it back. */
function storedAndReadBack(): { root: string; entry: string; again: LoadedDocument } {
  const root = cacheDir();
  const cache = openDiskCache(root, 'v1');
  cache.set('key', document);
  cache.flush();
  const [version] = fs.readdirSync(root);
  return { root, entry: path.join(root, version!, 'key.json'), again: openDiskCache(root, 'v1').get('key')! };
}

describe('the disk document cache', () => {
  it('is no cache where this user may not write it: a build reads nothing from it and keeps nothing, and does not fail', () => {
    const root = cacheDir();
    // As a cache owned by another user (packages installed by root, the build run as nobody).
    const mkdir = vi.spyOn(fs, 'mkdirSync').mockImplementation(() => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    });
    const writeFile = vi.spyOn(fs, 'writeFileSync').mockImplementation(() => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    });
    try {
      const cache = openDiskCache(root, 'v1');
      cache.useHeadsOf(root);
      expect(cache.get('key')).toBeUndefined();
      cache.set('key', document);
      expect(() => cache.flush()).not.toThrow();
    } finally {
      mkdir.mockRestore();
      writeFile.mockRestore();
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('gives a document back as it was loaded, its keys in the same order', () => {
    const { again } = storedAndReadBack();
    expect(again).toEqual(document);
    expect(JSON.stringify(again)).toBe(JSON.stringify(document));
  });

  it('parses a content tree only when it is read: a rebuild reads titles and links of every page, trees of the pages it renders', () => {
    const { entry, again } = storedAndReadBack();
    expect(again.title).toBe('Fees');
    expect(again.links).toEqual(document.links);
    expect(Object.getOwnPropertyDescriptor(again, 'content')).toHaveProperty('get');
    expect(again.content).toEqual(document.content);
    // Read from disk once, then parsed from its bytes at each read and never kept: a build that
    // renders every page from the cache held every tree to its end (10,000 docs: 2,439 MiB).
    expect(Object.getOwnPropertyDescriptor(again, 'content')).toHaveProperty('get');
    expect(again.content).not.toBe(again.content);
    fs.rmSync(entry);
    expect(again.content).toEqual(document.content);
  });

  it('keeps a small site\'s trees once read, as a document parsed in this thread keeps its own', async () => {
    const root = cacheDir();
    const cache = openDiskCache(root, 'v1');
    const source = { area: 'docs' as const, relPath: 'fees.md', file: 'docs/fees.md', text };
    const first = await loadContent([source], { cache });
    cache.flush();
    const again = (await loadContent([{ ...source }], { cache: openDiskCache(root, 'v1') })).documents[0]!;
    expect(first.documents[0]!.title).toBe('Fees');
    expect(again.content).toEqual(document.content);
    expect(again.content).toBe(again.content);
    expect(Object.getOwnPropertyDescriptor(again, 'content')).toHaveProperty('value', again.content);
  });

  it('gives a cached document\'s tree as its bytes, unparsed, to be posted to another thread', () => {
    const { again } = storedAndReadBack();
    const bytes = compactTreeBytes(again);
    expect(bytes && JSON.parse(new TextDecoder().decode(bytes))).toEqual(document.content);
    // The graph's message sends it as a head and those bytes (the tree not copied as objects).
    const message = graphMessage({ routes: [], byPath: new Map(), partials: new Map([['docs/fees.md', again]]) } as unknown as RouteGraph);
    expect(message.trees.map(([head, tree]) => [head.title, tree.byteLength])).toEqual([['Fees', bytes!.byteLength]]);
    // The bytes the document holds, in shared memory: posted, not copied (a copy there and these here were two of every tree).
    expect(bytes!.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(message.trees[0]![1]).toBe(bytes);
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

  it('says which entry could not be read when an entry whose head was read is gone when its tree is read', () => {
    const root = cacheDir();
    const cache = openDiskCache(root, 'v1');
    cache.set('key', document);
    cache.flush();
    const again = openDiskCache(root, 'v1').get('key')!;
    const [version] = fs.readdirSync(root);
    fs.rmSync(path.join(root, version!), { recursive: true });
    expect(() => again.content).toThrow(UnreadableCacheEntry);
    expect(() => again.content).toThrow(/docs\/fees\.md.*could not be read/);
  });

  it('never takes a tree changed on disk for its document: same length, other bytes', () => {
    const { entry, again } = storedAndReadBack();
    const bytes = fs.readFileSync(entry);
    const tree = bytes.indexOf(0x0a) + 1;
    // One character of the tree's text, still valid JSON.
    const at = bytes.indexOf('Usage', tree);
    bytes[at] = 'X'.charCodeAt(0);
    fs.writeFileSync(entry, bytes);
    expect(() => again.content).toThrow(UnreadableCacheEntry);
    // Read anew, as the next build would: the head is read, the tree is refused when read.
    const next = openDiskCache(path.dirname(path.dirname(entry)), 'v1').get('key')!;
    expect(next.title).toBe('Fees');
    expect(() => next.content).toThrow(/docs\/fees\.md.*could not be read/);
  });

  it('forgets every entry when cleared', () => {
    const { root } = storedAndReadBack();
    const cache = openDiskCache(root, 'v1');
    cache.set('pending', document);
    cache.clear();
    cache.flush();
    expect(openDiskCache(root, 'v1').get('key')).toBeUndefined();
    expect(openDiskCache(root, 'v1').get('pending')).toBeUndefined();
  });
});

describe('the heads pack (the heads a site\'s last build read, in one file)', () => {
  const other = loadDocument({ area: 'docs', relPath: 'other.md', file: 'docs/other.md', text: '# Other\n\n## Usage\n\nMore text.\n' });
  /** A cache that has built `site` once, reading `fees` and `other`. */
  const built = (site = '/sites/one') => {
    const root = cacheDir();
    const cache = openDiskCache(root, 'v1');
    cache.useHeadsOf(site);
    cache.set('fees', document);
    cache.set('other', other);
    cache.flush();
    const [version] = fs.readdirSync(root);
    const dir = path.join(root, version!);
    const pack = () => fs.readdirSync(dir).filter((name) => name.startsWith('heads-'));
    return { root, dir, pack };
  };
  /** The files a function opens, by name (the heads pack left out). */
  const entriesOpened = <T>(run: () => T): { result: T; opened: string[] } => {
    const opened: string[] = [];
    const realOpen = fs.openSync;
    const realReadFile = fs.readFileSync;
    const spyOpen = vi.spyOn(fs, 'openSync').mockImplementation(((file: fs.PathLike, ...rest: unknown[]) => {
      if (!path.basename(String(file)).startsWith('heads-')) opened.push(path.basename(String(file)));
      return (realOpen as (...a: unknown[]) => number)(file, ...rest);
    }) as typeof fs.openSync);
    const spyReadFile = vi.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
      if (typeof file === 'string' && !path.basename(file).startsWith('heads-')) opened.push(path.basename(file));
      return (realReadFile as (...a: unknown[]) => Buffer | string)(file, ...rest);
    }) as typeof fs.readFileSync);
    try {
      const result = run();
      // readFileSync opens the file too: each entry once.
      return { result, opened: [...new Set(opened)] };
    } finally {
      spyOpen.mockRestore();
      spyReadFile.mockRestore();
    }
  };

  it('gives the next build of the site every head from the pack, opening no entry until a tree is read', () => {
    const { root, pack } = built();
    expect(pack()).toHaveLength(1);
    const cache = openDiskCache(root, 'v1');
    cache.useHeadsOf('/sites/one');
    const { result, opened } = entriesOpened(() => [cache.get('fees')!, cache.get('other')!]);
    expect(opened).toEqual([]);
    const [fees, again] = result;
    expect(fees!.title).toBe('Fees');
    // The tree comes from the entry, when read.
    const tree = entriesOpened(() => fees!.content);
    expect(tree.opened).toEqual(['fees.json']);
    expect(tree.result).toEqual(document.content);
    expect(fees).toEqual(document);
    expect(JSON.stringify(fees)).toBe(JSON.stringify(document));
    expect(JSON.stringify(again)).toBe(JSON.stringify(other));
  });

  it('is one file per site: another site reads its heads from the entries', () => {
    const { root, pack } = built('/sites/one');
    const cache = openDiskCache(root, 'v1');
    cache.useHeadsOf('/sites/two');
    const { result, opened } = entriesOpened(() => cache.get('fees'));
    expect(opened).toEqual(['fees.json']);
    expect(JSON.stringify(result)).toBe(JSON.stringify(document));
    cache.flush();
    expect(pack()).toHaveLength(2);
  });

  it('is written again only when a build read other heads than it holds', () => {
    const { root, dir, pack } = built();
    const file = path.join(dir, pack()[0]!);
    const before = fs.statSync(file).ino;
    const same = openDiskCache(root, 'v1');
    same.useHeadsOf('/sites/one');
    same.get('fees');
    same.get('other');
    same.flush();
    expect(fs.statSync(file).ino).toBe(before);
    // The next build reads one of them: the pack holds that one only.
    const fewer = openDiskCache(root, 'v1');
    fewer.useHeadsOf('/sites/one');
    fewer.get('other');
    fewer.flush();
    expect(fs.statSync(file).ino).not.toBe(before);
    const next = openDiskCache(root, 'v1');
    next.useHeadsOf('/sites/one');
    expect(entriesOpened(() => next.get('other')).opened).toEqual([]);
    expect(entriesOpened(() => next.get('fees')).opened).toEqual(['fees.json']);
  });

  it('keeps the heads a build read from it and the heads it read elsewhere, each whole, in the order read', () => {
    const third = loadDocument({ area: 'docs', relPath: 'third.md', file: 'docs/third.md', text: '# Third\n\nLast.\n' });
    const fourth = loadDocument({ area: 'docs', relPath: 'fourth.md', file: 'docs/fourth.md', text: '# Fourth\n\nAfter the last.\n' });
    const edited = loadDocument({ area: 'docs', relPath: 'third.md', file: 'docs/third.md', text: '# Third, edited\n\nLast.\n' });
    const root = cacheDir();
    const first = openDiskCache(root, 'v1');
    first.useHeadsOf('/sites/one');
    for (const [key, doc] of [['fees', document], ['other', other], ['third', third], ['fourth', fourth]] as const) first.set(key, doc);
    first.flush();
    // The third edited: the next pack is pieces of the last one around a head read elsewhere.
    const second = openDiskCache(root, 'v1');
    second.useHeadsOf('/sites/one');
    second.get('fees');
    second.get('other');
    second.set('edited', edited);
    second.get('fourth');
    second.flush();
    const next = openDiskCache(root, 'v1');
    next.useHeadsOf('/sites/one');
    const { result, opened } = entriesOpened(() => ['fees', 'other', 'edited', 'fourth'].map((key) => next.get(key)!));
    expect(opened).toEqual([]);
    expect(result.map((doc) => doc.title)).toEqual(['Fees', 'Other', 'Third, edited', 'Fourth']);
    expect(result.map((doc) => JSON.stringify(doc))).toEqual([document, other, edited, fourth].map((doc) => JSON.stringify(doc)));
  });

  it('is not written from a pack another build replaced in the meantime', () => {
    const { root } = built();
    const third = loadDocument({ area: 'docs', relPath: 'third.md', file: 'docs/third.md', text: '# Third\n\nLast.\n' });
    const slow = openDiskCache(root, 'v1');
    slow.useHeadsOf('/sites/one');
    slow.get('fees');
    slow.get('other');
    slow.set('third', third);
    // Another build of the site, done first: its pack holds the same heads in another order.
    const quick = openDiskCache(root, 'v1');
    quick.useHeadsOf('/sites/one');
    quick.get('other');
    quick.get('fees');
    quick.flush();
    slow.flush();
    const next = openDiskCache(root, 'v1');
    next.useHeadsOf('/sites/one');
    for (const [key, doc] of [['fees', document], ['other', other]] as const) {
      const { result, opened } = entriesOpened(() => next.get(key));
      expect(opened).toEqual([]);
      expect(JSON.stringify(result)).toBe(JSON.stringify(doc));
    }
  });

  it('reads and copies a pack larger than its block (1 MB) whole, heads longer than a block too', () => {
    // Heads of 30 KB and more (a long description), one of 1.5 MB: 3.5 MB of pack.
    const docs = Array.from({ length: 70 }, (_, i) => ({ ...document, file: `docs/p${i}.md`, description: (i === 40 ? 'long ' : 'words ').repeat(i === 40 ? 300_000 : 5000 + i) }));
    const root = cacheDir();
    const first = openDiskCache(root, 'v1');
    first.useHeadsOf('/sites/big');
    docs.forEach((doc, i) => first.set(`k${i}`, doc));
    first.flush();
    // One edited: the next pack copies the others from this one.
    const edited = { ...docs[20]!, title: 'Edited' };
    const second = openDiskCache(root, 'v1');
    second.useHeadsOf('/sites/big');
    docs.forEach((doc, i) => (i === 20 ? second.set('edited', edited) : expect(JSON.stringify(second.get(`k${i}`))).toBe(JSON.stringify(doc))));
    second.flush();
    const next = openDiskCache(root, 'v1');
    next.useHeadsOf('/sites/big');
    const { result, opened } = entriesOpened(() => docs.map((_, i) => next.get(i === 20 ? 'edited' : `k${i}`)));
    expect(opened).toEqual([]);
    result.forEach((doc, i) => expect(JSON.stringify(doc)).toBe(JSON.stringify(i === 20 ? edited : docs[i])));
  });

  it('never takes an entry whose tree changed on disk for the document its head names', () => {
    const { root, dir } = built();
    const file = path.join(dir, 'fees.json');
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf('Usage', bytes.indexOf(0x0a));
    bytes[at] = 'X'.charCodeAt(0);
    fs.writeFileSync(file, bytes);
    const cache = openDiskCache(root, 'v1');
    cache.useHeadsOf('/sites/one');
    const fees = cache.get('fees')!;
    expect(() => fees.content).toThrow(UnreadableCacheEntry);
    expect(JSON.stringify(cache.get('other'))).toBe(JSON.stringify(other));
  });

  it('is no pack when cut short: the heads are read from the entries', () => {
    const { root, dir, pack } = built();
    const file = path.join(dir, pack()[0]!);
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, fs.statSync(file).size - 10));
    const cache = openDiskCache(root, 'v1');
    cache.useHeadsOf('/sites/one');
    const { result, opened } = entriesOpened(() => cache.get('other'));
    expect(opened).toEqual(['other.json']);
    expect(JSON.stringify(result)).toBe(JSON.stringify(other));
  });

  it('says which entry could not be read when the entry of a head it holds is gone, and is not trusted by the next build', () => {
    const { root, dir } = built();
    fs.rmSync(path.join(dir, 'fees.json'));
    const cache = openDiskCache(root, 'v1');
    cache.useHeadsOf('/sites/one');
    const fees = cache.get('fees')!;
    expect(fees.title).toBe('Fees');
    expect(() => fees.content).toThrow(UnreadableCacheEntry);
    const next = openDiskCache(root, 'v1');
    next.useHeadsOf('/sites/one');
    expect(next.get('fees')).toBeUndefined();
    expect(JSON.stringify(next.get('other'))).toBe(JSON.stringify(other));
  });
});
