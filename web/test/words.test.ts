/// <reference types="vite/client" />
// Words on the table page that a new player read wrongly (issue 50, item 4):
// each test pins the plain reading.
import { describe, expect, it } from 'vitest';
import { VIEWS } from '../src/boards';
import { lastMoveMarks, lastMoveWords, shownStatus } from '../src/view/board';
import type { BlackSheepObservation, GameId } from '../src/generated/observations';
import { SAMPLE } from './observations';

const names = ['Ann', 'Bob', 'P3'];

describe('the last-move badge', () => {
  it("a last-move badge says whose move it was, so it never reads as 'this is you'", () => {
    const obs = { ...SAMPLE['bye-bye'], seats: [...SAMPLE['bye-bye'].seats, SAMPLE['bye-bye'].seats[1]] };
    const layout = VIEWS['bye-bye'].layout(obs, names, 0);
    // You drew from Bob, and so did the third seat (named by the server "P3"): both marks sit on Bob's zone.
    const onBob = { zone: 'seat', piece: '1', kind: 'draw' };
    const marks = lastMoveMarks(
      layout,
      [
        { seat: 0, target: onBob },
        { seat: 2, target: onBob },
      ],
      names,
      0,
    );
    expect(lastMoveWords(marks.get('seat:1')!)).toBe("your and P3's last moves");
    expect(lastMoveWords(['you'])).toBe('your last move');
    expect(lastMoveWords(['Bob'])).toBe("Bob's last move");
    expect(lastMoveWords(['Ann', 'Bob', 'P3'])).toBe("Ann's, Bob's and P3's last moves");
  });
});

const goldens: Record<string, string> = import.meta.glob('../../tests/playthroughs/*.txt', {
  query: '?raw',
  import: 'default',
  eager: true,
});

// Each golden playthrough's last observation (the game is over there), with its game.
function finalObservations(): { file: string; game: GameId; obs: Record<string, unknown> }[] {
  return Object.entries(goldens).map(([file, text]) => {
    const lines = text.split('\n');
    const game = lines.find((l) => l.startsWith('game '))!.slice(5) as GameId;
    const last = lines.filter((l) => l.startsWith('obs ')).pop()!;
    return { file, game, obs: JSON.parse(last.slice(last.indexOf('{'))) };
  });
}

describe('status lines at the end', () => {
  it('once the game has a result only the line saying it is over shows', () => {
    const finals = finalObservations();
    expect(finals.length).toBeGreaterThanOrEqual(5);
    for (const { file, game, obs } of finals) {
      const layout = VIEWS[game].layout(obs as never, names, obs.viewer as number);
      const over =
        obs.turn === undefined ? 'The game is over.' : `The game is over after ${(obs.turn as number) + 1} turns.`;
      expect(shownStatus(layout, true), file).toEqual([over]); // Hustle counts rounds, not turns
    }
  });

  it('a bye-bye zoo allowance left at the end is not offered any more', () => {
    const obs = { ...SAMPLE['bye-bye'], phase: 'game-over', zoo_allowance: 3, draws_this_turn: 2 };
    const layout = VIEWS['bye-bye'].layout(obs, names, 0);
    expect(layout.status.join(' ')).toContain('You may put 3 more cards into your zoo.'); // still in the layout
    expect(shownStatus(layout, false)).toEqual(layout.status); // shown while the game runs
    expect(shownStatus(layout, true).join(' ')).not.toMatch(/you may|drawn this turn/i);
  });
});

describe('black sheep: the turn and the field being played to', () => {
  const placing = (side_start: number, placed: number): BlackSheepObservation => ({
    ...SAMPLE['black-sheep'],
    phase: 'place',
    chosen_field: 0,
    side_start,
    placed,
  });

  it('only the seat whose turn it is carries the turn mark', () => {
    const zones = VIEWS['black-sheep'].layout(placing(0, 0), names, 0).zones;
    expect(zones.filter((z) => z.active).map((z) => z.id)).toEqual(['seat-0']);
    expect(zones.find((z) => z.id === 'field-0')!.title).toContain('being played to');
  });

  it('the placing line says what is left to place, never a zero count', () => {
    const line = (side_start: number, placed: number) =>
      VIEWS['black-sheep'].layout(placing(side_start, placed), names, 0).status.filter((s) => s.startsWith('Field 1'));
    expect(line(0, 0)).toEqual(['Field 1: 1 or 2 cards to place.']);
    expect(line(1, 0)).toEqual(['Field 1: 2 cards to place.']);
    expect(line(2, 0)).toEqual(['Field 1: 1 card to place.']);
    expect(line(0, 1)).toEqual(['Field 1: 1 card placed; 1 more may follow.']);
    expect(line(1, 1)).toEqual(['Field 1: 1 card placed; 1 more to place.']);
    for (const [s, p] of [
      [0, 0],
      [1, 0],
      [2, 0],
    ])
      expect(line(s, p).join(' ')).not.toMatch(/\b0 cards|held 0/);
  });
});
