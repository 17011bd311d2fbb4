// Figures from the lab's distributions (src/view/lab_stats.ts): quartiles and length bins.
import { describe, expect, it } from 'vitest';
import type { Distribution } from '../src/lab';
import { binWords, gamesIn, lengthBins, meanOf, quantile, roundStep, spreadOf } from '../src/view/lab_stats';

describe('the distributions', () => {
  it('counts the games and their mean', () => {
    const d: Distribution = [
      [0, 45],
      [1, 15],
    ];
    expect(gamesIn(d)).toBe(60);
    expect(meanOf(d)).toBe(0.25);
    expect(meanOf([])).toBe(0);
  });

  it('takes quartiles of counted values', () => {
    const d: Distribution = [
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ];
    expect([0.25, 0.5, 0.75].map((q) => quantile(d, q))).toEqual([1, 2, 3]);
    expect(spreadOf(d)).toEqual({ games: 4, min: 1, q1: 1, median: 2, q3: 3, max: 4, mean: 2.5 });
    // Win or lose: a seat that won 23 of 60 has a lower quartile and median of 0, an upper of 1.
    expect(
      spreadOf([
        [0, 37],
        [1, 23],
      ]),
    ).toMatchObject({ min: 0, q1: 0, median: 0, q3: 1, max: 1 });
  });

  it('has no spread before a game, and one point after one game', () => {
    expect(spreadOf([])).toBeNull();
    expect(spreadOf([[5, 0]])).toBeNull();
    expect(spreadOf([[7, 1]])).toEqual({ games: 1, min: 7, q1: 7, median: 7, q3: 7, max: 7, mean: 7 });
  });

  it('rounds steps to 1, 2 or 5 times a power of ten', () => {
    expect(roundStep(1, 20, true)).toBe(1);
    expect(roundStep(37, 20, true)).toBe(2);
    expect(roundStep(101, 20, true)).toBe(10);
    expect(roundStep(0.7, 5)).toBeCloseTo(0.2);
    expect(roundStep(1000, 4)).toBe(500);
  });

  it('bins game lengths one action wide when they fit, wider when not', () => {
    const hustle: Distribution = [
      [10, 8],
      [11, 27],
      [12, 7],
      [23, 5],
      [46, 1],
    ];
    const bins = lengthBins(hustle);
    expect(bins[0]).toEqual({ from: 10, to: 12, games: 35 }); // 37 lengths: two actions a bin
    expect(bins[bins.length - 1]).toEqual({ from: 46, to: 48, games: 1 });
    expect(bins.reduce((s, b) => s + b.games, 0)).toBe(48);
    expect(bins.length).toBeLessThanOrEqual(20);
    const narrow = lengthBins([
      [3, 2],
      [5, 1],
    ]);
    expect(narrow).toEqual([
      { from: 3, to: 4, games: 2 },
      { from: 4, to: 5, games: 0 },
      { from: 5, to: 6, games: 1 },
    ]);
    expect(lengthBins([])).toEqual([]);
    expect(lengthBins([[120, 1]])).toEqual([{ from: 120, to: 121, games: 1 }]);
    const long = lengthBins([
      [130, 1],
      [1480, 2],
    ]);
    expect(long[0].from).toBe(100);
    expect(long[0].to - long[0].from).toBe(100);
    expect(binWords(long[0])).toBe('100–199');
    expect(binWords(narrow[0])).toBe('3');
  });
});
