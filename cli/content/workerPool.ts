import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SourceFile } from './scan.ts';
import { loadDocument, type LoadedDocument } from './loadDocument.ts';
import { COMPACT_FROM, compactDocument, unpackDocuments, type PackedDocuments } from './compactTree.ts';
import { registerLanguages } from './markdown/codeBlock.ts';

/**
 * Below this many Markdown files a worker costs more than it saves: it needs ~0.4 s to
 * start, and two vCPUs here give about 1.3x the throughput of one, not 2x. From it on,
 * documents are compact (their trees held as bytes): the documents a worker sends are.
 */
export const WORKER_THRESHOLD = COMPACT_FROM;
const BATCH = 8;

/**
 * The compiled CLI (bin/site.js) ships its own compiled worker; from the sources (tests)
 * the worker registers the TypeScript loader itself.
 */
function workerEntry(): URL {
  return process.env.SITE_CLI_COMPILED ? new URL('./loadWorker.mjs', import.meta.url) : new URL('./loadWorker.js', import.meta.url);
}

/**
 * Loads Markdown on every core: the main thread starts at once and one worker per other
 * core joins when it has started; all take small batches from one queue, so no thread
 * waits while another has work. Results keep input order. Workers run the same pure
 * `loadDocument` as the main thread. The documents come back compact (compactTree.ts):
 * a site big enough for workers is one whose trees would otherwise fill the heap.
 */
export async function loadMarkdownInWorkers(sources: SourceFile[], progress?: (done: number, total: number) => void): Promise<LoadedDocument[]> {
  const results: LoadedDocument[] = new Array(sources.length);
  let next = 0;
  let done = 0;
  const take = () => {
    const start = next;
    next = Math.min(sources.length, next + BATCH);
    return start;
  };
  const record = (start: number, docs: LoadedDocument[]) => {
    docs.forEach((d, i) => (results[start + i] = d));
    done += docs.length;
    progress?.(done, sources.length);
  };
  const workerCount = Math.max(0, Math.min(os.availableParallelism() - 1, Math.ceil(sources.length / BATCH) - 1));
  const workers = Array.from({ length: workerCount }, () => new Worker(workerEntry()));
  // Each worker holds a second batch in its queue while it loads one: the main thread
  // answers a worker only between its own batches, and a worker with nothing queued would
  // wait that long for each batch (a fifth of a worker's time, profiled at 2,000 docs).
  const runWorker = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const sent: number[] = [];
      const send = () => {
        if (next >= sources.length) return;
        const start = take();
        sent.push(start);
        worker.postMessage(sources.slice(start, next));
      };
      worker.on('message', (packed: PackedDocuments) => {
        record(sent.shift()!, unpackDocuments(packed));
        send();
        if (sent.length === 0) resolve();
      });
      worker.once('error', reject);
      worker.once('online', () => {
        send();
        send();
        if (sent.length === 0) resolve();
      });
    });
  const runMain = async () => {
    // The site's grammars, in this thread as in each worker, before any code is highlighted.
    await registerLanguages(sources[0]?.languages);
    while (next < sources.length) {
      const start = take();
      record(start, sources.slice(start, next).map((source) => compactDocument(loadDocument(source))));
      // Let worker results and progress through between batches.
      await new Promise((r) => setImmediate(r));
    }
  };
  try {
    await Promise.all([runMain(), ...workers.map(runWorker)]);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
