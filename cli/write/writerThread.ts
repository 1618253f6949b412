import { Worker } from 'node:worker_threads';
import type { FileStamp } from './buildCache.ts';

/**
 * Writes the build's files on a second thread while the main thread renders. The file
 * system's work is CPU too (a folder and two files a page): on this machine's disk, 400
 * folders and 400 files cost 30 ms at best and 250-500 ms after a few builds (ext4
 * without a journal skips inodes freed in the last minutes, one by one), all of it on the
 * main thread, which renders, so all of it on the build's wall time. Used when that second
 * core is otherwise idle: no helper thread renders (helperThread.ts; a large site's build
 * keeps both cores busy, and one thread writing in turn measured faster there, see
 * `SiteWriter.write`).
 *
 * Files are written in the order given. At most `WRITER_LEAD` files wait in the thread's
 * memory: a slow disk holds the rendering back rather than filling the heap. The first
 * failure stops the writing; `drain` reports it.
 */
export const WRITER_LEAD = 64;

/** From this many pages to write, a build writes them on the thread: its start costs the other core about 20 ms. */
export const WRITER_THREAD_MIN_PAGES = 50;

/** What the thread reports when asked: each recorded file's stamp, and its failure if one. */
export interface WriterReport {
  stamps: { rel: string; hash: string | undefined; stamp: FileStamp }[];
  failure: (Error & NodeJS.ErrnoException) | null;
}

// A CommonJS script (no module to load). A message is a file, `[rel, path, contents,
// unlink first, stamp it, hash]`, or `{ drain }`. Shared: the count of files written (or
// skipped after a failure), and 1 once a write failed.
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const state = new Int32Array(workerData.shared);
const made = new Set();
let failure = null;
let stamps = [];
parentPort.on('message', (message) => {
  if (!Array.isArray(message)) {
    parentPort.postMessage({ drain: message.drain, stamps, failure });
    stamps = [];
    return;
  }
  const [rel, dest, contents, unlink, stamp, hash] = message;
  if (failure === null) {
    try {
      const dir = path.dirname(dest);
      if (!made.has(dir)) {
        fs.mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      if (unlink) fs.rmSync(dest, { force: true });
      fs.writeFileSync(dest, contents);
      if (stamp) {
        const stat = fs.lstatSync(dest);
        stamps.push({ rel, hash, stamp: { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino } });
      }
    } catch (error) {
      failure = { message: error.message, code: error.code, path: error.path, syscall: error.syscall, errno: error.errno };
      Atomics.store(state, 1, 1);
    }
  }
  Atomics.add(state, 0, 1);
  Atomics.notify(state, 0);
});
`;

export class WriterThread {
  private readonly worker: Worker;
  /** Files the thread has written (or skipped after a failure), and 1 once a write failed. */
  private readonly state: Int32Array;
  private posted = 0;
  private drains = 0;
  private readonly waiting = new Map<number, (report: WriterReport) => void>();
  /** Set when the thread ended on its own (it never should): every wait ends with it. */
  private ended: Error | null = null;
  /** Output paths given to the thread: another operation on one waits for `drain` first. */
  readonly paths = new Set<string>();

  private constructor() {
    const shared = new SharedArrayBuffer(8);
    this.state = new Int32Array(shared);
    // A small young generation: what it holds is a few files' text at a time.
    this.worker = new Worker(SCRIPT, { eval: true, workerData: { shared }, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    this.worker.on('message', (reply: { drain: number } & WriterReport) => {
      const resolve = this.waiting.get(reply.drain);
      this.waiting.delete(reply.drain);
      resolve?.({ stamps: reply.stamps, failure: reply.failure && Object.assign(new Error(reply.failure.message), reply.failure) });
    });
    const end = (error: Error) => {
      this.ended ??= error;
      for (const resolve of this.waiting.values()) resolve({ stamps: [], failure: this.ended });
      this.waiting.clear();
    };
    this.worker.on('error', end);
    this.worker.on('exit', () => end(new Error('The thread writing the output stopped.')));
  }

  /** A thread, or none when one cannot start (the caller writes in turn). */
  static start(): WriterThread | undefined {
    try {
      return new WriterThread();
    } catch {
      return undefined;
    }
  }

  /**
   * Hands a file to the thread: written to `dest` (its folder made, and what stands there
   * first removed when `unlink`), then stamped when `stamp`. Waits while `WRITER_LEAD`
   * files are not yet written. Throws once an earlier write failed (the build stops there,
   * not at the end).
   */
  async write(rel: string, dest: string, contents: string | Uint8Array, options: { unlink: boolean; stamp: boolean; hash: string | undefined }): Promise<void> {
    for (let seen; !this.ended && this.posted - (seen = Atomics.load(this.state, 0)) >= WRITER_LEAD; ) {
      // Asynchronously, so that the thread's 'exit' can still be heard.
      const wait = Atomics.waitAsync(this.state, 0, seen, 1000);
      if (wait.async) await wait.value;
    }
    if (this.ended) throw this.ended;
    if (Atomics.load(this.state, 1) === 1) throw (await this.drain()).failure;
    this.paths.add(rel);
    this.worker.postMessage([rel, dest, contents, options.unlink, options.stamp, options.hash]);
    this.posted++;
  }

  /** Waits until every file given so far is written; the stamps taken since the last drain, and the failure if any. */
  drain(): Promise<WriterReport> {
    if (this.ended) return Promise.resolve({ stamps: [], failure: this.ended });
    const id = ++this.drains;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ drain: id });
    });
  }

  /** Ends the thread (what it was still writing is left unfinished). */
  async close(): Promise<void> {
    this.ended ??= new Error('The thread writing the output was closed.');
    await this.worker.terminate();
  }
}
