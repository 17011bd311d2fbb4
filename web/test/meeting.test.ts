// Meeting people in the lobby (src/view/meeting.ts): the Play now form's
// choices and the request they make, the waiting panel's lines, and who is online.
import { describe, expect, it } from 'vitest';
import type { Waiting } from '../src/meeting';
import type { GameInfo } from '../src/types';
import {
  chooseGame,
  clockInWords,
  durationInWords,
  initialPlayNow,
  onlineNames,
  onlineQueueLine,
  peopleOnline,
  playerCounts,
  playerHref,
  playNowRequest,
  secondsSince,
  waitingLines,
} from '../src/view/meeting';

const game = (id: string, short_name: string, min_players: number, max_players: number): GameInfo => ({
  id,
  name: `The ${short_name}`,
  short_name,
  blurb: '',
  min_players,
  max_players,
  params: [],
});
const GAMES = [game('bye-bye', 'Bye-Bye', 2, 5), game('black-sheep', 'Black Sheep', 3, 4)];

const waiting = (over: Partial<Waiting> = {}): Waiting => ({
  state: 'waiting',
  game: 'black-sheep',
  players: 3,
  time: { base: 300, increment: 5 },
  bots_after: 30,
  bot: 'medium',
  since: 1_000_000,
  rating: 25,
  window: 4,
  waiting: 1,
  ...over,
});

describe('the Play now form', () => {
  it('offers the counts the game allows', () => {
    expect(playerCounts(GAMES[1])).toEqual([3, 4]);
    expect(playerCounts(undefined)).toEqual([]);
  });

  it('starts from the choices kept before, when they still hold', () => {
    const kept = { game: 'black-sheep', players: 4, clock: '3+2', botsAfter: 'never', bot: 'hard' };
    expect(initialPlayNow(GAMES, kept)).toEqual(kept);
    // A game the server no longer lists, a count it does not allow, values that are not choices:
    const stale = initialPlayNow(GAMES, { game: 'gone', players: 9, clock: '1+0', botsAfter: '5', bot: 'god' });
    expect(stale).toEqual({ game: 'bye-bye', players: 2, clock: '5+5', botsAfter: '30', bot: 'medium' });
    expect(initialPlayNow(GAMES, 'not an object' as never).game).toBe('bye-bye');
  });

  it('another game keeps the count when it can, else the nearest it allows', () => {
    const five = { ...initialPlayNow(GAMES), players: 5 };
    expect(chooseGame(five, GAMES[1]).players).toBe(4);
    expect(chooseGame({ ...five, players: 2 }, GAMES[1]).players).toBe(3);
    expect(chooseGame({ ...five, players: 3 }, GAMES[1])).toMatchObject({ game: 'black-sheep', players: 3 });
  });

  it('makes the request the protocol asks for', () => {
    const choices = { game: 'black-sheep', players: 3, clock: '5+5', botsAfter: '10', bot: 'easy' };
    expect(playNowRequest(choices)).toEqual({
      game: 'black-sheep',
      players: 3,
      time: { base: 300, increment: 5 },
      bots_after: 10,
      bot: 'easy',
    });
    expect(playNowRequest({ ...choices, botsAfter: 'never', clock: '3+2' })).toMatchObject({
      time: { base: 180, increment: 2 },
      bots_after: null,
    });
  });
});

describe('the waiting panel', () => {
  it('names clocks as people do', () => {
    expect(clockInWords({ base: 300, increment: 5 })).toBe('5+5');
    expect(clockInWords({ base: 90, increment: 0 })).toBe('1.5+0');
    expect(clockInWords({ per_move: 60 })).toBe('1 min a move');
    expect(clockInWords({ per_move: 45 })).toBe('45 s a move');
  });

  it('counts whole seconds, never below zero', () => {
    expect(secondsSince(1000, 3999)).toBe(2);
    expect(secondsSince(5000, 1000)).toBe(0); // the browser's clock a little behind the server's
    expect(durationInWords(7)).toBe('7 s');
    expect(durationInWords(65)).toBe('1:05');
    expect(durationInWords(600)).toBe('10:00');
  });

  it('says what, how long, with whom, and when bots come', () => {
    const lines = waitingLines(waiting(), GAMES, 1_000_000 + 12_400);
    expect(lines.what).toBe('Black Sheep, 3 players, 5+5');
    expect(lines.waited).toBe('12 s');
    expect(lines.queue).toBe('Nobody else is waiting for this yet.');
    expect(lines.window).toMatch(/25\.0.*4\.0 points/);
    expect(lines.bots).toBe('In 18 s, medium bots take the seats nobody has taken.');
  });

  it('counts the others in the queue, and says when bots may come now or never', () => {
    const now = 1_000_000 + 40_000;
    expect(waitingLines(waiting({ waiting: 2 }), GAMES, now).queue).toBe('1 other person is waiting for this too.');
    expect(waitingLines(waiting({ waiting: 4 }), GAMES, now).queue).toBe('3 other people are waiting for this too.');
    expect(waitingLines(waiting(), GAMES, now).bots).toBe('Any seat nobody takes now goes to a medium bot.');
    expect(waitingLines(waiting({ bots_after: null }), GAMES, now).bots).toBe('No bots: you wait for people only.');
  });
});

describe('who is online', () => {
  it('says how many, in words', () => {
    expect(peopleOnline(0)).toBe('Nobody signed in is here now.');
    expect(peopleOnline(1)).toBe('1 person signed in now.');
    expect(peopleOnline(3)).toBe('3 people signed in now.');
  });

  it('shows at most 20 names, and how many more', () => {
    const players = Array.from({ length: 30 }, (_, i) => ({ name: `p${i}` }));
    const { names, more } = onlineNames({ count: 130, players });
    expect(names).toHaveLength(20);
    expect(names[0]).toBe('p0'); // the most recent first, as the server lists them
    expect(more).toBe(110);
    expect(onlineNames({ count: 2, players: players.slice(0, 2) })).toEqual({ names: ['p0', 'p1'], more: 0 });
  });

  it('links each name to its profile, percent-encoded', () => {
    expect(playerHref('Ann')).toBe('/players/Ann');
    expect(playerHref('Zoë / 1?#')).toBe('/players/Zo%C3%AB%20%2F%201%3F%23');
  });

  it('says what each queue waits for', () => {
    const q = { game: 'black-sheep', players: 3, time: { base: 300, increment: 5 }, waiting: 2 };
    expect(onlineQueueLine(q, GAMES)).toBe('2 waiting for Black Sheep, 3 players, 5+5');
    expect(onlineQueueLine({ ...q, game: 'unknown' }, GAMES)).toBe('2 waiting for unknown, 3 players, 5+5');
  });
});
