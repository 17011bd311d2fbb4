// A profile's win rate by player count (issue: "something to come back to"):
// of the rated games it lists, how often the player placed first, beside how
// often chance alone would make them first (one in that many players).
export interface PlacedGame {
  rank: number; // 1: first (a tie for first counts as a win)
  players: number;
}

export interface WinRateRow {
  players: number;
  games: number;
  wins: number;
  rate: number; // wins / games
  chance: number; // 1 / players
}

export function winRatesByPlayerCount(games: readonly PlacedGame[]): WinRateRow[] {
  const byCount = new Map<number, { games: number; wins: number }>();
  for (const game of games) {
    if (game.players < 1) continue;
    const row = byCount.get(game.players) ?? { games: 0, wins: 0 };
    row.games += 1;
    if (game.rank === 1) row.wins += 1;
    byCount.set(game.players, row);
  }
  return [...byCount.entries()]
    .sort(([a], [b]) => a - b)
    .map(([players, { games, wins }]) => ({ players, games, wins, rate: wins / games, chance: 1 / players }));
}

export const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
