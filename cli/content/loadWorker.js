// Worker entry for the load stage. Plain JavaScript: a worker thread starts without the
// parent's TypeScript loader, so it registers tsx before importing the loader itself.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { loadDocument } = await import('./loadDocument.ts');
const { packDocuments } = await import('./compactTree.ts');
const { registerLanguages } = await import('./markdown/codeBlock.ts');

// As loadWorkerCompiled.ts: batches answered in order, each once the site's grammars are in.
let answered = Promise.resolve();
parentPort.on('message', (sources) => {
  answered = answered.then(async () => {
    await registerLanguages(sources[0]?.languages);
    parentPort.postMessage(packDocuments(sources.map(loadDocument)));
  });
});
