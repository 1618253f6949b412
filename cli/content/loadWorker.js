// Worker entry for the load stage. Plain JavaScript: a worker thread starts without the
// parent's TypeScript loader, so it registers tsx before importing the loader itself.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { loadDocument } = await import('./loadDocument.ts');
const { packDocuments } = await import('./compactTree.ts');

parentPort.on('message', (sources) => {
  parentPort.postMessage(packDocuments(sources.map(loadDocument)));
});
