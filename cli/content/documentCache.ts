import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { LoadedDocument } from './loadDocument.ts';
import { compactTreeBytes } from './compactTree.ts';

/**
 * Loaded documents by content hash. Watch mode keeps one in memory (a `Map` is one);
 * the CLI keeps one on disk between runs. Passed in explicitly: no module-level state.
 */
export interface DocumentCache {
  get(key: string): LoadedDocument | undefined;
  set(key: string, doc: LoadedDocument): void;
}

/**
 * A cache in a folder, one file per document: its JSON without the content tree on the
 * first line, the tree's JSON on the second. The tree is most of the bytes (a 400-word
 * page: 12 of 13 KB) and is parsed only when something reads `content`: a rebuild reads
 * every document's title, links and headings, but renders only the pages that changed.
 * The folder is named for the generator's own version (`generatorStamp`), so a changed
 * loader never reads old entries; folders of other versions are removed when one is opened.
 */
export function openDiskCache(root: string, generatorStamp: string): DocumentCache & { flush(): void; dir: string } {
  const version = createHash('sha1').update(generatorStamp).digest('hex').slice(0, 12);
  const dir = path.join(root, version);
  try {
    for (const entry of fs.readdirSync(root)) if (entry !== version) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  } catch {
    // No cache yet.
  }
  fs.mkdirSync(dir, { recursive: true });
  // One entry per file, the latest: `dev` sets a new version on every save and flushes
  // only now and then, so keeping every version would grow with each save.
  const pending = new Map<string, { key: string; doc: LoadedDocument }>();
  // Where heads are read (readEntryHead): one buffer for every entry, not one per entry.
  const scratch = Buffer.allocUnsafe(HEAD_READ_BYTES);
  return {
    dir,
    get(key) {
      try {
        return readEntryHead(path.join(dir, `${key}.json`), scratch);
      } catch {
        return undefined;
      }
    },
    set(key, doc) {
      pending.set(doc.file, { key, doc });
    },
    /** Writes the new entries. A cache that cannot be written only costs speed. */
    flush() {
      for (const { key, doc } of pending.values()) {
        try {
          fs.writeFileSync(path.join(dir, `${key}.json`), entryText(doc));
        } catch {
          return;
        }
      }
      pending.clear();
    },
  };
}

/**
 * Memory first, then disk (dev mode: fast start from the last run, no disk reads after).
 * Memory holds one version of each file, the last one loaded: an author saving a page a
 * thousand times must not leave a thousand versions in memory (a version saved again,
 * an undo, comes back from disk or is loaded again).
 */
export function layeredCache(disk: DocumentCache | undefined): DocumentCache {
  const memory = new Map<string, LoadedDocument>();
  const keyOfFile = new Map<string, string>();
  const remember = (key: string, doc: LoadedDocument) => {
    const old = keyOfFile.get(doc.file);
    if (old !== undefined && old !== key) memory.delete(old);
    keyOfFile.set(doc.file, key);
    memory.set(key, doc);
  };
  return {
    get(key) {
      const hit = memory.get(key);
      if (hit) return hit;
      const doc = disk?.get(key);
      if (doc) remember(key, doc);
      return doc;
    },
    set(key, doc) {
      remember(key, doc);
      disk?.set(key, doc);
    },
  };
}

/**
 * A document as a cache entry: everything but the tree, a newline, the tree (JSON has no
 * raw newlines). In the first part the tree keeps its place (so the document reads back
 * with its keys in the same order) as its length in bytes: an entry cut short (a build
 * killed while writing it) is then a miss, as it was when the whole entry was parsed at once.
 */
export function entryText(doc: LoadedDocument): string | Buffer {
  const compact = compactTreeBytes(doc);
  if (!compact) {
    const tree = JSON.stringify(doc.content);
    return `${JSON.stringify({ ...doc, content: Buffer.byteLength(tree) })}\n${tree}`;
  }
  // A compact document's tree is its entry's second line already: not parsed to be written again.
  const head: Record<string, unknown> = {};
  for (const key of Object.keys(doc)) head[key] = key === 'content' ? compact.length : doc[key as keyof LoadedDocument];
  return Buffer.concat([Buffer.from(`${JSON.stringify(head)}\n`), compact]);
}

/**
 * A cache entry as a document whose `content` is parsed on first read; throws if it is not
 * whole. The tree stays bytes until then: decoding it to a string for every document of a
 * 2,000-page rebuild (26 MB) cost more than reading it, and its garbage more again.
 */
export function readEntry(bytes: Buffer): LoadedDocument {
  const split = bytes.indexOf(0x0a);
  if (split < 0) throw new Error('Not a cache entry');
  const doc = JSON.parse(bytes.toString('utf8', 0, split)) as LoadedDocument;
  let tree: Buffer | undefined = bytes.subarray(split + 1);
  if ((doc.content as unknown) !== tree.length) throw new Error('A cache entry cut short');
  Object.defineProperty(doc, 'content', {
    enumerable: true,
    configurable: true,
    get() {
      const content = JSON.parse(tree!.toString('utf8')) as LoadedDocument['content'];
      tree = undefined;
      Object.defineProperty(doc, 'content', { value: content, enumerable: true, configurable: true, writable: true });
      return content;
    },
    set(content: LoadedDocument['content']) {
      tree = undefined;
      Object.defineProperty(doc, 'content', { value: content, enumerable: true, configurable: true, writable: true });
    },
  });
  return doc;
}

/**
 * How much of an entry is read at first: its head, the document without its tree (2.3 KB on
 * average at 2,000 synthetic docs, of entries of 23 KB). A longer head is read whole.
 */
export const HEAD_READ_BYTES = 16 * 1024;

/**
 * The entry in `file`, as `readEntry` gives it, reading only its head: the tree is read from
 * the file when something reads `content`. A rebuild after one edit reads every document's
 * head but renders one page: at 2,000 docs it read 47 MB of trees it never parsed (235 MB at
 * 10,000), and held them in memory to the end of the build. The entry is whole if the file
 * is as long as its head says; its name is the hash of what it was made from, so a file there
 * later has the same bytes. If it is gone by then (the cache was deleted while the build ran),
 * the build stops with a message saying to run it again.
 */
export function readEntryHead(file: string, scratch: Buffer): LoadedDocument {
  const fd = fs.openSync(file, 'r');
  let read: number;
  let size: number | undefined;
  try {
    read = fs.readSync(fd, scratch, 0, scratch.length, 0);
    // All of it read when short of the buffer; else its size says whether it is whole.
    if (read === scratch.length) size = fs.fstatSync(fd).size;
  } finally {
    fs.closeSync(fd);
  }
  const split = scratch.subarray(0, read).indexOf(0x0a);
  // A head longer than the buffer: the whole entry, as before.
  if (split < 0) return readEntry(fs.readFileSync(file));
  const doc = JSON.parse(scratch.toString('utf8', 0, split)) as LoadedDocument;
  const treeBytes = doc.content as unknown;
  if (typeof treeBytes !== 'number' || (size ?? read) !== split + 1 + treeBytes) throw new Error('A cache entry cut short');
  const readTree = (): LoadedDocument['content'] => {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch {
      throw new Error(`The document cache entry of ${doc.file} (${file}) was removed while the build ran. Run the build again.`);
    }
    return JSON.parse(bytes.toString('utf8', split + 1)) as LoadedDocument['content'];
  };
  Object.defineProperty(doc, 'content', {
    enumerable: true,
    configurable: true,
    get() {
      const content = readTree();
      Object.defineProperty(doc, 'content', { value: content, enumerable: true, configurable: true, writable: true });
      return content;
    },
    set(content: LoadedDocument['content']) {
      Object.defineProperty(doc, 'content', { value: content, enumerable: true, configurable: true, writable: true });
    },
  });
  return doc;
}
