// The protocol's messages (docs/protocol.md), as the front end reads them.
import type { Observation } from './generated/observations';

// Where an action sits on a board (docs/protocol.md, "Action targets").
export interface ActionTarget {
  zone: string; // "hand", "field", "cell", "seat", "zoo", "flock", "discard", or "button"
  piece?: string; // absent for a button
  kind: string; // "play", "draw", "pass", ...
  then?: { zone: string; piece: string }; // a move finished by a second click
  preview?: { zone: string; piece: string }; // where the move would lead (Hustle: the square, or "off")
}

export interface Legal {
  id: number;
  text: string; // the engine's words, seats as P1, P2, … (what records keep)
  label: string; // the same, each seat called by its name: what the page shows
  hint: string;
  target: ActionTarget;
}

export interface ScoreLine {
  category: string;
  points: number;
}

export interface Result {
  scores: number[];
  winners: number[];
  breakdown: ScoreLine[][];
  explanation: string;
}

export interface SeatInfo {
  seat: number;
  name: string;
  agent: string;
  connected?: boolean;
  open?: boolean; // a public table's seat any signed-in person may take (docs/protocol.md, "Open seats")
}

export interface StateFrame {
  type: 'state';
  table: string;
  seat: number | null;
  version: number;
  current: number | null;
  observation: Observation;
  events: string[];
  legal: Legal[];
  last?: LastMove | null; // the move that made this version (docs/protocol.md)
  result: Result | null;
}

// Who made a move and, where the server may say so, the piece it acted on.
export interface LastMove {
  seat: number;
  target?: ActionTarget;
}

export interface JoinedFrame {
  type: 'joined';
  table: string;
  game: string;
  params: Record<string, string>;
  seats: SeatInfo[];
  you: number[];
  spectator: boolean;
  hotseat: boolean;
  time?: TimeControl;
  chat?: boolean; // false at a table of one person and bots
  meter?: boolean; // this connection may turn the win meter on (one person among bots, or a spectator there)
}

// The win meter: every seat's chance to win at `version`, read from `seat`'s view, or from the public
// view for a spectator (seat null) (docs/protocol.md).
export interface MeterFrame {
  type: 'meter';
  table: string;
  version: number;
  seat: number | null;
  chances: number[];
}

// A table's time control as the server states it (docs/protocol.md, "Clocks and leaving").
export interface TimeControl {
  mode: 'none' | 'per-move' | 'clock';
  per_move?: number; // seconds
  base?: number;
  increment?: number;
  away_after: number; // seconds a person may be gone on their decision (0: only the clock)
  stand_in: string; // the bot that plays for them
}

// Who is at the table, pushed on every change.
export interface PresenceFrame {
  type: 'presence';
  seats: { seat: number; name: string; agent: string; connected: boolean; stand_in: 'away' | 'clock' | null }[];
  spectators: number;
}

// Every seat's time left (ms) when the server sent it; `running` counts down.
export interface ClockFrame {
  type: 'clock';
  running: number | null;
  remaining: number[];
}

export interface ChatLine {
  index: number;
  seat: number;
  name: string;
  text: string;
  at: number; // unix ms
}

export type PeopleFrame =
  | PresenceFrame
  | ClockFrame
  | (ChatLine & { type: 'chat' })
  | { type: 'chat-history'; lines: ChatLine[] }
  | { type: 'stand-in'; seat: number; name: string; because: 'away' | 'clock'; bot: string }
  | { type: 'rematch'; table: string; url: string; token: string }
  | { type: 'rematch-offer'; table: string; accepted: number[]; spectator: string };

export interface GameParam {
  name: string;
  type: 'int' | 'bool' | 'choice' | 'table';
  default: string;
  allowed: string;
  help: string;
  min?: number;
  max?: number;
  choices?: string[];
}

// One game of GET /api/games (the server's catalog).
export interface GameInfo {
  id: string;
  name: string; // the full name (the lobby's card, the new-table form)
  short_name: string; // where space is short (a table's header, the tab, a row of a list)
  blurb: string; // one sentence on what the game is about (the lobby)
  min_players: number;
  max_players: number;
  params: GameParam[];
}

export interface LobbyTable {
  table: string;
  game: string;
  seats: SeatInfo[];
  version: number;
  current: number | null;
  finished: boolean;
  spectators: number;
}
