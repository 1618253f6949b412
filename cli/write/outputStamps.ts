import { Worker } from 'node:worker_threads';
import type { FileStamp } from './buildCache.ts';

/**
 * The stamps (size, mtime, inode) of the files of the build in `build/`, taken by a worker
 * thread from the moment the build has read its manifest, while the main thread reads,
 * loads and checks the site. A one-page rebuild of 10,000 docs keeps about 30,000 files,
 * each only if `build/`'s file still looks as recorded (`SiteWriter.reuse`): those lstat
 * calls cost the main thread about 100 ms, and the second core sat idle meanwhile.
 *
 * The files are stamped when the build starts, as the site's files are (scan.ts): a file
 * of `build/` edited while the build runs may be taken as it was, as an edit of the site
 * made then is not in this build. `get` waits for the worker if it is not done yet; a
 * worker that fails or takes too long leaves each file to an lstat of its own. The worker
 * costs the process about 13 MB of peak RSS (10,000 docs: 375 MB).
 */
export interface OutputStamps {
  /** The stamp of `rel` (relative to the folder) when the build started; undefined when it was not a plain file then. */
  get(rel: string): FileStamp | undefined;
  /** Ends the worker if it still runs. */
  close(): void;
}

/** Below this many files, one thread stamps them sooner than a worker starts. */
export const WORKER_STAMPS_FROM = 4000;

/** How long `get` waits for the worker before stamping files itself. */
const WAIT_MS = 10_000;

// A CommonJS script (no module to load): one lstat per file, each stamp three numbers
// (size, mtime, inode; size -1: not a plain file), then the flag set to 1.
const SCRIPT = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { dir, files, shared } = workerData;
const flag = new Int32Array(shared, 0, 1);
const stamps = new Float64Array(shared, 8, files.length * 3);
for (let i = 0; i < files.length; i++) {
  let stat;
  try {
    stat = fs.lstatSync(path.join(dir, files[i]));
  } catch {
    stat = undefined;
  }
  if (stat && stat.isFile()) {
    stamps[i * 3] = stat.size;
    stamps[i * 3 + 1] = stat.mtimeMs;
    stamps[i * 3 + 2] = stat.ino;
  } else stamps[i * 3] = -1;
}
Atomics.store(flag, 0, 1);
Atomics.notify(flag, 0);
`;

/**
 * Starts stamping `files` of `dir` on a worker; undefined when they are too few for one
 * (`WORKER_STAMPS_FROM`) or no worker can start. `stampOf` stamps a file on this thread.
 */
export function stampOutputs(dir: string, files: string[], stampOf: (rel: string) => FileStamp | undefined, from = WORKER_STAMPS_FROM): OutputStamps | undefined {
  if (files.length < from || files.length === 0) return undefined;
  const shared = new SharedArrayBuffer(8 + files.length * 3 * 8);
  const flag = new Int32Array(shared, 0, 1);
  const stamps = new Float64Array(shared, 8, files.length * 3);
  let worker: Worker;
  try {
    // A small young generation: the stats it makes are garbage at once (the default one added 5 MB to the build's peak RSS, for no speed).
    worker = new Worker(SCRIPT, { eval: true, workerData: { dir, files, shared }, resourceLimits: { maxYoungGenerationSizeMb: 2 } });
  } catch {
    return undefined;
  }
  // Never what keeps the process running.
  worker.unref();
  let failed = false;
  worker.on('error', () => (failed = true));
  const index = new Map<string, number>();
  files.forEach((file, i) => index.set(file, i));
  const ready = () => {
    if (failed) return false;
    if (Atomics.load(flag, 0) === 1) return true;
    if (Atomics.wait(flag, 0, 0, WAIT_MS) === 'timed-out') failed = true;
    return !failed;
  };
  return {
    get(rel) {
      const i = index.get(rel);
      if (i === undefined || !ready()) return stampOf(rel);
      return stamps[i * 3]! < 0 ? undefined : { size: stamps[i * 3]!, mtimeMs: stamps[i * 3 + 1]!, ino: stamps[i * 3 + 2]! };
    },
    close() {
      void worker.terminate();
    },
  };
}
