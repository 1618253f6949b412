import { parentPort } from 'node:worker_threads';
import { loadDocument } from './loadDocument.ts';
import type { SourceFile } from './scan.ts';

parentPort!.on('message', (sources: SourceFile[]) => {
  parentPort!.postMessage(sources.map(loadDocument));
});
