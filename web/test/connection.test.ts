// The connection's decisions: when a refused WebSocket stops the reconnecting
// (the server's POST /api/origin-check says why), and which rate-limited
// message is sent again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SentMessages, TableConnection, movedPath, originVerdict, rateLimitedRetry } from '../src/connection';

const hint =
  "pages of 'http://127.0.0.1:8081' may not connect to this server; its operator can start it with --public-url http://127.0.0.1:8081";

describe('originVerdict: what POST /api/origin-check means for reconnecting', () => {
  it("a 403 bad-origin stops, with the server's message", () => {
    expect(originVerdict({ status: 403, body: { error: { code: 'bad-origin', message: hint } } })).toEqual({
      refused: true,
      code: 'bad-origin',
      message: hint,
    });
  });

  it('a 421 bad-host stops too', () => {
    const v = originVerdict({
      status: 421,
      body: { error: { code: 'bad-host', message: 'this server does not answer for x' } },
    });
    expect(v).toEqual({ refused: true, code: 'bad-host', message: 'this server does not answer for x' });
  });

  it("a refusal without a JSON body (a proxy's own page) still stops, with a message of its own", () => {
    const v = originVerdict({ status: 403, body: {} });
    expect(v.refused).toBe(true);
    if (v.refused) {
      expect(v.code).toBe('bad-origin');
      expect(v.message).toMatch(/HTTP 403.*--public-url/);
    }
    const h = originVerdict({ status: 421, body: null });
    expect(h.refused && h.code).toBe('bad-host');
  });

  it('allowed, no answer (server down or restarting), or another status: keep retrying', () => {
    expect(originVerdict({ status: 200, body: { allowed: true } })).toEqual({ refused: false });
    expect(originVerdict(null)).toEqual({ refused: false });
    for (const status of [404, 429, 500, 502, 503])
      expect(originVerdict({ status, body: {} })).toEqual({ refused: false });
  });
});

describe('rate-limited: the refused act/undo goes again after retry_ms', () => {
  it('keeps the last few messages by ref, the oldest dropped first', () => {
    const sent = new SentMessages(3);
    for (let ref = 1; ref <= 5; ref++) sent.add(ref, `m${ref}`);
    expect(sent.size).toBe(3);
    expect(sent.get(2)).toBeUndefined();
    expect(sent.get(5)?.text).toBe('m5');
    expect(sent.get('5')?.text).toBe('m5'); // a ref echoed as a string is the same ref
  });

  it('a ref this connection sent is sent again after retry_ms; an unknown ref or none is not', () => {
    const sent = new SentMessages();
    sent.add(7, '{"type":"act","version":3,"action":1,"ref":7}');
    expect(rateLimitedRetry({ ref: 7, retry_ms: 40 }, sent)).toEqual({
      text: '{"type":"act","version":3,"action":1,"ref":7}',
      delayMs: 40,
    });
    expect(rateLimitedRetry({ ref: 8, retry_ms: 40 }, sent)).toBeNull();
    expect(rateLimitedRetry({ retry_ms: 40 }, sent)).toBeNull();
  });

  it('a missing or odd retry_ms waits a second; a huge one at most 10 s', () => {
    const sent = new SentMessages();
    sent.add(1, 'a');
    sent.add(2, 'b');
    sent.add(3, 'c');
    expect(rateLimitedRetry({ ref: 1 }, sent)?.delayMs).toBe(1000);
    expect(rateLimitedRetry({ ref: 2, retry_ms: -5 }, sent)?.delayMs).toBe(1000);
    expect(rateLimitedRetry({ ref: 3, retry_ms: 3_600_000 }, sent)?.delayMs).toBe(10000);
  });

  it('one message is sent again at most a few times', () => {
    const sent = new SentMessages();
    sent.add(1, 'a');
    expect([1, 2, 3, 4].map(() => rateLimitedRetry({ ref: 1, retry_ms: 10 }, sent) !== null)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

// A stand-in for the browser's WebSocket and fetch, to follow the connection's wiring.
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

describe('TableConnection', () => {
  let errors: [string, string][];
  let statuses: string[];
  let people: string[];
  let readings: number[][];
  const events = () => ({
    joined() {},
    state() {},
    people(frame: { type: string }) {
      people.push(frame.type);
    },
    meter(frame: { chances: number[] }) {
      readings.push(frame.chances);
    },
    error(code: string, message: string) {
      errors.push([code, message]);
    },
    status(s: string) {
      statuses.push(s);
    },
  });

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    errors = [];
    statuses = [];
    people = [];
    readings = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: '127.0.0.1:8081' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for the coach meter on every join that offers it, and passes its readings on', () => {
    const c = new TableConnection('t1', 'tok', events());
    c.setMeter(true); // before the socket exists: only remembered
    c.open();
    const socket = FakeSocket.all[0];
    socket.open();
    socket.receive({ type: 'joined', table: 't1', meter: false });
    expect(socket.sent.some((text) => JSON.parse(text).type === 'meter')).toBe(false); // not offered here
    socket.receive({ type: 'joined', table: 't1', meter: true });
    expect(JSON.parse(socket.sent[socket.sent.length - 1])).toMatchObject({ type: 'meter', on: true });
    socket.receive({ type: 'meter', table: 't1', version: 3, seat: 0, chances: [0.5, 0.25, 0.25] });
    expect(readings).toEqual([[0.5, 0.25, 0.25]]);
    c.setMeter(false);
    expect(JSON.parse(socket.sent[socket.sent.length - 1])).toMatchObject({ type: 'meter', on: false });
  });

  it('a refused upgrade asks /api/origin-check, stops reconnecting and reports the reason', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ error: { code: 'bad-origin', message: hint } }), { status: 403 }),
    );
    vi.stubGlobal('fetch', fetch);
    const c = new TableConnection('t1', 'tok', events());
    c.open();
    FakeSocket.all[0].close(); // refused: closed before the server said anything
    await vi.runAllTimersAsync();
    expect(fetch).toHaveBeenCalledWith('/api/origin-check', expect.objectContaining({ method: 'POST', body: '{}' }));
    expect((fetch.mock.calls[0] as unknown[])[1]).toMatchObject({ headers: { 'Content-Type': 'application/json' } });
    expect(errors).toEqual([['bad-origin', hint]]);
    expect(FakeSocket.all.length).toBe(1); // no second attempt
  });

  it('a server that is down (no answer to the check) is tried again with backoff', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const c = new TableConnection('t1', 'tok', events());
    c.open();
    FakeSocket.all[0].close();
    await vi.runOnlyPendingTimersAsync();
    await vi.advanceTimersByTimeAsync(300);
    expect(FakeSocket.all.length).toBe(2);
    expect(errors).toEqual([]);
    c.close();
  });

  it('a dropped connection after the server spoke reconnects without asking', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const c = new TableConnection('t1', null, events());
    c.open();
    const s = FakeSocket.all[0];
    s.open();
    s.receive({ type: 'hello', protocol: 1 });
    s.close();
    await vi.advanceTimersByTimeAsync(300);
    expect(fetch).not.toHaveBeenCalled();
    expect(FakeSocket.all.length).toBe(2);
    c.close();
  });

  it('"moved" reconnects at once at the named node, not shown; that node gone, through any node again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const c = new TableConnection('t1', 'tok', events());
    c.open();
    const first = FakeSocket.all[0];
    expect(first.url).toBe('ws://127.0.0.1:8081/ws');
    first.open();
    first.receive({ type: 'error', code: 'moved', message: 'played on another server', url: '/node/b' });
    first.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all.length).toBe(2);
    expect(FakeSocket.all[1].url).toBe('ws://127.0.0.1:8081/node/b/ws');
    expect(errors).toEqual([]);
    FakeSocket.all[1].close(); // node b died: refused before it said anything
    await vi.advanceTimersByTimeAsync(300);
    expect(FakeSocket.all.length).toBe(3);
    expect(FakeSocket.all[2].url).toBe('ws://127.0.0.1:8081/ws');
    c.close();
  });

  it('movedPath follows only a plain path on this site', () => {
    expect(movedPath('/node/a')).toBe('/node/a');
    expect(movedPath('/n-1/b_2.c')).toBe('/n-1/b_2.c');
    for (const bad of ['//evil.example/x', 'https://evil.example', '/node/a/', '/a b', '/a?x', '/a/../b', '', 7, null])
      expect(movedPath(bad)).toBe('');
  });

  it('table-expired is fatal', async () => {
    const c = new TableConnection('t1', null, events());
    c.open();
    const s = FakeSocket.all[0];
    s.open();
    s.receive({ type: 'error', code: 'table-expired', message: 'closed; its record is at /api/tables/t1/record' });
    s.close();
    await vi.advanceTimersByTimeAsync(10000);
    expect(FakeSocket.all.length).toBe(1);
    expect(errors[0][0]).toBe('table-expired');
  });

  it('a rate-limited act is sent again after retry_ms, and not shown as an error', async () => {
    const c = new TableConnection('t1', 'tok', events());
    c.open();
    const s = FakeSocket.all[0];
    s.open();
    s.receive({ type: 'hello', protocol: 1 });
    expect(c.act(4, 2, null)).toBe(true);
    const act = s.sent[1];
    const ref = JSON.parse(act).ref;
    s.receive({ type: 'error', code: 'rate-limited', message: 'too many messages', ref, retry_ms: 120 });
    await vi.advanceTimersByTimeAsync(100);
    expect(s.sent.length).toBe(2);
    await vi.advanceTimersByTimeAsync(30);
    expect(s.sent.slice(2)).toEqual([act]);
    expect(errors).toEqual([]);
    s.receive({ type: 'error', code: 'rate-limited', message: 'too many messages', ref: 999, retry_ms: 120 });
    expect(errors).toEqual([['rate-limited', 'too many messages']]); // not ours: shown as before
    c.close();
  });

  it('a seat joins with its name, a spectator without; the people frames reach people()', () => {
    const seated = new TableConnection('t1', 'tok', events(), 'Ann');
    seated.open();
    const s = FakeSocket.all[0];
    s.open();
    expect(JSON.parse(s.sent[0])).toEqual({ type: 'join', table: 't1', protocol: 1, token: 'tok', name: 'Ann' });
    for (const type of ['presence', 'clock', 'chat', 'chat-history', 'stand-in', 'rematch', 'rematch-offer'])
      s.receive({ type });
    s.receive({ type: 'pong' });
    expect(people).toEqual(['presence', 'clock', 'chat', 'chat-history', 'stand-in', 'rematch', 'rematch-offer']);
    expect(seated.say({ type: 'name', name: 'Annie' })).toBe(true);
    expect(JSON.parse(s.sent[1])).toMatchObject({ type: 'name', name: 'Annie' });
    expect(seated.say({ type: 'chat', text: 'hi' })).toBe(true);
    expect(JSON.parse(s.sent[2])).toMatchObject({ type: 'chat', text: 'hi' });
    // The next join (a reconnection) carries the new name.
    s.close();
    seated.close();

    // A name the server refused (another seat has it) is not sent again: each reconnection would be refused anew.
    const refused = new TableConnection('t1', 'tok', events(), 'Ann');
    refused.open();
    const r = FakeSocket.all[FakeSocket.all.length - 1];
    r.open();
    r.receive({ type: 'joined' });
    r.receive({ type: 'error', code: 'name-taken', message: 'the name "Ann" is taken' });
    expect(errors[errors.length - 1]).toEqual(['name-taken', 'the name "Ann" is taken']);
    r.close();
    vi.runOnlyPendingTimers();
    const again = FakeSocket.all[FakeSocket.all.length - 1];
    expect(again).not.toBe(r);
    again.open();
    expect(JSON.parse(again.sent[0])).toEqual({ type: 'join', table: 't1', protocol: 1, token: 'tok' });
    refused.close();

    const watcher = new TableConnection('t1', null, events(), 'Ann');
    watcher.open();
    const w = FakeSocket.all[FakeSocket.all.length - 1];
    w.open();
    expect(JSON.parse(w.sent[0])).toEqual({ type: 'join', table: 't1', protocol: 1 });
    watcher.close();
  });
});
