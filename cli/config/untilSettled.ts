import { watchdog } from '../watchdog.ts';

/** What each pending `untilSettled` does when the event loop runs dry: reject its race. */
const stalls = new Set<(error: Error) => void>();

/**
 * 'beforeExit' comes only once nothing is left to run: then no pending promise can ever
 * settle. One listener serves every pending call (a site's plugins run on all its files at
 * once, and a listener each made Node warn of a leak past ten).
 * Unless the watchdog stopped the thread (the loop is empty because nothing runs any more): it says why.
 */
function onIdle(): void {
  if (watchdog.stopping) return;
  for (const stalled of stalls) stalled(new Error('it awaits a promise that nothing resolves, so it never finishes loading'));
}

/**
 * A config that awaits a promise nothing settles (`await new Promise(() => {})`, a timer
 * that was never set) leaves Node with nothing to do: the process ends, with exit code 13
 * and no word, in the middle of loading it. This rejects instead when the event loop runs
 * dry while `promise` is pending, so the error names the file like any other.
 */
export async function untilSettled<T>(promise: Promise<T> | T): Promise<T> {
  let stalled!: (error: Error) => void;
  const stall = new Promise<never>((_, reject) => (stalled = reject));
  if (stalls.size === 0) process.on('beforeExit', onIdle);
  stalls.add(stalled);
  try {
    return await Promise.race([promise, stall]);
  } finally {
    stalls.delete(stalled);
    if (stalls.size === 0) process.off('beforeExit', onIdle);
  }
}
