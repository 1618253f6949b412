import { editDistance } from '../../runtime/search/editDistance.ts';

/**
 * The `count` candidates closest to `target`, best first. Ties keep the candidates'
 * order, so results are deterministic. Candidates further than `maxDistance` are dropped.
 */
export function nearest(target: string, candidates: Iterable<string>, count = 3, maxDistance = Infinity): string[] {
  const scored: { c: string; d: number; i: number }[] = [];
  let i = 0;
  for (const c of candidates) {
    const d = editDistance(target.toLowerCase(), c.toLowerCase(), maxDistance);
    if (d <= maxDistance) scored.push({ c, d, i: i++ });
  }
  scored.sort((x, y) => x.d - y.d || x.i - y.i);
  return scored.slice(0, count).map((s) => s.c);
}
