// The table page's bookkeeping of state frames: one frame per seat, move logs,
// and what an undo (a lower version) leaves in them.
import { describe, expect, it } from 'vitest';
import type { StateFrame } from '../src/types';
import {
  LOG_LINES,
  SPECTATOR,
  anyFrame,
  initialTableState,
  logOf,
  tableReducer,
  takenBackLine,
  type TableState,
} from '../src/view/table_state';
import { SAMPLE } from './observations';

const frame = (seat: number | null, version: number, events: string[] = []): StateFrame => ({
  type: 'state',
  table: 't',
  seat,
  version,
  current: 0,
  observation: SAMPLE.disguise,
  events,
  legal: [],
  result: null,
});

const feed = (frames: StateFrame[], state: TableState = initialTableState()) =>
  frames.reduce((s, f) => tableReducer(s, { type: 'state', frame: f }), state);

describe('the table state', () => {
  it('keeps the newest frame of each seat, and the spectator view under its own key', () => {
    const s = feed([frame(0, 1), frame(1, 1), frame(0, 2), frame(null, 2)]);
    expect([...s.frames.keys()]).toEqual([0, 1, SPECTATOR]);
    expect(s.frames.get(0)?.version).toBe(2);
    expect(s.frames.get(1)?.version).toBe(1);
    expect(s.frames.get(SPECTATOR)?.seat).toBeNull();
    expect(anyFrame(s)?.seat).toBe(0);
    expect(anyFrame(initialTableState())).toBeUndefined();
  });

  it("appends each frame's events to its own seat's log, in order", () => {
    const s = feed([frame(0, 1, ['Ann draws']), frame(1, 1, ['Ann draws']), frame(0, 2, ['Bob plays', 'Bob ends'])]);
    expect(logOf(s, 0)).toEqual(['Ann draws', 'Bob plays', 'Bob ends']);
    expect(logOf(s, 1)).toEqual(['Ann draws']);
    expect(logOf(s, null)).toEqual([]);
  });

  it('says when a move was taken back (a lower version), before the events of the undo', () => {
    const s = feed([frame(0, 5, ['Ann plays Steal']), frame(0, 3, ['undone'])]);
    expect(s.frames.get(0)?.version).toBe(3);
    expect(logOf(s, 0)).toEqual(['Ann plays Steal', takenBackLine(3), 'undone']);
    expect(takenBackLine(3)).toBe('— Taken back: the game is at move 3 again.');
  });

  it('an undo on one seat leaves the other seats alone; the same version again is no undo', () => {
    const s = feed([frame(0, 4), frame(1, 4), frame(0, 2), frame(1, 4)]);
    expect(logOf(s, 0)).toEqual([takenBackLine(2)]);
    expect(logOf(s, 1)).toEqual([]);
  });

  it('a frame with no events and no undo keeps the same logs object (nothing to save)', () => {
    const before = feed([frame(0, 1, ['x'])]);
    const after = tableReducer(before, { type: 'state', frame: frame(0, 2) });
    expect(after.logs).toBe(before.logs);
    expect(after.frames).not.toBe(before.frames);
  });

  it('starts from the saved logs and keeps only the newest lines', () => {
    const saved = new Map([[0, Array.from({ length: LOG_LINES - 1 }, (_, i) => `old ${i}`)]]);
    const s = feed([frame(0, 1, ['new 1', 'new 2'])], initialTableState(saved));
    const log = logOf(s, 0);
    expect(log).toHaveLength(LOG_LINES);
    expect(log[0]).toBe('old 1');
    expect(log.slice(-2)).toEqual(['new 1', 'new 2']);
    expect(saved.get(0)).toHaveLength(LOG_LINES - 1); // the state is never changed in place
  });
});
