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
  text: string;
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
}

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

export interface GameInfo {
  id: string;
  name: string;
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
