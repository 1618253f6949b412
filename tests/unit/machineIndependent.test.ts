import { describe, expect, it } from 'vitest';
import { compareText, parseDate } from '../../cli/graph/machineIndependent.ts';

describe('machine-independent graph helpers', () => {
  it('reads dates without a zone as UTC and keeps a given zone', () => {
    expect(parseDate('2024-03-02').toISOString()).toBe('2024-03-02T00:00:00.000Z');
    expect(parseDate('2024-03-02 00:30').toISOString()).toBe('2024-03-02T00:30:00.000Z');
    expect(parseDate('2024-03-02T23:59:59.5').toISOString()).toBe('2024-03-02T23:59:59.500Z');
    expect(parseDate('March 2, 2024 10:00').toISOString()).toBe('2024-03-02T10:00:00.000Z');
    expect(parseDate('2024-03-02T10:00:00+02:00').toISOString()).toBe('2024-03-02T08:00:00.000Z');
    expect(parseDate('Sat, 02 Mar 2024 10:00:00 GMT').toISOString()).toBe('2024-03-02T10:00:00.000Z');
    expect(Number.isNaN(parseDate('notadate').getTime())).toBe(true);
  });

  it('orders labels one way whatever the locale', () => {
    expect(['Zebra', 'ö', 'alpha', 'Ä', 'a', 'o', 'Alpha'].sort(compareText)).toEqual(['a', 'Ä', 'alpha', 'Alpha', 'o', 'ö', 'Zebra']);
  });
});
