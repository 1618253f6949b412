import { describe, expect, it } from 'vitest';
import { formatCount } from '../../cli/pipeline/reporter.ts';

/** Counts in the line CI logs show ("Rebuilt 3 of 10,021 pages"), written as en-US writes them. */
describe('formatCount', () => {
  it('groups digits by three with commas, as toLocaleString("en-US") does', () => {
    expect(formatCount(10021)).toBe('10,021');
    for (const n of [0, 1, 12, 999, 1000, 2052, 99999, 100000, 123456, 1000000, 1234567, 987654321, 10_000_000_000]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
