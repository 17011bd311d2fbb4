// What the table page keeps of the server's state frames: the newest frame of
// each seat this page holds (or of the spectator's view), and each one's move
// log. Pure, so a sequence of frames can be replayed in a test.
import type { StateFrame } from '../types';

export const SPECTATOR = -1; // the key of a spectator's frames and log
export const LOG_LINES = 300; // the most lines a log keeps

export interface TableState {
  frames: Map<number, StateFrame>;
  logs: Map<number, string[]>;
}

export type TableAction = { type: 'state'; frame: StateFrame };

export function initialTableState(logs: Map<number, string[]> = new Map()): TableState {
  return { frames: new Map(), logs };
}

export const keyOf = (seat: number | null): number => seat ?? SPECTATOR;

export const takenBackLine = (version: number) => `— Taken back: the game is at move ${version} again.`;

// A frame replaces its seat's last one. A lower version than before is an
// undo: the log says so. The frame's events go to the end of the log.
export function tableReducer(state: TableState, action: TableAction): TableState {
  const { frame } = action;
  const key = keyOf(frame.seat);
  const before = state.frames.get(key);
  const undone = before !== undefined && frame.version < before.version;
  let logs = state.logs;
  if (undone || frame.events.length) {
    const log = [...(logs.get(key) ?? []), ...(undone ? [takenBackLine(frame.version)] : []), ...frame.events];
    logs = new Map(logs).set(key, frame.events.length ? log.slice(-LOG_LINES) : log);
  }
  return { frames: new Map(state.frames).set(key, frame), logs };
}

// The first frame received (any seat's): whose turn it is is the same in all.
export function anyFrame(state: TableState): StateFrame | undefined {
  return state.frames.values().next().value;
}

export function logOf(state: TableState, seat: number | null): string[] {
  return state.logs.get(keyOf(seat)) ?? [];
}
