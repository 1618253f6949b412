/**
 * The best `count` of `items`, best first, where `before(a, b)` says a ranks above b.
 * Keeps a bounded heap instead of sorting everything: a one-letter query can match most
 * of a large site, and only the first page of results is ever shown.
 */
export function selectTop(items: ArrayLike<number>, count: number, before: (a: number, b: number) => boolean): number[] {
  if (count <= 0) return [];
  // The heap's root is the worst item kept, so a better newcomer replaces it.
  const heap: number[] = [];
  const worse = (i: number, j: number) => before(heap[j]!, heap[i]!);
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (let n = 0; n < items.length; n++) {
    const item = items[n]!;
    if (heap.length < count) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (before(item, heap[0]!)) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let worst = i;
        if (left < heap.length && worse(left, worst)) worst = left;
        if (right < heap.length && worse(right, worst)) worst = right;
        if (worst === i) break;
        swap(i, worst);
        i = worst;
      }
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}
