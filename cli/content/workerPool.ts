import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SourceFile } from './scan.ts';
import type { LoadedDocument } from './loadDocument.ts';

/** Below this many Markdown files, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 400;
const BATCH = 50;

/**
 * Loads Markdown on worker threads (one per core), in batches, keeping input order.
 * Workers run the same pure `loadDocument` as the main thread.
 */
export async function loadMarkdownInWorkers(sources: SourceFile[], progress?: (done: number, total: number) => void): Promise<LoadedDocument[]> {
  const count = Math.max(1, Math.min(os.availableParallelism(), Math.ceil(sources.length / BATCH)));
  const results: LoadedDocument[] = new Array(sources.length);
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: count }, () => new Worker(new URL('./loadWorker.ts', import.meta.url), { execArgv: ['--import', 'tsx'] }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= sources.length) return resolve();
              const start = next;
              next += BATCH;
              worker.once('message', (docs: LoadedDocument[]) => {
                docs.forEach((d, i) => (results[start + i] = d));
                done += docs.length;
                progress?.(done, sources.length);
                send();
              });
              worker.postMessage(sources.slice(start, start + BATCH));
            };
            worker.once('error', reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
