// The compiled CLI's one entry (bin/site.js compiles it into one file): the command line,
// and the code of the build's workers, which run that same file, and so its code cache
// (bin/compiled.js), from their entry files beside it (loadWorker.mjs, helperWorker.mjs).
export { main } from './main.ts';

/** Each worker's code, run when its entry file asks: nothing of it runs in the main thread. */
export const workers = {
  loadWorker: () => import('./content/loadWorkerCompiled.ts'),
  helperWorker: () => import('./render/helperWorker.ts'),
};
