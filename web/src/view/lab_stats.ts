// Figures from the lab's distributions ([value, games] pairs, ascending by
// value): how many games, their quartiles, and the values grouped into bins
// of a round width for the histograms.
import type { Distribution } from '../lab';

export const gamesIn = (d: Distribution): number => d.reduce((sum, [, games]) => sum + games, 0);

export function meanOf(d: Distribution): number {
  const games = gamesIn(d);
  return games ? d.reduce((sum, [value, n]) => sum + value * n, 0) / games : 0;
}

// The smallest value that at least a share q of the games reach or stay under
// (the lower of the two middle values when the games split evenly).
export function quantile(d: Distribution, q: number): number {
  const games = gamesIn(d);
  let seen = 0;
  for (const [value, n] of d) {
    seen += n;
    if (seen >= q * games - 1e-9) return value;
  }
  return d[d.length - 1]?.[0] ?? 0;
}

export interface Spread {
  games: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
}

// null for a distribution with no games (a seat before its first game).
export function spreadOf(d: Distribution): Spread | null {
  const played = d.filter(([, n]) => n > 0);
  if (played.length === 0) return null;
  return {
    games: gamesIn(played),
    min: played[0][0],
    q1: quantile(played, 0.25),
    median: quantile(played, 0.5),
    q3: quantile(played, 0.75),
    max: played[played.length - 1][0],
    mean: meanOf(played),
  };
}

// A round step (1, 2 or 5 times a power of ten) that cuts `span` into at most `most` parts.
export function roundStep(span: number, most: number, whole = false): number {
  const rough = Math.max(span, 1e-9) / Math.max(1, most);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough - 1e-12) ?? 10 * power;
  return whole ? Math.max(1, Math.round(step)) : step;
}

export interface Bin {
  from: number; // the lengths from `from` up to, not including, `to`
  to: number;
  games: number;
}

// Several distributions in the same bins (each seat's scores, to be drawn
// on one scale): at most `most` bins of one round width (one apart when they
// fit), from the lowest value's bin to the highest's; empty when no games.
export function commonBins(ds: Distribution[], most = 20): Bin[][] {
  const values = ds.flatMap((d) => d.filter(([, n]) => n > 0).map(([value]) => value));
  if (values.length === 0) return ds.map(() => []);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const width = roundStep(high - low + 1, most, true);
  const first = Math.floor(low / width) * width;
  return ds.map((d) => {
    const bins: Bin[] = [];
    for (let from = first; from <= high; from += width) bins.push({ from, to: from + width, games: 0 });
    for (const [value, n] of d) if (n > 0) bins[Math.floor((value - first) / width)].games += n;
    return bins;
  });
}

// The game lengths in at most `most` bins of one round width (one action a
// bin when they fit), from the shortest game's bin to the longest's.
export function lengthBins(lengths: Distribution, most = 20): Bin[] {
  const [bins] = commonBins([lengths], most);
  return bins.some((b) => b.games > 0) ? bins : [];
}

// "12" for a bin one action wide, "10–14" for a wider one.
export const binWords = (bin: Bin): string => (bin.to - bin.from === 1 ? `${bin.from}` : `${bin.from}–${bin.to - 1}`);
