// Two rows, reused between calls: no allocation per comparison on the search hot path.
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/**
 * Levenshtein distance of `a` and `b`, or `max + 1` as soon as it must exceed `max`
 * (most vocabulary terms are rejected after a row or two). The one edit distance of the
 * project: search's typo tolerance and the build's "did you mean" suggestions.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (b.length + 1 > previousRow.length) {
    previousRow = new Int32Array(b.length + 1);
    currentRow = new Int32Array(b.length + 1);
  }
  for (let j = 0; j <= b.length; j++) previousRow[j] = j;
  for (let i = 1; i <= a.length; i++) {
    currentRow[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previousRow[j]! + 1, currentRow[j - 1]! + 1, previousRow[j - 1]! + cost);
      currentRow[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previousRow, currentRow] = [currentRow, previousRow];
  }
  return previousRow[b.length]!;
}
