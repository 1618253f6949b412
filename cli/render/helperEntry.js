// Worker entry of the build's second thread from the sources (tests). Plain JavaScript: a
// worker thread starts without the parent's TypeScript loader, so it registers tsx first.
import { register } from 'tsx/esm/api';

register();
await import('./helperWorker.ts');
