// The page's pacing of other players' moves (src/view/pacer.ts), on a fake clock.
import { describe, expect, it } from 'vitest';
import { PACE_MS, Pacer, paceFor, SCORED_PACE_MS, type Timers } from '../src/view/pacer';

class FakeClock implements Timers {
  now = 0;
  private pending: { at: number; fn: () => void; id: number }[] = [];
  private next = 1;
  // Paints happen at once unless held (a busy machine): then paint() lets them happen.
  holdPaints = false;
  private unpainted: (() => void)[] = [];
  afterPaint(fn: () => void): void {
    if (this.holdPaints) this.unpainted.push(fn);
    else fn();
  }
  paint(): void {
    const due = this.unpainted;
    this.unpainted = [];
    for (const fn of due) fn();
  }
  set(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.push({ at: this.now + ms, fn, id });
    return id;
  }
  clear(handle: unknown): void {
    this.pending = this.pending.filter((p) => p.id !== handle);
  }
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      this.pending.sort((a, b) => a.at - b.at);
      const due = this.pending[0];
      if (!due || due.at > until) break;
      this.pending.shift();
      this.now = due.at;
      due.fn();
    }
    this.now = until;
  }
}

const frame = (version: number, events = ['a move']) => ({ version, events });

function setUp(delay = 800) {
  const clock = new FakeClock();
  const shown: { version: number; at: number }[] = [];
  const pacer = new Pacer(
    (f) => shown.push({ version: f.version, at: clock.now }),
    () => delay,
    clock,
  );
  return { clock, shown, pacer };
}

describe('pacing other players moves', () => {
  it('shows a burst of bot moves one at a time, each for the delay', () => {
    const { clock, shown, pacer } = setUp();
    for (const v of [1, 2, 3]) pacer.push(frame(v));
    expect(shown.map((s) => s.version)).toEqual([1]);
    clock.advance(800);
    expect(shown.map((s) => s.version)).toEqual([1, 2]);
    clock.advance(800);
    expect(shown).toEqual([
      { version: 1, at: 0 },
      { version: 2, at: 800 },
      { version: 3, at: 1600 },
    ]);
  });

  it("the same move's other views and a snapshot pass at once", () => {
    const { shown, pacer } = setUp();
    pacer.push(frame(5));
    pacer.push(frame(5)); // another seat held by this page
    pacer.push(frame(4, [])); // an undo back to move 4
    expect(shown.map((s) => s.version)).toEqual([5, 5, 4]);
  });

  it("the person's own move shows at once", () => {
    const { shown, pacer } = setUp();
    pacer.push(frame(1));
    pacer.acted();
    pacer.push(frame(2));
    expect(shown.map((s) => s.version)).toEqual([1, 2]);
  });

  it('fast: no waiting at all', () => {
    const { shown, pacer } = setUp(0);
    for (const v of [1, 2, 3]) pacer.push(frame(v));
    expect(shown.map((s) => s.version)).toEqual([1, 2, 3]);
  });

  it('a move that scored a field stays longer before the next is shown', () => {
    const clock = new FakeClock();
    const shown: number[] = [];
    const pacer = new Pacer<{ version: number; events: string[]; observation: object }>(
      (f) => shown.push(f.version),
      paceFor,
      clock,
    );
    pacer.push({ version: 1, events: ['a move'], observation: { scored: { field: 0, winner: 1 } } });
    pacer.push({ version: 2, events: ['a move'], observation: {} });
    pacer.push({ version: 3, events: ['a move'], observation: {} });
    clock.advance(PACE_MS);
    expect(shown).toEqual([1]); // still showing the scored field
    clock.advance(SCORED_PACE_MS - PACE_MS);
    expect(shown).toEqual([1, 2]);
    clock.advance(PACE_MS);
    expect(shown).toEqual([1, 2, 3]);
  });

  it('flush shows what waits', () => {
    const { shown, pacer } = setUp();
    for (const v of [1, 2, 3]) pacer.push(frame(v));
    pacer.flush();
    expect(shown.map((s) => s.version)).toEqual([1, 2, 3]);
  });

  it('a move stays for the delay from when it is painted, not from when it was handed over', () => {
    const { clock, shown, pacer } = setUp();
    clock.holdPaints = true;
    for (const v of [1, 2]) pacer.push(frame(v));
    clock.advance(1000); // a busy machine: the first move is not on the screen yet
    expect(shown.map((s) => s.version)).toEqual([1]);
    clock.paint();
    clock.advance(799);
    expect(shown.map((s) => s.version)).toEqual([1]);
    clock.advance(1);
    expect(shown.map((s) => s.version)).toEqual([1, 2]);
  });

  it("the person's move while a paint is awaited shows at once, and the old paint starts no timer", () => {
    const { clock, shown, pacer } = setUp();
    clock.holdPaints = true;
    for (const v of [1, 2, 3]) pacer.push(frame(v));
    pacer.acted(); // shows 2 and waits for its paint; 1's paint is now stale
    expect(shown.map((s) => s.version)).toEqual([1, 2]);
    clock.paint();
    clock.advance(799);
    expect(shown.map((s) => s.version)).toEqual([1, 2]);
    clock.advance(1);
    expect(shown.map((s) => s.version)).toEqual([1, 2, 3]);
  });
});
