// The names the page gives games, from the server's list (src/games.ts).
import { describe, expect, it } from 'vitest';
import { gamesInWords, shortNameOf } from '../src/games';
import type { GameInfo } from '../src/types';

const game = (id: string, short_name: string): GameInfo => ({
  id,
  name: `The ${short_name}`,
  short_name,
  blurb: '',
  min_players: 2,
  max_players: 4,
  params: [],
});

describe('game names from the list', () => {
  it('a table names its game by its short name, or its id while the list has not come', () => {
    const games = [game('a-game', 'A Game'), game('b', 'Bee')];
    expect(shortNameOf(games, 'b')).toBe('Bee');
    expect(shortNameOf([], 'b')).toBe('b');
    expect(shortNameOf(games, 'unlisted')).toBe('unlisted');
  });
  it('the lobby counts the games it was given', () => {
    expect(gamesInWords(0)).toBe('Sheep games');
    expect(gamesInWords(1)).toBe('One sheep game');
    expect(gamesInWords(5)).toBe('Five sheep games');
    expect(gamesInWords(13)).toBe('13 sheep games');
  });
});
