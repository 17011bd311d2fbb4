// The running score against the engine's own final scores: at the end of each
// golden playthrough (tests/playthroughs) the points "if the game ended now"
// must be the points the game gave, and the race games' winners must lead on
// the figure the strip shows.
import { describe, expect, it } from 'vitest';
import blackSheepBase from '../../tests/playthroughs/black-sheep-base.txt?raw';
import blackSheepTasks from '../../tests/playthroughs/black-sheep-tasks.txt?raw';
import boomBahBasic from '../../tests/playthroughs/boom-bah-basic.txt?raw';
import boomBahVariant from '../../tests/playthroughs/boom-bah-variant.txt?raw';
import byeByeBasic from '../../tests/playthroughs/bye-bye-basic.txt?raw';
import disguiseBasic from '../../tests/playthroughs/disguise-basic.txt?raw';
import hustleBasic from '../../tests/playthroughs/hustle-basic.txt?raw';
import type { GameId, ObservationByGame } from '../src/generated/observations';
import { standingOf } from '../src/view/standing';

interface Playthrough {
  observations: unknown[]; // every "obs" line, in order
  scores: number[];
  winners: number[];
}

function parse(text: string): Playthrough {
  const lines = text.split('\n');
  const value = (key: string) => lines.find((line) => line.startsWith(`${key} `))?.slice(key.length + 1) ?? '';
  return {
    observations: lines.filter((l) => l.startsWith('obs ')).map((l) => JSON.parse(l.slice(l.indexOf('{')))),
    scores: value('scores').split(' ').map(Number),
    winners: value('winners')
      .split(' ')
      .map((p) => Number(p.slice(1)) - 1),
  };
}

const names = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'];
const last = (run: Playthrough) => run.observations[run.observations.length - 1];
const standing = <G extends GameId>(game: G, obs: unknown) =>
  standingOf(game, obs as ObservationByGame[G], names) ?? expect.fail('no standing');

describe('the running score', () => {
  it.each([
    ['black-sheep', blackSheepBase],
    ['boom-bah', boomBahBasic],
    ['boom-bah', boomBahVariant],
  ] as const)('%s: at the end, the points if it ended now are the final scores', (game, text) => {
    const run = parse(text);
    const end = standing(game, last(run));
    expect(end.seats.map((seat) => seat.points)).toEqual(run.scores);
    expect(end.seats.filter((seat) => seat.leads).map((seat) => seat.seat)).toEqual(run.winners);
  });

  it("black-sheep: during play a seat counts its own corral's points, never another's", () => {
    const run = parse(blackSheepBase);
    const middle = run.observations[Math.floor(run.observations.length / 2)] as ObservationByGame['black-sheep'];
    const seats = standing('black-sheep', middle).seats;
    expect(seats[middle.viewer].points).toBeTypeOf('number');
    for (const seat of seats.filter((s) => s.seat !== middle.viewer)) {
      expect(seat.points).toBeUndefined();
      expect(seat.details).toContain('corral values hidden');
      expect(seat.leads).toBe(false); // nobody leads on a partial count
    }
  });

  it('black-sheep: at the start every corral is empty, so every seat counts 0 and nobody leads', () => {
    const seats = standing('black-sheep', parse(blackSheepBase).observations[0]).seats;
    expect(seats.map((seat) => seat.points)).toEqual([0, 0]);
    expect(seats.some((seat) => seat.leads)).toBe(false);
  });

  it('black-sheep with tasks: no points before the end, figures only', () => {
    const run = parse(blackSheepTasks);
    const seats = standing('black-sheep', run.observations[10]).seats;
    expect(seats.every((seat) => seat.points === undefined && /figure/.test(seat.headline))).toBe(true);
  });

  it("boom-bah: another seat's hand is counted as hidden cards, not as points", () => {
    const run = parse(boomBahBasic);
    const middle = run.observations[Math.floor(run.observations.length / 2)] as ObservationByGame['boom-bah'];
    const seats = standing('boom-bah', middle).seats;
    const other = seats.find((s) => s.seat !== middle.viewer)!;
    expect(other.points).toBeUndefined();
    expect(other.details.join(' ')).toMatch(/hidden card/);
  });

  it('bye-bye: when nobody can finish, the strip marks the winner (most triplets, then zoo cards)', () => {
    const run = parse(byeByeBasic);
    expect(run.winners).toEqual([1]); // the golden game ends that way: "Nobody can finish"
    const end = standing('bye-bye', last(run));
    expect(end.seats.filter((seat) => seat.leads).map((seat) => seat.seat)).toEqual(run.winners);
    expect(end.seats.map((seat) => seat.headline)).toEqual(['0 of 5 triplets', '3 of 5 triplets']);
  });

  it('disguise: the winner has the flocks the strip counts towards; no leader is guessed', () => {
    const run = parse(disguiseBasic);
    const end = standing('disguise', last(run));
    const [, have, need] = /^(\d+) of (\d+) flocks$/.exec(end.seats[run.winners[0]].headline) ?? expect.fail();
    expect(Number(have)).toBeGreaterThanOrEqual(Number(need));
    expect(end.seats.some((seat) => seat.leads)).toBe(false);
  });

  it('hustle: the strip names every sheep out of the race and the squares of the rest', () => {
    const run = parse(hustleBasic);
    const obs = last(run) as ObservationByGame['hustle'];
    const seats = standing('hustle', obs).seats;
    obs.seats.forEach((seat, i) =>
      expect(seats[i].headline).toBe(seat.out_at !== undefined ? 'out of the race' : `square ${seat.square}`),
    );
  });
});
