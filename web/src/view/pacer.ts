// Bots move faster than a person can follow: each new move stays on screen
// for a moment before the next one is shown (the server's clock is not
// touched; only this page waits). Frames of the move already shown (other
// seats' views, a reconnect's snapshot) and the page's own moves pass at once.
export interface Paced {
  version: number;
  events: string[];
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  afterPaint(fn: () => void): void; // once what was just shown is on the screen
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  // The next frame's callback runs before its paint, a task queued from it after.
  // A hidden tab paints nothing and runs no frame callbacks: there is nothing to wait for.
  afterPaint: (fn) => (document.hidden ? setTimeout(fn, 0) : requestAnimationFrame(() => setTimeout(fn, 0))),
};

// The move is shown but not yet painted: its time on screen has not begun.
const WAITING_FOR_PAINT = Symbol('waiting for paint');

export const PACE_MS = 800;
// A move that scored a field stays longer: the field is shown as it stood, with its winner, before it clears.
export const SCORED_PACE_MS = 1800;

// How long a frame stays before the next move is shown.
export function paceFor(frame: { observation?: object }): number {
  return frame.observation && 'scored' in frame.observation ? SCORED_PACE_MS : PACE_MS;
}

export class Pacer<F extends Paced> {
  private queue: F[] = [];
  private timer: unknown = null; // null, WAITING_FOR_PAINT or a timer of `timers`
  private paints = 0; // which wait for a paint is current: an older one's callback does nothing
  private shown = -1; // the newest version shown

  constructor(
    private readonly show: (frame: F) => void,
    private readonly delayMs: (frame: F) => number,
    private readonly timers: Timers = realTimers,
  ) {}

  push(frame: F): void {
    // Nothing waiting and no move on show, or this move (or an older one: an undo) is already shown.
    if (!this.queue.length && (this.timer === null || frame.version <= this.shown)) this.display(frame);
    else this.queue.push(frame);
  }

  // The person acted: they have seen the board, so their move shows at once.
  acted(): void {
    this.stopTimer();
    this.drain();
  }

  // Show everything now (the "fast" switch turned on, the page closing).
  flush(): void {
    this.stopTimer();
    while (this.queue.length) this.displayNow(this.queue.shift()!);
  }

  dispose(): void {
    this.stopTimer();
    this.queue = [];
  }

  private display(frame: F): void {
    // A newer version is a move, even one that shows this seat no event (a hidden choice).
    const newMove = frame.version > this.shown;
    this.displayNow(frame);
    const delay = this.delayMs(frame);
    if (newMove && delay > 0) {
      // The time on screen counts from the paint: on a busy machine the render
      // can take longer than the pace itself.
      this.stopTimer();
      const paint = this.paints;
      this.timer = WAITING_FOR_PAINT;
      this.timers.afterPaint(() => {
        if (paint !== this.paints) return;
        this.timer = this.timers.set(() => {
          this.timer = null;
          this.drain();
        }, delay);
      });
    }
  }

  private displayNow(frame: F): void {
    this.shown = frame.version;
    this.show(frame);
  }

  private drain(): void {
    while (this.queue.length && this.timer === null) this.display(this.queue.shift()!);
  }

  private stopTimer(): void {
    if (this.timer !== null && this.timer !== WAITING_FOR_PAINT) this.timers.clear(this.timer);
    this.timer = null;
    this.paints++;
  }
}
