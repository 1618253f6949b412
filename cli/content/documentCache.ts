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
  const pending = new Map<string, LoadedDocument>();
  return {
    get(key) {
      try {
        return JSON.parse(fs.readFileSync(path.join(dir, `${key}.json`), 'utf8')) as LoadedDocument;
      } catch {
        return undefined;
      }
    },
    set(key, doc) {
      pending.set(key, doc);
    },
    /** Writes the new entries. A cache that cannot be written only costs speed. */
    flush() {
      for (const [key, doc] of pending) {
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

/** Memory first, then disk (dev mode: fast start from the last run, no disk reads after). */
export function layeredCache(disk: DocumentCache | undefined): DocumentCache {
  const memory = new Map<string, LoadedDocument>();
  return {
    get(key) {
      let doc = memory.get(key);
      if (!doc && disk) {
        doc = disk.get(key);
        if (doc) memory.set(key, doc);
      }
      return doc;
    },
    set(key, doc) {
      memory.set(key, doc);
      disk?.set(key, doc);
    },
  };
}
