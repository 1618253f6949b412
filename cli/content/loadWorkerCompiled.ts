// Worker entry compiled into the CLI bundle by bin/site.js (see loadWorker.js for the sources).
import { parentPort } from 'node:worker_threads';
import { loadDocument } from './loadDocument.ts';
import type { SourceFile } from './scan.ts';
import { packDocuments } from './compactTree.ts';
import { registerLanguages } from './markdown/codeBlock.ts';

// Batches are answered in the order they came (the pool matches answers to batches so), each once the site's grammars are in.
let answered = Promise.resolve();
parentPort!.on('message', (sources: SourceFile[]) => {
  answered = answered.then(async () => {
    await registerLanguages(sources[0]?.languages);
    // The trees as bytes in shared memory (compactTree.ts): not copied to be posted, and kept that way.
    parentPort!.postMessage(packDocuments(sources.map(loadDocument)));
  });
});
