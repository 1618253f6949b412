import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { LoadedDocument } from './loadDocument.ts';

/**
 * Loaded documents by content hash. Watch mode keeps one in memory (a `Map` is one);
 * the CLI keeps one on disk between runs. Passed in explicitly: no module-level state.
 */
export interface DocumentCache {
  get(key: string): LoadedDocument | undefined;
  set(key: string, doc: LoadedDocument): void;
}

/**
 * A cache in a folder, one JSON file per document. The folder is named for the
 * generator's own version (`generatorStamp`), so a changed loader never reads old
 * entries; folders of other versions are removed when one is opened.
 */
export function openDiskCache(root: string, generatorStamp: string): DocumentCache & { flush(): void } {
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
  return {
    get(key) {
      try {
        return JSON.parse(fs.readFileSync(path.join(dir, `${key}.json`), 'utf8')) as LoadedDocument;
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
          fs.writeFileSync(path.join(dir, `${key}.json`), JSON.stringify(doc));
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
