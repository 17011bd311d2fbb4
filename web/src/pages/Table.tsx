import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { viewOf } from '../boards';
import { Board } from '../components/Board';
import { EndScreen } from '../components/EndScreen';
import { REFUSED, TableConnection } from '../connection';
import type { JoinedFrame, Legal, StateFrame } from '../types';
import { attach, followUpTargets, seatName } from '../view/board';
import { handOverDue, onlyPass, outOfTurnPrompt, shownSeat, turnLine, undoOffered } from '../view/turn';
import { RulesPage } from './Rules';
import { GAME_NAMES } from '../view/names';

declare global {
  interface Window {
    __bw?: { latencies: number[]; version: number; status: string };
  }
}
const stats: { latencies: number[]; version: number; status: string } = (window.__bw = {
  latencies: [],
  version: -1,
  status: 'connecting',
});

const SPECTATOR = -1; // the key of a spectator's frames

function loadLogs(table: string): Map<number, string[]> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(`bw-log-${table}`) ?? '[]'));
  } catch {
    return new Map();
  }
}

function saveLogs(table: string, logs: Map<number, string[]>): void {
  try {
    sessionStorage.setItem(`bw-log-${table}`, JSON.stringify([...logs]));
  } catch {
    /* private mode: the log just starts afresh */
  }
}

export function TablePage({ table, token }: { table: string; token: string | null }) {
  const [joined, setJoined] = useState<JoinedFrame | null>(null);
  const [frames, setFrames] = useState<Map<number, StateFrame>>(new Map());
  // The move log outlives a reload of the tab (the server sends no history on joining).
  const [logs, setLogs] = useState<Map<number, string[]>>(() => loadLogs(table));
  useEffect(() => saveLogs(table, logs), [table, logs]);
  const [status, setStatus] = useState('connecting');
  const [error, setError] = useState('');
  const [refused, setRefused] = useState(false); // the server will not talk to this page: a setting, not a glitch
  const [shown, setShown] = useState<number | null>(null);
  const [handOver, setHandOver] = useState(false);
  const [picking, setPicking] = useState<{ key: string; actions: Legal[] } | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [showRules, setShowRules] = useState(false);
  const [autoPass, setAutoPass] = useState(true);
  const connection = useRef<TableConnection | null>(null);
  const clickedAt = useRef<number | null>(null);
  const logEnd = useRef<HTMLOListElement | null>(null);

  useEffect(() => {
    const c = new TableConnection(table, token, {
      joined(frame) {
        setJoined(frame);
        setError('');
      },
      state(frame) {
        const key = frame.seat ?? SPECTATOR;
        setFrames((old) => {
          const before = old.get(key);
          if (before && frame.version < before.version)
            setLogs((logs) =>
              new Map(logs).set(key, [
                ...(logs.get(key) ?? []),
                `— Taken back: the game is at move ${frame.version} again.`,
              ]),
            );
          return new Map(old).set(key, frame);
        });
        if (frame.events.length)
          setLogs((old) => new Map(old).set(key, [...(old.get(key) ?? []), ...frame.events].slice(-300)));
      },
      error(code, message) {
        if (REFUSED.has(code)) setRefused(true);
        setError(code === 'not-your-turn' || (code === 'stale' && !message.includes('undo')) ? '' : message);
      },
      status(s) {
        setStatus(s);
        stats.status = s;
      },
    });
    connection.current = c;
    c.open();
    return () => c.close();
  }, [table, token]);

  const you = joined?.you ?? [];
  const names = useMemo(() => joined?.seats.map((s) => s.name) ?? [], [joined]);
  const anyFrame = [...frames.values()][0];
  const current = anyFrame?.current ?? null;
  const nextShown = shownSeat(you, current, shown);
  const hotseat = !!joined?.hotseat;
  useEffect(() => {
    if (nextShown !== shown) {
      if (handOverDue(hotseat, shown, nextShown)) setHandOver(true);
      setShown(nextShown);
    }
  }, [nextShown, shown, hotseat]);

  const frame = frames.get(shown ?? SPECTATOR) ?? anyFrame;
  const view = joined ? viewOf(joined.game) : undefined;
  const layout = useMemo(
    () => (frame && view ? view.layout(frame.observation, names, frame.seat) : null),
    [frame, view, names],
  );
  const targets = useMemo(
    () => (layout && view && frame && !handOver ? attach(layout, frame.legal, view.targetOf) : new Map()),
    [layout, view, frame, handOver],
  );

  // The log shows its newest lines.
  const logLength = logs.get(shown ?? SPECTATOR)?.length ?? 0;
  useEffect(() => {
    if (logEnd.current) logEnd.current.scrollTop = logEnd.current.scrollHeight;
  }, [logLength, shown]);

  // Click-to-updated-board time, read by the end-to-end test.
  const version = frame?.version;
  useEffect(() => {
    if (version === undefined) return;
    stats.version = version;
    if (clickedAt.current !== null) {
      stats.latencies.push(performance.now() - clickedAt.current);
      clickedAt.current = null;
    }
  }, [version]);

  const severalSeats = you.length > 1;
  const act = useCallback(
    (action: Legal) => {
      if (!frame) return;
      setPicking(null);
      setHint(null);
      clickedAt.current = performance.now();
      connection.current?.act(frame.version, action.id, severalSeats ? frame.seat : null);
    },
    [frame, severalSeats],
  );

  const pass = frame && !joined?.hotseat && autoPass ? onlyPass(frame.legal) : null;
  useEffect(() => {
    if (!pass) return;
    const timer = setTimeout(() => act(pass), 150); // long enough to see the window open, short enough not to wait on it
    return () => clearTimeout(timer);
  }, [pass, act]);

  // Keys 1–9 play the action list's first nine moves; Escape closes a choice.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.target instanceof HTMLInputElement ||
        e.target instanceof HTMLTextAreaElement ||
        e.target instanceof HTMLSelectElement
      )
        return;
      if (e.key === 'Escape') setPicking(null);
      const n = Number(e.key);
      if (frame && !handOver && n >= 1 && n <= 9 && frame.legal[n - 1]) act(frame.legal[n - 1]);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  if (!joined || !frame || !layout) {
    if (refused) {
      return (
        <main class="table-page">
          <div class="refused" role="alert">
            <h2>This page cannot connect to the game server</h2>
            <p>
              The server refuses connections from this page's address, so the table cannot open. Reloading will not
              help: it is a setting of the server (or of the proxy in front of it) that whoever runs it must change. The
              server says:
            </p>
            <p class="refused-reason">{error}</p>
          </div>
          <p>
            <a href="/">← lobby</a>
          </p>
        </main>
      );
    }
    return (
      <main class="table-page">
        <p class="status">{error || (status === 'closed' ? 'Connecting to the server…' : 'Joining the table…')}</p>
        <p>
          <a href="/">← lobby</a>
        </p>
      </main>
    );
  }

  // Hot-seat hand-over: nothing of the next person's view is drawn until they say it is them.
  if (handOver && shown !== null) {
    return (
      <main class="table-page">
        <div class="hand-over" role="dialog" aria-label="pass the device">
          <div>
            <h2>Pass the device to {seatName(names, shown)}</h2>
            <p>The next decision is {seatName(names, shown)}'s. Others, look away.</p>
            <button class="primary" id="hand-over-ok" onClick={() => setHandOver(false)}>
              I am {seatName(names, shown)}: show my hand
            </button>
          </div>
        </div>
      </main>
    );
  }

  const log = logs.get(shown ?? SPECTATOR) ?? [];
  const prompt = outOfTurnPrompt(frame, names);
  const title = GAME_NAMES[joined.game] ?? joined.game;
  return (
    <main class="table-page">
      <header class="table-header">
        <a href="/">← lobby</a>
        <h1>{title}</h1>
        <span class="who">{frame.seat === null ? 'watching' : `you are ${seatName(names, frame.seat)}`}</span>
        <button onClick={() => setShowRules(!showRules)} aria-expanded={showRules}>
          {showRules ? 'Hide how to play' : 'How to play'}
        </button>
        <span class={`conn conn-${status}`} role="status">
          {status === 'open' ? '● connected' : '○ reconnecting…'}
        </span>
      </header>
      <p class="turn-line" id="turn-line">
        {turnLine(frame, names, you)}
      </p>
      {prompt && (
        <p class="prompt" role="alert">
          {prompt}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class={`table-body ${showRules ? 'with-rules' : ''}`}>
        <div class="play-area">
          {frame.result && (
            <EndScreen result={frame.result} names={names} observation={frame.observation} table={table} you={you} />
          )}
          {layout.status.length > 0 && (
            <ul class="status-lines">
              {layout.status.map((s) => (
                <li>{s}</li>
              ))}
            </ul>
          )}
          <Board
            layout={layout}
            targets={picking && view?.followUpOf ? followUpTargets(picking.actions, view.followUpOf) : targets}
            onPick={(key, actions) => (actions.length === 1 ? act(actions[0]) : setPicking({ key, actions }))}
            onHint={setHint}
          />
        </div>
        <aside class="side">
          {picking && (
            <div class="picker" role="dialog" aria-label="choose a move">
              <h3>
                Choose
                {view?.followUpOf && followUpTargets(picking.actions, view.followUpOf).size
                  ? ' (or click where it goes on the board)'
                  : ''}
              </h3>
              {picking.actions.map((a) => (
                <button class="move" data-action={a.id} title={a.hint} onClick={() => act(a)}>
                  {a.text}
                  {a.hint && <small>{a.hint}</small>}
                </button>
              ))}
              <button onClick={() => setPicking(null)}>Cancel</button>
            </div>
          )}
          {!frame.result && (
            <div class="moves" aria-label="your moves">
              <h3>{frame.legal.length ? 'Your moves' : 'Moves'}</h3>
              <p class="hint" aria-live="polite">
                {hint ??
                  (frame.legal.length
                    ? 'Click a highlighted card, field or player on the board, or a move below (keys 1–9).'
                    : '')}
              </p>
              {frame.legal.map((a, i) => (
                <button
                  class={`move ${targets.has(view!.targetOf(a.text) ?? '') ? 'on-board' : ''}`}
                  data-action={a.id}
                  title={a.hint}
                  onMouseEnter={() => setHint(a.hint || a.text)}
                  onFocus={() => setHint(a.hint || a.text)}
                  onMouseLeave={() => setHint(null)}
                  onClick={() => act(a)}
                >
                  <kbd>{i < 9 ? i + 1 : ''}</kbd> {a.text}
                  {a.hint && <small>{a.hint}</small>}
                </button>
              ))}
              {undoOffered(joined.seats, you) && (
                <button
                  id="undo"
                  class="undo"
                  title="take back your last move and the bots' moves after it"
                  onClick={() => {
                    setError('');
                    connection.current?.undo(frame.version);
                  }}
                >
                  Undo my last move
                </button>
              )}
              {!joined.hotseat && frame.seat !== null && (
                <label class="small">
                  <input
                    type="checkbox"
                    checked={autoPass}
                    onChange={(e) => setAutoPass((e.target as HTMLInputElement).checked)}
                  />{' '}
                  pass by itself when passing is the only move
                </label>
              )}
            </div>
          )}
          <div class="log" aria-label="move log">
            <h3>What happened</h3>
            <ol ref={logEnd} start={Math.max(1, log.length - 59)}>
              {log.slice(-60).map((line) => (
                <li>{line}</li>
              ))}
            </ol>
          </div>
        </aside>
        {showRules && (
          <aside class="rules-side">
            <RulesPage game={joined.game} />
          </aside>
        )}
      </div>
    </main>
  );
}
