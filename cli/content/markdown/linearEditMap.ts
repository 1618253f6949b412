import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';

type Change = [at: number, remove: number, add: Event[]];

/**
 * micromark 4.0.3 closes every list item and block quote through `EditMap.consume`,
 * which copies the document's whole event list each time: parsing grows with the square
 * of the document (an ordinary 240 KB page with lists took 30 s, and 4.0.2, which
 * spliced near the end, took a few). This `consume` gives the same result but leaves
 * the events before the first edit where they are, so a close near the end costs only
 * the tail again. Installed once, for every parse in this thread (workers included).
 */
function consume(this: { map: Change[]; index: Map<number, Change> }, events: Event[]): undefined {
  const map = this.map;
  if (map.length === 0) return;
  map.sort((a, b) => a[0] - b[0]);
  const start = map[0]![0];
  const tail: Event[] = [];
  let cursor = start;
  for (const [at, remove, add] of map) {
    for (let i = cursor; i < at; i++) tail.push(events[i]!);
    for (const event of add) tail.push(event);
    cursor = Math.max(cursor, at + remove);
  }
  for (let i = cursor; i < events.length; i++) tail.push(events[i]!);
  events.length = start;
  for (const event of tail) events.push(event);
  map.length = 0;
  this.index.clear();
  return undefined;
}

const proto = EditMap.prototype as unknown as { consume: unknown; map?: unknown };
// Only where the shape is the one this was written for (a later micromark may differ).
if (typeof proto.consume === 'function' && 'index' in new EditMap()) proto.consume = consume;
