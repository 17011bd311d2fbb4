// The tab's title and icon say when a decision is the person's (src/view/tab.ts).
import { describe, expect, it } from 'vitest';
import type { StateFrame } from '../src/types';
import { alertsFor } from '../src/view/alerts';
import { ICON_IDLE, ICON_YOUR_TURN, tabState } from '../src/view/tab';

const frame = (over: Partial<StateFrame>): StateFrame => ({
  type: 'state',
  table: 't',
  seat: 0,
  version: 3,
  current: 0,
  observation: {} as StateFrame['observation'],
  events: [],
  legal: [{ id: 1, text: 'stop' }] as StateFrame['legal'],
  result: null,
  ...over,
});

describe('the tab', () => {
  it('says "your turn" while a decision of a seat held here waits', () => {
    expect(tabState(frame({}), [0], 'Bye-Bye', true)).toEqual({
      title: '● Your turn — Bye-Bye',
      icon: ICON_YOUR_TURN,
      yours: true,
    });
  });

  it("is quiet on another seat's turn, with no move to make, at the end, or while reconnecting", () => {
    const quiet = { title: 'Bye-Bye — Bellwether', icon: ICON_IDLE, yours: false };
    expect(tabState(frame({ current: 1 }), [0], 'Bye-Bye', true)).toEqual(quiet);
    expect(tabState(frame({ legal: [] }), [0], 'Bye-Bye', true)).toEqual(quiet);
    expect(tabState(frame({ result: {} as StateFrame['result'] }), [0], 'Bye-Bye', true)).toEqual(quiet);
    expect(tabState(frame({}), [0], 'Bye-Bye', false)).toEqual(quiet);
    expect(tabState(frame({}), [], 'Bye-Bye', true)).toEqual(quiet); // a spectator
  });

  it('follows whichever seat this page holds (hot-seat)', () => {
    expect(tabState(frame({ current: 2, seat: 2 }), [0, 2], 'Hustle', true).title).toBe('● Your turn — Hustle');
  });
});

describe('turn alerts', () => {
  const on = { sound: true, notify: true };
  it('sound and notification only as the decision becomes yours', () => {
    expect(alertsFor(false, true, true, on, 'granted')).toEqual({ sound: true, notification: true });
    expect(alertsFor(true, true, true, on, 'granted')).toEqual({ sound: false, notification: false });
    expect(alertsFor(true, false, true, on, 'granted')).toEqual({ sound: false, notification: false });
  });
  it('a notification only while the tab is hidden and where the browser allowed it', () => {
    expect(alertsFor(false, true, false, on, 'granted').notification).toBe(false);
    expect(alertsFor(false, true, true, on, 'denied').notification).toBe(false);
    expect(alertsFor(false, true, true, { sound: false, notify: false }, 'granted')).toEqual({
      sound: false,
      notification: false,
    });
  });
});
