// One WebSocket to one table, joined with a token, that reconnects by itself
// (after a dropped connection or a server restart) and joins again: the server
// then sends the current state. A socket closed before the server said
// anything asks the server why (POST /api/origin-check): when it refuses this
// page (a proxy or an option of the operator's), reconnecting cannot help, and
// the page says what the operator can set.
import { checkOrigin, type OriginCheckReply } from './api';
import type { JoinedFrame, MeterFrame, PeopleFrame, StateFrame } from './types';

export interface ConnectionEvents {
  joined(frame: JoinedFrame): void;
  state(frame: StateFrame): void;
  people(frame: PeopleFrame): void; // presence, clocks, chat, stand-ins, rematch
  meter(frame: MeterFrame): void; // a reading of the coach's meter
  error(code: string, message: string): void;
  status(status: 'connecting' | 'open' | 'closed'): void;
}

// Waits between reconnection attempts: quick at first, then at most 5 s.
export function backoffMs(attempt: number): number {
  return Math.min(5000, 250 * 2 ** Math.min(attempt, 5));
}

const PEOPLE = new Set(['presence', 'clock', 'chat', 'chat-history', 'stand-in', 'rematch', 'rematch-offer']);

const FATAL = new Set(['unknown-table', 'table-finished', 'table-expired', 'bad-token', 'replaced', 'bad-protocol']);

// Several nodes (docs/deploy.md): a "moved" error names the path of the node
// that runs the table ("/node/b"). Only a path on this same site is followed,
// never another origin; anything else means "through whichever node" ('').
export function movedPath(url: unknown): string {
  if (typeof url !== 'string' || url.length > 100) return '';
  const plain = /^\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(url);
  return plain && !url.split('/').some((segment) => /^\.+$/.test(segment)) ? url : '';
}

// The codes of a page the server refuses to talk to at all (POST /api/origin-check).
export const REFUSED = new Set(['bad-origin', 'bad-host']);

export type OriginVerdict = { refused: false } | { refused: true; code: string; message: string };

// What the answer to POST /api/origin-check means for reconnecting: a 403 or
// 421 is a refusal that will not change by itself (stop, and show the server's
// message); 200, another status or no answer at all (the server is down or
// restarting) leaves the usual backoff and retry.
export function originVerdict(reply: OriginCheckReply | null): OriginVerdict {
  if (!reply || (reply.status !== 403 && reply.status !== 421)) return { refused: false };
  const error = (reply.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code =
    typeof error?.code === 'string' && error.code ? error.code : reply.status === 421 ? 'bad-host' : 'bad-origin';
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : `the server refused this page's address (HTTP ${reply.status}); its operator can allow it with --public-url`;
  return { refused: true, code, message };
}

// Which act/undo a `rate-limited` error refused, and when to send it again:
// the server did not handle it. null when the ref is not one this connection
// sent (or was already sent again too often).
export function rateLimitedRetry(
  frame: { ref?: unknown; retry_ms?: unknown },
  sent: SentMessages,
  maxResends = 3,
): { text: string; delayMs: number } | null {
  if (frame.ref === undefined || frame.ref === null) return null;
  const entry = sent.get(frame.ref);
  if (!entry || entry.resent >= maxResends) return null;
  const wait =
    typeof frame.retry_ms === 'number' && Number.isFinite(frame.retry_ms) && frame.retry_ms >= 0
      ? frame.retry_ms
      : 1000;
  entry.resent++;
  return { text: entry.text, delayMs: Math.min(wait, 10000) };
}

// The last few act/undo messages sent, by ref, for sending again.
export class SentMessages {
  private entries = new Map<string, { text: string; resent: number }>();
  constructor(private keep = 8) {}

  add(ref: unknown, text: string): void {
    const key = String(ref);
    this.entries.delete(key);
    this.entries.set(key, { text, resent: 0 });
    while (this.entries.size > this.keep) this.entries.delete(this.entries.keys().next().value as string);
  }

  get(ref: unknown): { text: string; resent: number } | undefined {
    return this.entries.get(String(ref));
  }

  get size(): number {
    return this.entries.size;
  }
}

export class TableConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  private ref = 0;
  private sent = new SentMessages();
  private base = ''; // the path of the node that runs the table, once a "moved" error named one
  private moved = false; // the server sent this socket elsewhere: reconnect at once
  private meterOn = false; // the person wants the coach's meter: asked for again on every join that offers it

  constructor(
    private table: string,
    private token: string | null,
    private on: ConnectionEvents,
    private name: string | null = null, // the name this person gives their seat on joining
  ) {}

  open(): void {
    this.stopped = false;
    this.on.status('connecting');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${this.base}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    let heard = false; // the server speaks first: nothing heard means the upgrade never happened
    socket.onopen = () => {
      const join: Record<string, unknown> = { type: 'join', table: this.table, protocol: 1 };
      if (this.token) join.token = this.token;
      if (this.token && this.name) join.name = this.name;
      socket.send(JSON.stringify(join));
    };
    socket.onmessage = (message) => {
      heard = true;
      const frame = JSON.parse(String(message.data));
      if (frame.type === 'joined') {
        this.attempt = 0;
        this.on.status('open');
        this.on.joined(frame);
        if (this.meterOn && frame.meter) this.send({ type: 'meter', on: true });
      } else if (frame.type === 'state') {
        this.on.state(frame);
      } else if (frame.type === 'meter') {
        this.on.meter(frame);
      } else if (PEOPLE.has(frame.type)) {
        this.on.people(frame);
      } else if (frame.type === 'error') {
        if (frame.code === 'moved') {
          // Not the person's concern: the table runs on another node (or is moving to one).
          this.base = movedPath(frame.url);
          this.moved = this.base !== '';
          return;
        }
        if (frame.code === 'rate-limited') {
          const retry = rateLimitedRetry(frame, this.sent);
          if (retry) {
            // not handled: the same message again, once the server has room
            setTimeout(() => {
              if (this.socket === socket && socket.readyState === WebSocket.OPEN) socket.send(retry.text);
            }, retry.delayMs);
            return;
          }
        }
        if (FATAL.has(frame.code)) this.stopped = true;
        // Refused (another seat has it): sent again, it would be refused on every reconnection.
        if (frame.code === 'name-taken' || frame.code === 'bad-name') this.name = null;
        this.on.error(frame.code, frame.message);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.on.status('closed');
      if (this.stopped) return;
      const now = this.moved;
      this.moved = false;
      const retry = () =>
        setTimeout(
          () => {
            if (!this.stopped) this.open();
          },
          now ? 0 : backoffMs(this.attempt++),
        );
      if (heard) return retry();
      if (this.base) {
        this.base = ''; // that node is gone: through whichever node answers
        return retry();
      }
      checkOrigin().then((reply) => {
        if (this.stopped) return;
        const verdict = originVerdict(reply);
        if (!verdict.refused) return retry();
        this.stopped = true;
        this.on.error(verdict.code, verdict.message);
      });
    };
  }

  act(version: number, action: number, seat: number | null): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    const message: Record<string, unknown> = { type: 'act', version, action, ref: ++this.ref };
    if (seat !== null) message.seat = seat;
    this.send(message);
    return true;
  }

  undo(version: number): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.send({ type: 'undo', version, ref: ++this.ref });
    return true;
  }

  // The coach's meter on or off, now if connected, and on every later join that offers it.
  setMeter(on: boolean): void {
    this.meterOn = on;
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.send({ type: 'meter', on });
  }

  // Chat, naming the seat, rematch, taking the seat back: false when not connected.
  say(
    message: { type: 'chat'; text: string } | { type: 'name'; name: string } | { type: 'rematch' | 'back' },
  ): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    if (message.type === 'name') this.name = message.name; // and on every later join
    this.send({ ...message, ref: ++this.ref });
    return true;
  }

  private send(message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    this.sent.add(message.ref, text);
    this.socket!.send(text);
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }
}
