// The lab's tables' figures (src/view/lab_numbers.ts).
import { describe, expect, it } from 'vitest';
import { figureCell, intervalCell, rateCell } from '../src/view/lab_numbers';

describe('the figures in the tables', () => {
  it('prints rates, intervals and counts as a reader copies them', () => {
    expect(rateCell(0.38333)).toBe('38.3%');
    expect(rateCell(1)).toBe('100.0%');
    expect(intervalCell([0.2709, 0.5098])).toBe('27.1–51.0%');
    expect(figureCell(23)).toBe('23');
    expect(figureCell(22.5)).toBe('22.5');
    expect(figureCell(1 / 3)).toBe('0.33'); // a win shared by three
    expect(figureCell(0.25)).toBe('0.25');
  });
});
