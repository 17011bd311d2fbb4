// A profile's win rate by player count (src/view/win_rates.ts).
import { describe, expect, it } from 'vitest';
import { percent, winRatesByPlayerCount } from '../src/view/win_rates';

describe('win rate by player count', () => {
  it('counts first places per number of players, fewest players first, beside the chance of one in n', () => {
    const rows = winRatesByPlayerCount([
      { rank: 1, players: 3 },
      { rank: 2, players: 3 },
      { rank: 1, players: 2 },
      { rank: 3, players: 3 },
      { rank: 1, players: 3 },
    ]);
    expect(rows).toEqual([
      { players: 2, games: 1, wins: 1, rate: 1, chance: 0.5 },
      { players: 3, games: 4, wins: 2, rate: 0.5, chance: 1 / 3 },
    ]);
    expect(rows.map((r) => percent(r.chance))).toEqual(['50%', '33%']);
  });

  it('has no row for a player count never played, and none at all without rated games', () => {
    expect(winRatesByPlayerCount([])).toEqual([]);
    expect(winRatesByPlayerCount([{ rank: 2, players: 4 }])).toEqual([
      { players: 4, games: 1, wins: 0, rate: 0, chance: 0.25 },
    ]);
  });
});
