import v8 from 'node:v8';

/**
 * How far the heap may grow past what is live before V8 collects old space, while a build
 * runs: 100 % (to twice the live size). V8 otherwise lets it grow up to 4x when collecting
 * is cheap next to allocating, and rendering is that case: the documents' trees stay live
 * (105 MB at 2,000 docs) while each page's render garbage lives long enough to be promoted
 * (about 2 MB of every 12 MB scavenged). That garbage, not the trees, made the peak: 357 MB
 * of heap before the first old-space collection in render, 110 MB after it.
 *
 * Measured cold on a loaded machine, interleaved with the build before it: 2,000 synthetic
 * docs peak at 336–372 MiB RSS (was 431–535), CPU +3 % and +7 % (medians of 4 and of 3
 * pairs, two sittings: more than the 3 % it should cost, see below); 10,000 docs 1,056
 * MiB (was 1,882), CPU +5 % (one run each); this site 187 MiB, CPU within noise. 20–50 %
 * went lower (290–310 MiB at 2,000) but cost 10–15 % CPU: a collection's cost grows with
 * the live set, and their number with the garbage over the live set. Bounding only the
 * render (with one full collection at its start, so the limit is set from what is live
 * then) cost no less than bounding the whole build.
 *
 * The young generation's size is the other lever (--max-semi-space-size=32: 381–397 MiB at
 * about the same CPU, measured in session 6), but V8 reads it once at start-up;
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
