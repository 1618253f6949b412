import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { LoadedDocument } from './loadDocument.ts';
import { compactTreeBytes, lazyTreeDocument } from './compactTree.ts';

/**
 * Loaded documents by content hash. Watch mode keeps one in memory (a `Map` is one);
 * the CLI keeps one on disk between runs. Passed in explicitly: no module-level state.
 */
export interface DocumentCache {
  get(key: string): LoadedDocument | undefined;
  set(key: string, doc: LoadedDocument): void;
  /** Forgets every document (`UnreadableCacheEntry`): the next `get` of any key misses. */
  clear?(): void;
}

/**
 * A cache in a folder, one file per document: its JSON without the content tree on the
 * first line, the tree's JSON on the second. The tree is most of the bytes (a 400-word
 * page: 12 of 13 KB) and is parsed only when something reads `content`: a rebuild reads
 * every document's title, links and headings, but renders only the pages that changed.
 * The folder is named for the generator's own version (`generatorStamp`), so a changed
 * loader never reads old entries; folders of other versions are removed when one is opened.
 *
 * With `useHeadsOf(siteDir)`, the heads of the documents that site's last build read come
 * from one file (see `HeadPack`), and `flush` writes the heads of this build's.
 */
export function openDiskCache(root: string, generatorStamp: string): DocumentCache & { flush(): void; dir: string; useHeadsOf(siteDir: string): void; clear(): void } {
  const version = createHash('sha1').update(generatorStamp).digest('hex').slice(0, 12);
  const dir = path.join(root, version);
  try {
    for (const entry of fs.readdirSync(root)) if (entry !== version) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  } catch {
    // No cache yet.
  }
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch {
    // A cache this user may not write (packages installed by another user): each read misses, nothing is kept; only speed is lost.
  }
  // One entry per file, the latest: `dev` sets a new version on every save and flushes
  // only now and then, so keeping every version would grow with each save.
  const pending = new Map<string, { key: string; doc: LoadedDocument }>();
  // Where heads are read (readEntryHead): one buffer for every entry, not one per entry.
  const scratch = Buffer.allocUnsafe(HEAD_READ_BYTES);
  let pack: HeadPack | undefined;
  return {
    dir,
    useHeadsOf(siteDir) {
      pack = openHeadPack(path.join(dir, `heads-${createHash('sha1').update(path.resolve(siteDir)).digest('hex').slice(0, 16)}.bin`), (key) => path.join(dir, `${key}.json`));
    },
    get(key) {
      const file = path.join(dir, `${key}.json`);
      try {
        if (!pack) return readEntryHead(file, scratch);
        return pack.get(key) ?? readEntryHead(file, scratch, (head) => pack!.add(key, Buffer.from(head)));
      } catch {
        return undefined;
      }
    },
    set(key, doc) {
      pending.set(doc.file, { key, doc });
    },
    /** Removes every entry and pack of this version (`UnreadableCacheEntry`): what is pending is dropped too. */
    clear() {
      pending.clear();
      pack = undefined;
      try {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.mkdirSync(dir, { recursive: true });
      } catch {
        // A cache this user may not change: each read misses as before, or fails as before.
      }
    },
    /** Writes the new entries, then the heads pack. A cache that cannot be written only costs speed. */
    flush() {
      for (const { key, doc } of pending.values()) {
        try {
          const [head, tree] = entryParts(doc);
          fs.writeFileSync(path.join(dir, `${key}.json`), Buffer.concat([head, NEWLINE, tree]));
          pack?.add(key, head);
        } catch {
          return;
        }
      }
      pending.clear();
      pack?.flush();
    },
  };
}

const NEWLINE = Buffer.from('\n');

/**
 * The heads of the documents one site's last build read, in one file beside the entries
 * they are the first lines of: a rebuild of 10,000 docs read 10,000 entry heads, each an
 * open, a read, a stat and a close (about 0.3 s of a 4 s rebuild, most of it in the
 * kernel); the pack is one read. A head found in it is its entry's head byte for byte
 * (an entry's name is the hash of what its document was made from), so its tree is read
 * from the entry when `content` is read, as `readEntryHead` does. The file is a 32-bit
 * length, a JSON header (the keys and each head's length), then the heads; written aside
 * and renamed, and not written when this build read the same heads. One that cannot be
 * read is none: the entries are read instead.
 *
 * The heads are parsed when the pack is opened and its bytes let go (19 MB at 10,000
 * docs, not held through the build): the next pack reads the heads it keeps back from
 * this one's file, when it is still the file read.
 */
interface HeadPack {
  /** The document of `key` from its head in the pack (its tree read from its entry when read), if there; each is given once. */
  get(key: string): LoadedDocument | undefined;
  /** A head this build read from its entry, or wrote, for the next pack. */
  add(key: string, head: Buffer): void;
  /** Writes the heads this build read, if they are not the ones the pack holds. */
  flush(): void;
}

function openHeadPack(file: string, entryOf: (key: string) => string): HeadPack {
  const docs = new Map<string, LoadedDocument>();
  const places = new Map<string, [start: number, end: number]>();
  let read: PackStamp | undefined;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const stat = fs.fstatSync(fd);
      read = { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino };
      const headerLength = readAt(fd, 0, 4).readUInt32LE(0);
      const header = JSON.parse(readAt(fd, 4, headerLength).toString('utf8')) as { keys: string[]; lengths: number[] };
      let start = 4 + headerLength;
      for (const [i, key] of header.keys.entries()) places.set(key, [start, (start += header.lengths[i]!)]);
      if (start !== stat.size) throw new Error('A heads pack cut short');
      // A block at a time: the whole pack at once (19 MB at 10,000 docs) raised the build's peak by as much.
      let block: Buffer = Buffer.alloc(0);
      let blockStart = 0;
      for (const [key, [from, to]] of places) {
        if (to > blockStart + block.length) {
          block = readAt(fd, from, Math.max(to - from, Math.min(PACK_BLOCK, stat.size - from)), block.length >= PACK_BLOCK ? block : undefined);
          blockStart = from;
        }
        docs.set(key, packedDocument(block.toString('utf8', from - blockStart, to - blockStart), to - from, entryOf(key), file));
      }
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    read = undefined;
    places.clear();
    docs.clear();
  }
  const keys = [...places.keys()];
  // This build's heads, in the order it read them (where they lie in the pack, or their bytes), and whether they are other than the pack's.
  const next = new Map<string, Buffer | [start: number, end: number]>();
  let changed = false;
  return {
    get(key) {
      const doc = docs.get(key);
      if (!doc) return undefined;
      docs.delete(key);
      if (!next.has(key)) {
        if (keys[next.size] !== key) changed = true;
        next.set(key, places.get(key)!);
      }
      return doc;
    },
    add(key, head) {
      changed = true;
      next.set(key, head);
    },
    flush() {
      if (!changed && next.size === keys.length) return;
      const temp = `${file}.${process.pid}.tmp`;
      try {
        writePack(temp, file, read, [...next.keys()], [...next.values()]);
        fs.renameSync(temp, file);
      } catch {
        fs.rmSync(temp, { force: true });
      }
    },
  };
}

type PackStamp = { size: number; mtimeMs: number; ino: number };

/** How much of a pack is read, or copied, at a time. */
const PACK_BLOCK = 1024 * 1024;

/** `length` bytes of `fd` from `position` (into `into` when it is long enough); throws when the file is shorter. */
function readAt(fd: number, position: number, length: number, into?: Buffer): Buffer {
  const bytes = into && into.length >= length ? into.subarray(0, length) : Buffer.allocUnsafe(length);
  for (let done = 0; done < length; ) {
    const n = fs.readSync(fd, bytes, done, length - done, position + done);
    if (n === 0) throw new Error('A heads pack cut short');
    done += n;
  }
  return bytes;
}

/** A document from its head in a pack, its tree read from its entry when read. */
function packedDocument(head: string, headLength: number, entry: string, pack: string): LoadedDocument {
  const doc = JSON.parse(head) as LoadedDocument;
  const stamp = treeStampOf(doc.content);
  if (!stamp) throw new Error('Not a head');
  lazyTreeDocument(doc, () => {
    try {
      const whole = fs.readFileSync(entry);
      if (whole.length === headLength + 1 + stamp.length) return verifiedTree(whole.subarray(headLength + 1), stamp, doc.file, entry);
    } catch (error) {
      if (error instanceof UnreadableCacheEntry) throw error;
    }
    // Not to be trusted next time either.
    fs.rmSync(pack, { force: true });
    throw new UnreadableCacheEntry(doc.file, entry);
  });
  return doc;
}

/**
 * Writes the next pack into `temp`: the heads this build read from the pack (by place) are
 * copied from its file a block at a time, heads that lie one after another there as one
 * span (after one edit, three spans, not 10,000); throws when the file is not the one read
 * any more.
 */
function writePack(temp: string, file: string, read: PackStamp | undefined, keys: string[], heads: (Buffer | [number, number])[]): void {
  const header = Buffer.from(JSON.stringify({ keys, lengths: heads.map((head) => (Array.isArray(head) ? head[1] - head[0] : head.length)) }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length, 0);
  const spans: (Buffer | [number, number])[] = [length, header];
  for (const head of heads) {
    const last = spans.at(-1);
    if (Array.isArray(head) && Array.isArray(last) && last[1] === head[0]) last[1] = head[1];
    else spans.push(Array.isArray(head) ? [head[0], head[1]] : head);
  }
  const from = spans.some((span) => Array.isArray(span)) ? fs.openSync(file, 'r') : undefined;
  const to = fs.openSync(temp, 'w');
  try {
    if (from !== undefined) {
      const stat = fs.fstatSync(from);
      if (!read || stat.size !== read.size || stat.mtimeMs !== read.mtimeMs || stat.ino !== read.ino) throw new Error('Not the pack read');
    }
    const block = Buffer.allocUnsafe(PACK_BLOCK);
    for (const span of spans) {
      if (!Array.isArray(span)) writeAll(to, span);
      else for (let at = span[0]; at < span[1]; at += PACK_BLOCK) writeAll(to, readAt(from!, at, Math.min(PACK_BLOCK, span[1] - at), block));
    }
  } finally {
    fs.closeSync(to);
    if (from !== undefined) fs.closeSync(from);
  }
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done);
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
    clear() {
      memory.clear();
      keyOfFile.clear();
      disk?.clear?.();
    },
  };
}

/**
 * A document as a cache entry: everything but the tree, a newline, the tree (JSON has no
 * raw newlines). In the first part the tree keeps its place (so the document reads back
 * with its keys in the same order) as its length in bytes: an entry cut short (a build
 * killed while writing it) is then a miss, as it was when the whole entry was parsed at once.
 */
export function entryText(doc: LoadedDocument): Buffer {
  const [head, tree] = entryParts(doc);
  return Buffer.concat([head, NEWLINE, tree]);
}

/** An entry's head (its first line, without the newline) and tree (`entryText`). */
function entryParts(doc: LoadedDocument): [head: Buffer, tree: Buffer] {
  const compact = compactTreeBytes(doc);
  if (!compact) {
    const tree = Buffer.from(JSON.stringify(doc.content));
    return [Buffer.from(JSON.stringify({ ...doc, content: treeStamp(tree) })), tree];
  }
  // A compact document's tree is its entry's second line already: not parsed to be written again.
  const tree = Buffer.from(compact.buffer, compact.byteOffset, compact.byteLength);
  const head: Record<string, unknown> = {};
  for (const key of Object.keys(doc)) head[key] = key === 'content' ? treeStamp(tree) : doc[key as keyof LoadedDocument];
  return [Buffer.from(JSON.stringify(head)), tree];
}

/**
 * What an entry's head holds in place of its tree: the tree's length in bytes (an entry
 * cut short is a miss, see `readEntryHead`) and a hash of its bytes, checked when the tree
 * is read (`verifiedTree`): an entry changed on disk is never taken for its document.
 * Hashing costs about 10 µs for a page's tree (20 KB), only for trees read or written.
 */
function treeStamp(tree: Uint8Array): string {
  return `${tree.length}:${treeDigest(tree)}`;
}

const treeDigest = (tree: Uint8Array) => createHash('sha1').update(tree).digest('base64url').slice(0, 16);

/** The length and digest of `treeStamp`, or undefined when `content` is not one (not a head). */
function treeStampOf(content: unknown): { length: number; digest: string } | undefined {
  if (typeof content !== 'string') return undefined;
  const colon = content.indexOf(':');
  const length = Number(content.slice(0, colon));
  return colon > 0 && Number.isInteger(length) && length >= 0 ? { length, digest: content.slice(colon + 1) } : undefined;
}

/** `tree` if it has the digest its head recorded; else the entry is damaged (`UnreadableCacheEntry`). */
function verifiedTree(tree: Buffer, stamp: { digest: string }, documentFile: string, entry: string): Buffer {
  if (treeDigest(tree) !== stamp.digest) throw new UnreadableCacheEntry(documentFile, entry);
  return tree;
}

/**
 * An entry of the document cache that cannot be read when a document's tree is asked for:
 * gone since its head was read (the cache deleted while a build ran), cut short or
 * changed on disk. Its head was taken for the document already, so the build cannot
 * read the source in its place there: `build` and `check` clear the cache and run again
 * (`withDocumentCache`), `dev` drops the cache and loads again.
 */
export class UnreadableCacheEntry extends Error {
  constructor(
    readonly documentFile: string,
    readonly entry: string,
  ) {
    super(`The document cache entry of ${documentFile} (${entry}) could not be read: it is gone, cut short or changed on disk.`);
  }
}

/** The `UnreadableCacheEntry` that made `error`, if one did (a page's render failure carries it as its cause). */
export function unreadableCacheEntryIn(error: unknown): UnreadableCacheEntry | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 10; at = at.cause, depth++) if (at instanceof UnreadableCacheEntry) return at;
  return undefined;
}

/**
 * A cache entry as a document whose `content` is parsed on first read; throws if it is not
 * whole. The tree stays bytes until then: decoding it to a string for every document of a
 * 2,000-page rebuild (26 MB) cost more than reading it, and its garbage more again.
 */
export function readEntry(bytes: Buffer, file: string): LoadedDocument {
  const split = bytes.indexOf(0x0a);
  if (split < 0) throw new Error('Not a cache entry');
  const doc = JSON.parse(bytes.toString('utf8', 0, split)) as LoadedDocument;
  const tree: Buffer = bytes.subarray(split + 1);
  const stamp = treeStampOf(doc.content);
  if (stamp?.length !== tree.length) throw new Error('A cache entry cut short');
  lazyTreeDocument(doc, () => verifiedTree(tree, stamp, doc.file, file));
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
 * is as long as its head says; its tree is checked against the hash the head holds when it
 * is read. If it is gone or changed by then, reading `content` throws `UnreadableCacheEntry`.
 * `sawHead` is given the head's bytes (valid during the call only).
 */
export function readEntryHead(file: string, scratch: Buffer, sawHead?: (head: Buffer) => void): LoadedDocument {
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
  if (split < 0) {
    const bytes = fs.readFileSync(file);
    const doc = readEntry(bytes, file);
    sawHead?.(bytes.subarray(0, bytes.indexOf(0x0a)));
    return doc;
  }
  const doc = JSON.parse(scratch.toString('utf8', 0, split)) as LoadedDocument;
  const stamp = treeStampOf(doc.content);
  if (!stamp || (size ?? read) !== split + 1 + stamp.length) throw new Error('A cache entry cut short');
  sawHead?.(scratch.subarray(0, split));
  lazyTreeDocument(doc, () => {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch {
      throw new UnreadableCacheEntry(doc.file, file);
    }
    return verifiedTree(bytes.subarray(split + 1), stamp, doc.file, file);
  });
  return doc;
}
