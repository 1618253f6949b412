import v8 from 'node:v8';

/**
 * How far the heap may grow past what is live before V8 collects old space, while a build
 * runs: 100 % (to twice the live size). V8 otherwise lets it grow up to 4x when collecting
 * is cheap next to allocating, and rendering is that case: the documents' trees stay live
 * (105 MB at 2,000 docs) while each page's render garbage lives long enough to be promoted
 * (about 2 MB of every 12 MB scavenged). That garbage, not the trees, made the peak: 357 MB
 * of heap before the first old-space collection in render, 110 MB after it.
 *
 * Measured at 2,000 synthetic docs, cold, on a loaded machine: peak RSS 400–540 MiB
 * without, about 340 MiB at 100 %; 20–50 % went lower (290–310 MiB) but cost 10–15 % CPU.
 * A collection's cost grows with the live set and their number with the garbage over the
 * live set, so at 100 % a build does about two more than V8 alone would.
 *
 * The young generation's size would be the other lever, but V8 reads it once at start-up;
 * this flag it reads at every collection, so setting it at run time works. It must be set
 * from the start: V8 sets the next limit at each collection, so a flag set later is met
 * only after the first collection past the limit set before it.
 */
export const HEAP_GROWING_PERCENT = 100;

let holders = 0;

/** Runs `work` with old-space growth bounded (see above); V8's own heuristic comes back after, also on failure. */
export async function withBoundedHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  if (holders++ === 0) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  try {
    return await work();
  } finally {
    if (--holders === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  }
}
