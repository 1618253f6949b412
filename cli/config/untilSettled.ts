import { watchdog } from '../watchdog.ts';

/**
 * A config that awaits a promise nothing settles (`await new Promise(() => {})`, a timer
 * that was never set) leaves Node with nothing to do: the process ends, with exit code 13
 * and no word, in the middle of loading it. This rejects instead when the event loop runs
 * dry while `promise` is pending, so the error names the file like any other.
 */
export async function untilSettled<T>(promise: Promise<T> | T): Promise<T> {
  let stalled!: (error: Error) => void;
  const stall = new Promise<never>((_, reject) => (stalled = reject));
  // 'beforeExit' comes only once nothing is left to run: then `promise` can never settle.
  // Unless the watchdog stopped the thread (the loop is empty because nothing runs any more): it says why.
  const onIdle = () => {
    if (!watchdog.stopping) stalled(new Error('it awaits a promise that nothing resolves, so it never finishes loading'));
  };
  process.once('beforeExit', onIdle);
  try {
    return await Promise.race([promise, stall]);
  } finally {
    process.off('beforeExit', onIdle);
  }
}
