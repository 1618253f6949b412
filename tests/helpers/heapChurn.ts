// Render's memory shape in miniature, for heapGrowth.test.ts: a large live set (the
// documents' trees) and garbage that lives just long enough to be promoted (each page's
// render). Prints {live, peak} (bytes of heap in use) as JSON. Usage:
//   node --import tsx tests/helpers/heapChurn.ts bounded|plain|after
// (after: V8's own growth again, once a bounded stretch has ended)
import v8 from 'node:v8';
import { withBoundedHeapGrowth } from '../../cli/pipeline/heapGrowth.ts';

const used = () => v8.getHeapStatistics().used_heap_size;
const chunk = (n: number) => Array.from({ length: n }, (_, i) => ({ i, text: `word ${i}` }));

// About 60 MB that stays live throughout, as the trees do.
const live: unknown[] = [];
while (used() < 60e6) live.push(chunk(1000));
let peak = used();

const churn = async () => {
  // Each "page" is kept while the next 200 are made: long enough to outlive two scavenges.
  const ring: unknown[] = new Array(200);
  for (let page = 0; page < 8_000; page++) {
    ring[page % ring.length] = chunk(1000);
    if (page % 50 === 0) peak = Math.max(peak, used());
  }
};
const mode = process.argv[2];
if (mode === 'after') await withBoundedHeapGrowth(async () => undefined);
await (mode === 'bounded' ? withBoundedHeapGrowth(churn) : churn());
process.stdout.write(`${JSON.stringify({ live: live.length, peak })}\n`);
