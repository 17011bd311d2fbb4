import { describe, expect, it } from 'vitest';
import type { PeopleFrame, PresenceFrame } from '../src/types';
import {
  clockText,
  currentNames,
  initialPeople,
  peopleReducer,
  standInLines,
  stoodIn,
  timeLeft,
  type PeopleState,
} from '../src/view/people';

const run = (frames: PeopleFrame[], now = 0): PeopleState =>
  frames.reduce((state, frame) => peopleReducer(state, { frame, now }), initialPeople);

const presence = (standIn: 'away' | 'clock' | null = null): PresenceFrame => ({
  type: 'presence',
  seats: [
    { seat: 0, name: 'Ann', agent: 'human', connected: true, stand_in: null },
    { seat: 1, name: 'Bob', agent: 'human', connected: false, stand_in: standIn },
    { seat: 2, name: 'P3', agent: 'random', connected: false, stand_in: null },
  ],
  spectators: 2,
});

describe('people at the table', () => {
  it('keeps the newest presence and the names people gave their seats', () => {
    const state = run([
      presence(),
      { ...presence(), seats: presence().seats.map((s) => ({ ...s, name: s.name + '!' })) },
    ]);
    expect(currentNames(state.presence, ['P1', 'P2', 'P3'])).toEqual(['Ann!', 'Bob!', 'P3!']);
    expect(currentNames(null, ['P1', 'P2'])).toEqual(['P1', 'P2']);
  });

  it('says who a bot plays for, to everyone and to the person', () => {
    const state = run([presence('clock')]);
    expect(standInLines(state.presence)).toEqual(['Bob ran out of time: a bot plays their seat until they come back.']);
    expect(stoodIn(state.presence, [1])).toBe('clock');
    expect(stoodIn(state.presence, [0])).toBeNull();
    expect(standInLines(run([presence(null)]).presence)).toEqual([]);
  });

  it('merges chat lines and their history once each, in order', () => {
    const line = (index: number, text: string) => ({ index, seat: 0, name: 'Ann', text, at: 0 });
    const state = run([
      { type: 'chat', ...line(1, 'b') },
      { type: 'chat-history', lines: [line(0, 'a'), line(1, 'b')] },
      { type: 'chat', ...line(2, '<i>c</i>') },
    ]);
    expect(state.chat.map((l) => l.text)).toEqual(['a', 'b', '<i>c</i>']);
  });

  it('counts the running clock down from when it was received', () => {
    const state = run([{ type: 'clock', running: 1, remaining: [60000, 30000] }], 1000);
    const clocks = state.clocks!;
    expect(timeLeft(clocks, 1, 6000)).toBe(25000);
    expect(timeLeft(clocks, 0, 6000)).toBe(60000);
    expect(timeLeft(clocks, 1, 99000)).toBe(0);
  });

  it('writes clocks for seconds, minutes, hours and days', () => {
    expect(clockText(9400)).toBe('0:09.4');
    expect(clockText(245000)).toBe('4:05');
    expect(clockText(3 * 3600000 + 20 * 60000)).toBe('3 h 20 min');
    expect(clockText(2 * 86400000 + 4 * 3600000)).toBe('2 d 4 h');
  });

  it("remembers the rematch offered and this page's own link", () => {
    const state = run([
      { type: 'rematch-offer', table: 'n', accepted: [0], spectator: '/play/n#token=s' },
      { type: 'rematch', table: 'n', url: '/play/n#token=a', token: 'a' },
    ]);
    expect(state.rematch).toEqual({ table: 'n', accepted: [0], spectator: '/play/n#token=s' });
    expect(state.myRematch).toBe('/play/n#token=a');
  });
});
