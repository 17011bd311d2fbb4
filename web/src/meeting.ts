// Meeting people over HTTP (docs/protocol.md, "Meeting people: open seats,
// Play now, who is online"): taking an open seat, the Play now ticket, and
// who is online. Each call throws a ServerRefusal in the server's words.
import { call } from './account';

// A Play now table always has a clock: base and increment, in seconds.
export interface Clock {
  base: number;
  increment: number;
}

export interface PlayNowRequest {
  game: string;
  players: number;
  time: Clock;
  bots_after: number | null; // seconds; null: people only
  bot: string; // easy, medium, hard
}

export interface Waiting {
  state: 'waiting';
  game: string;
  players: number;
  time: Clock | { per_move: number };
  bots_after: number | null;
  bot: string;
  since: number; // unix ms
  rating: number; // the account's mu in the game
  window: number; // how far from `rating` an opponent may be now
  waiting: number; // people in the same queue, this one included
}
export interface Seated {
  state: 'seated';
  table: string;
  seat: number;
  url: string;
  game: string;
}
export type Ticket = { state: 'none' } | Waiting | Seated;

export interface OnlineQueue {
  game: string;
  players: number;
  time: Clock | { per_move: number };
  waiting: number;
}
export interface Online {
  count: number;
  players: { name: string }[]; // the most recent first
  queues: OnlineQueue[];
}

export interface TakenSeat {
  table: string;
  seat: number;
  url: string; // /play/<table>, no token: the signed-in join takes the seat
}

export const takeSeat = (table: string, seat: number) =>
  call<TakenSeat>('POST', `/api/tables/${encodeURIComponent(table)}/seats/${seat}`, {});
export const askPlayNow = (request: PlayNowRequest) => call<Ticket>('POST', '/api/play-now', request);
export const fetchPlayNow = () => call<Ticket>('GET', '/api/play-now');
export const cancelPlayNow = () => call<Ticket>('DELETE', '/api/play-now');
export const fetchOnline = () => call<Online>('GET', '/api/online');
