// What the lobby says about meeting people (Play now, open seats, who is
// online), kept apart from the components so that it can be tested: the
// Play now form's choices and the request they make, the waiting panel's
// lines, and the online list.
import { shortNameOf } from '../games';
import type { Clock, OnlineQueue, PlayNowRequest, Waiting } from '../meeting';
import type { GameInfo } from '../types';

export interface ClockChoice {
  value: string;
  label: string;
  time: Clock;
}
// Minutes each, plus seconds a move: the short form people know from chess ("5+5").
export const PLAY_NOW_CLOCKS: ClockChoice[] = [
  { value: '3+2', label: '3+2: 3 minutes each, +2 s a move', time: { base: 180, increment: 2 } },
  { value: '5+5', label: '5+5: 5 minutes each, +5 s a move', time: { base: 300, increment: 5 } },
  { value: '10+5', label: '10+5: 10 minutes each, +5 s a move', time: { base: 600, increment: 5 } },
];

// After how long the seats still empty go to bots; 'never' waits for people only.
export const BOTS_AFTER_CHOICES = [
  { value: '10', label: 'after 10 seconds' },
  { value: '30', label: 'after 30 seconds' },
  { value: '60', label: 'after 1 minute' },
  { value: '120', label: 'after 2 minutes' },
  { value: 'never', label: 'never: people only' },
];

export const BOT_LEVELS = ['easy', 'medium', 'hard'];

export interface PlayNowChoices {
  game: string;
  players: number;
  clock: string; // a PLAY_NOW_CLOCKS value
  botsAfter: string; // a BOTS_AFTER_CHOICES value
  bot: string;
}

// The numbers of players a game allows, fewest first.
export function playerCounts(game: GameInfo | undefined): number[] {
  if (!game) return [];
  return Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i);
}

// The form's first choices: the game and count kept from before when the game still allows them.
export function initialPlayNow(games: GameInfo[], before?: Partial<PlayNowChoices>): PlayNowChoices {
  const game = games.find((g) => g.id === before?.game) ?? games[0];
  const counts = playerCounts(game);
  const players = counts.includes(before?.players ?? 0) ? before!.players! : (counts[0] ?? 2);
  const known = <T extends { value: string }>(list: T[], v: string | undefined, fallback: string) =>
    list.some((c) => c.value === v) ? v! : fallback;
  return {
    game: game?.id ?? '',
    players,
    clock: known(PLAY_NOW_CLOCKS, before?.clock, '5+5'),
    botsAfter: known(BOTS_AFTER_CHOICES, before?.botsAfter, '30'),
    bot: BOT_LEVELS.includes(before?.bot ?? '') ? before!.bot! : 'medium',
  };
}

// Another game keeps the number of players when it allows it, else takes its nearest.
export function chooseGame(choices: PlayNowChoices, game: GameInfo): PlayNowChoices {
  const counts = playerCounts(game);
  const players = Math.min(Math.max(choices.players, counts[0]), counts[counts.length - 1]);
  return { ...choices, game: game.id, players };
}

export function playNowRequest(choices: PlayNowChoices): PlayNowRequest {
  const clock = PLAY_NOW_CLOCKS.find((c) => c.value === choices.clock) ?? PLAY_NOW_CLOCKS[1];
  return {
    game: choices.game,
    players: choices.players,
    time: { ...clock.time },
    bots_after: choices.botsAfter === 'never' ? null : Number(choices.botsAfter),
    bot: choices.bot,
  };
}

// "5+5" for 5 minutes each and 5 s a move; "1 min a move" for a clock per move.
export function clockInWords(time: Clock | { per_move: number }): string {
  if ('per_move' in time)
    return time.per_move % 60 === 0 ? `${time.per_move / 60} min a move` : `${time.per_move} s a move`;
  const minutes = Math.round((time.base / 60) * 10) / 10;
  return `${minutes}+${time.increment}`;
}

// "Black Sheep, 3 players, 5+5": what a queue is for.
export function queueInWords(q: { game: string; players: number; time: OnlineQueue['time'] }, games: GameInfo[]) {
  return `${shortNameOf(games, q.game)}, ${q.players} players, ${clockInWords(q.time)}`;
}

// Whole seconds from `since` (unix ms) to `now`, never below 0 (the two clocks may differ a little).
export const secondsSince = (since: number, now: number) => Math.max(0, Math.floor((now - since) / 1000));

// "7 s", "1:05".
export function durationInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const s = seconds % 60;
  return `${Math.floor(seconds / 60)}:${String(s).padStart(2, '0')}`;
}

// The waiting panel, line by line.
export function waitingLines(t: Waiting, games: GameInfo[], now: number) {
  const waited = secondsSince(t.since, now);
  const others = t.waiting - 1;
  let bots: string;
  if (t.bots_after === null) bots = 'No bots: you wait for people only.';
  else if (waited < t.bots_after)
    bots = `In ${durationInWords(t.bots_after - waited)}, ${t.bot} bots take the seats nobody has taken.`;
  else bots = `Any seat nobody takes now goes to a ${t.bot} bot.`;
  return {
    what: queueInWords(t, games),
    waited: durationInWords(waited),
    queue:
      others <= 0
        ? 'Nobody else is waiting for this yet.'
        : `${others} other ${others === 1 ? 'person is' : 'people are'} waiting for this too.`,
    window: `Your rating here: ${t.rating.toFixed(1)}. You meet people within ${t.window.toFixed(1)} points of it; the window widens as you wait.`,
    bots,
  };
}

// "2 waiting for Black Sheep, 3 players, 5+5"
export const onlineQueueLine = (q: OnlineQueue, games: GameInfo[]) =>
  `${q.waiting} waiting for ${queueInWords(q, games)}`;

export const playerHref = (name: string) => `/players/${encodeURIComponent(name)}`;

// At most `max` names, and how many more the count holds.
export function onlineNames(online: { count: number; players: { name: string }[] }, max = 20) {
  const names = online.players.slice(0, max).map((p) => p.name);
  return { names, more: Math.max(0, online.count - names.length) };
}

export const peopleOnline = (count: number) =>
  count === 0 ? 'Nobody signed in is here now.' : `${count} ${count === 1 ? 'person' : 'people'} signed in now.`;
