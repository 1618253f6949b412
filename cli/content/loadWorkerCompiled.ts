// Worker entry compiled into the CLI bundle by bin/site.js (see loadWorker.js for the sources).
import { parentPort } from 'node:worker_threads';
import { loadDocument } from './loadDocument.ts';
import type { SourceFile } from './scan.ts';
import { packDocuments } from './compactTree.ts';

parentPort!.on('message', (sources: SourceFile[]) => {
  // The trees as bytes in shared memory (compactTree.ts): not copied to be posted, and kept that way.
  parentPort!.postMessage(packDocuments(sources.map(loadDocument)));
});
