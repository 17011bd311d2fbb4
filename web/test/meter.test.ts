import { describe, expect, it } from 'vitest';
import { meterRows, meterSummary } from '../src/view/meter';

const reading = (chances: number[], seat = 0) => ({ type: 'meter' as const, table: 't', version: 4, seat, chances });

describe('the coach meter', () => {
  it('shows whole percents that add up to 100, the largest remainders rounded up', () => {
    const rows = meterRows(reading([1 / 3, 1 / 3, 1 / 3]), ['Ann', 'P2', 'P3']);
    expect(rows.map((r) => r.percent)).toEqual([34, 33, 33]);
    expect(meterRows(reading([0.416, 0.337, 0.247]), []).map((r) => r.percent)).toEqual([41, 34, 25]);
    expect(meterRows(reading([0.125, 0.125, 0.75]), []).map((r) => r.percent)).toEqual([13, 12, 75]);
  });

  it('marks the reader, names every seat and keeps odd values within 0 to 100', () => {
    const rows = meterRows(reading([1.2, -0.2], 1), ['Ann']);
    expect(rows).toEqual([
      { seat: 0, name: 'Ann', percent: 100, you: false },
      { seat: 1, name: 'P2', percent: 0, you: true },
    ]);
    expect(meterSummary(rows)).toBe('Ann 100%, you 0%');
  });
});
