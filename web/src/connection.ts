// One WebSocket to one table, joined with a token, that reconnects by itself
// (after a dropped connection or a server restart) and joins again: the server
// then sends the current state.
import type { JoinedFrame, StateFrame } from './types';

export interface ConnectionEvents {
  joined(frame: JoinedFrame): void;
  state(frame: StateFrame): void;
  error(code: string, message: string): void;
  status(status: 'connecting' | 'open' | 'closed'): void;
}

// Waits between reconnection attempts: quick at first, then at most 5 s.
export function backoffMs(attempt: number): number {
  return Math.min(5000, 250 * 2 ** Math.min(attempt, 5));
}

const FATAL = new Set(['unknown-table', 'table-finished', 'bad-token', 'replaced', 'bad-protocol']);

export class TableConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  private ref = 0;

  constructor(private table: string, private token: string | null, private on: ConnectionEvents) {}

  open(): void {
    this.stopped = false;
    this.on.status('connecting');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      const join: Record<string, unknown> = { type: 'join', table: this.table, protocol: 1 };
      if (this.token) join.token = this.token;
      socket.send(JSON.stringify(join));
    };
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data));
      if (frame.type === 'joined') {
        this.attempt = 0;
        this.on.status('open');
        this.on.joined(frame);
      } else if (frame.type === 'state') {
        this.on.state(frame);
      } else if (frame.type === 'error') {
        if (FATAL.has(frame.code)) this.stopped = true;
        this.on.error(frame.code, frame.message);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.on.status('closed');
      if (this.stopped) return;
      setTimeout(() => { if (!this.stopped) this.open(); }, backoffMs(this.attempt++));
    };
  }

  act(version: number, action: number, seat: number | null): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    const message: Record<string, unknown> = { type: 'act', version, action, ref: ++this.ref };
    if (seat !== null) message.seat = seat;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  undo(version: number): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify({ type: 'undo', version, ref: ++this.ref }));
    return true;
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }
}
