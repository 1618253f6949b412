// Worker entry compiled into the CLI bundle by bin/site.js (see loadWorker.js for the sources).
import { parentPort } from 'node:worker_threads';
import { loadDocument } from './loadDocument.ts';
import type { SourceFile } from './scan.ts';

parentPort!.on('message', (sources: SourceFile[]) => {
  parentPort!.postMessage(sources.map(loadDocument));
});
