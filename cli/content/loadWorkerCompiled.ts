// Worker entry compiled into the CLI bundle by bin/site.js (see loadWorker.js for the sources).
import { parentPort } from 'node:worker_threads';
import { loadDocument } from './loadDocument.ts';
import type { SourceFile } from './scan.ts';
import { packDocuments } from './compactTree.ts';

parentPort!.on('message', (sources: SourceFile[]) => {
  // The trees as bytes (compactTree.ts): cheaper to post than objects, and kept that way.
  const { message, transfer } = packDocuments(sources.map(loadDocument));
  parentPort!.postMessage(message, transfer);
});
