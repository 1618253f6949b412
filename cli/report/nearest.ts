/** Edit distance (Levenshtein), for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The `count` candidates closest to `target`, best first. Ties keep the candidates'
 * order, so results are deterministic. Candidates further than `maxDistance` are dropped.
 */
export function nearest(target: string, candidates: Iterable<string>, count = 3, maxDistance = Infinity): string[] {
  const scored: { c: string; d: number; i: number }[] = [];
  let i = 0;
  for (const c of candidates) {
    const d = editDistance(target.toLowerCase(), c.toLowerCase());
    if (d <= maxDistance) scored.push({ c, d, i: i++ });
  }
  scored.sort((x, y) => x.d - y.d || x.i - y.i);
  return scored.slice(0, count).map((s) => s.c);
}
