import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { viewOf } from '../boards';
import { Board } from '../components/Board';
import { EndScreen } from '../components/EndScreen';
import { HandOver } from '../components/HandOver';
import { MovesPanel } from '../components/MovesPanel';
import { e2eStats } from '../e2e_stats';
import { useTableConnection } from '../hooks/useTableConnection';
import type { LastMove, Legal } from '../types';
import { attach, buttonMoves, followUpTargets, lastMoveMarks, numberKeys, previewOf, seatName } from '../view/board';
import { GAME_NAMES } from '../view/names';
import { anyFrame, keyOf, logOf } from '../view/table_state';
import { handOverDue, outOfTurnPrompt, shownSeat, sinceLastMove, turnLine, undoOffered } from '../view/turn';
import { rememberGame } from '../view/my_games';
import { currentNames, standInLines, stoodIn } from '../view/people';
import { checkName } from '../view/names';
import { loadAlertChoice, saveAlertChoice, saveName } from '../prefs';
import { PeopleBar } from '../components/PeopleBar';
import { ChatPanel } from '../components/ChatPanel';
import { Rematch } from '../components/Rematch';
import { alertsFor, playTurnSound, showTurnNotification, type AlertChoice } from '../view/alerts';
import { ICON_IDLE, showTab, tabState } from '../view/tab';
import { RulesPage } from './Rules';

// One of the page's remembered switches (fast, sound, notify me) in the header.
function Toggle(props: { label: string; title: string; checked: boolean; onChange(on: boolean): void; cls?: string }) {
  return (
    <label class={`small ${props.cls ?? ''}`} title={props.title}>
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)}
      />{' '}
      {props.label}
    </label>
  );
}

// The rematch's link: a page of its own (the router opens the new table).
const goTo = (url: string) => location.assign(url);

// A person at a seat with no name of theirs gives one; it is kept for the next tables too.
function NameYourself({ onName }: { onName(name: string): boolean }) {
  const [typed, setTyped] = useState('');
  const checked = checkName(typed);
  const submit = (e: Event) => {
    e.preventDefault();
    if (!checked.name) return;
    saveName(checked.name);
    onName(checked.name);
  };
  return (
    <form class="name-yourself small" onSubmit={submit}>
      <label>
        Your name at this table{' '}
        <input
          id="seat-name"
          type="text"
          maxLength={64}
          value={typed}
          aria-invalid={checked.problem ? 'true' : undefined}
          onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
        />
      </label>{' '}
      <button type="submit" disabled={!checked.name}>
        Save
      </button>
      {checked.problem && <span class="warn"> {checked.problem}</span>}
    </form>
  );
}

export function TablePage({ table, token }: { table: string; token: string | null }) {
  const connection = useTableConnection(table, token);
  const { joined, frames, status, error, refused } = connection;
  const [shown, setShown] = useState<number | null>(null);
  const [handOver, setHandOver] = useState(false);
  const [picking, setPicking] = useState<{ key: string; actions: Legal[] } | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null); // where a pointed-at move leads
  const [showRules, setShowRules] = useState(false);
  const clickedAt = useRef<number | null>(null);
  const logEnd = useRef<HTMLOListElement | null>(null);

  const you = joined?.you ?? [];
  const presence = connection.people.presence;
  const names = useMemo(() => currentNames(presence, joined?.seats.map((s) => s.name) ?? []), [joined, presence]);
  const first = anyFrame(connection);
  const current = first?.current ?? null;
  const nextShown = shownSeat(you, current, shown);
  const hotseat = !!joined?.hotseat;
  useEffect(() => {
    if (nextShown !== shown) {
      if (handOverDue(hotseat, shown, nextShown)) setHandOver(true);
      setShown(nextShown);
    }
  }, [nextShown, shown, hotseat]);

  const frame = frames.get(keyOf(shown)) ?? first;
  const view = joined ? viewOf(joined.game) : undefined;
  const layout = useMemo(
    () => (frame && view ? view.layout(frame.observation, names, frame.seat) : null),
    [frame, view, names],
  );
  const targets = useMemo(
    () => (layout && view && frame && !handOver && status === 'open' ? attach(layout, frame.legal) : new Map()),
    [layout, view, frame, handOver, status],
  );

  // A table opened with its link joins "My games" in the lobby (a friend's invite included).
  const joinedGame = joined?.game;
  const heldSeats = you.join(',');
  useEffect(() => {
    if (!joinedGame || !token) return;
    rememberGame({
      table,
      game: joinedGame,
      url: location.pathname + location.hash,
      token,
      seats: heldSeats ? heldSeats.split(',').map(Number) : [],
    });
  }, [table, token, joinedGame, heldSeats]);

  // The tab's title and icon say when a decision is the person's.
  const {
    title: tabTitle,
    icon: tabIcon,
    yours,
  } = tabState(frame, you, GAME_NAMES[joined?.game ?? ''] ?? 'Bellwether', status === 'open');
  useEffect(() => showTab({ title: tabTitle, icon: tabIcon }), [tabTitle, tabIcon]);
  // A sound and a notification, if the person asked for them, as a decision becomes theirs.
  const [alertChoice, setAlertChoice] = useState<AlertChoice>(loadAlertChoice);
  const wasYours = useRef(false);
  useEffect(() => {
    const permission = typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
    const due = alertsFor(wasYours.current, yours, document.hidden, alertChoice, permission);
    wasYours.current = yours;
    if (due.sound) playTurnSound();
    if (due.notification) showTurnNotification(tabTitle, 'A decision waits for you at the table.');
  }, [yours, alertChoice, tabTitle]);
  const chooseAlerts = (choice: AlertChoice) => {
    saveAlertChoice(choice);
    setAlertChoice(choice);
    if (choice.notify && typeof Notification !== 'undefined' && Notification.permission === 'default')
      void Notification.requestPermission();
  };
  useEffect(() => () => showTab({ title: 'Bellwether', icon: ICON_IDLE }), []);

  // Each seat's last move stays marked until the person's next move (an undo clears them).
  const [lastMoves, setLastMoves] = useState<Map<number, LastMove>>(new Map());
  const last = frame?.last;
  useEffect(() => {
    if (last === undefined) return;
    setLastMoves((before) => (last === null ? new Map() : new Map(before).set(last.seat, last)));
  }, [frame?.version, last]);
  const marks = useMemo(
    () =>
      layout ? lastMoveMarks(layout, [...lastMoves.values()], names, frame?.seat ?? null) : new Map<string, string[]>(),
    [layout, lastMoves, names, frame?.seat],
  );

  // The log shows its newest lines.
  const log = logOf(connection, shown);
  // Where "since your last move" starts: the log's length once the person's own move was shown.
  const [mark, setMark] = useState<number | null>(null);
  const awaitingOwnMove = useRef(false);
  useEffect(() => {
    if (awaitingOwnMove.current) {
      awaitingOwnMove.current = false;
      setMark(log.length);
    }
  }, [frame?.version, log.length]);
  useEffect(() => {
    if (logEnd.current) logEnd.current.scrollTop = logEnd.current.scrollHeight;
  }, [log.length, shown]);

  // Click-to-updated-board time, read by the end-to-end run.
  const version = frame?.version;
  useEffect(() => {
    if (version === undefined || !e2eStats) return;
    e2eStats.version = version;
    e2eStats.shown.push({
      version,
      at: performance.now(),
      mine: clickedAt.current !== null,
      scored: document.querySelector('.zone.scored') !== null,
    });
    if (clickedAt.current !== null) {
      e2eStats.latencies.push(performance.now() - clickedAt.current);
      clickedAt.current = null;
    }
  }, [version]);

  const severalSeats = you.length > 1;
  const send = connection.act;
  const act = useCallback(
    (action: Legal) => {
      if (!frame) return;
      setPicking(null);
      setHint(null);
      setPreview(null);
      setLastMoves(new Map());
      clickedAt.current = performance.now();
      awaitingOwnMove.current = true;
      send(frame.version, action.id, severalSeats ? frame.seat : null);
    },
    [frame, severalSeats, send],
  );

  // Number keys play moves (numberKeys: a printed card's digit, else the list's first nine); Escape closes a choice.
  const keys = useMemo(
    () => numberKeys(frame && !handOver && status === 'open' ? frame.legal : []),
    [frame, handOver, status],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.target instanceof HTMLInputElement ||
        e.target instanceof HTMLTextAreaElement ||
        e.target instanceof HTMLSelectElement
      )
        return;
      if (e.key === 'Escape') setPicking(null);
      const move = keys.get(e.key.toLowerCase());
      if (move && !e.altKey && !e.ctrlKey && !e.metaKey) act(move);
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

  if (handOver && shown !== null) return <HandOver name={seatName(names, shown)} onReady={() => setHandOver(false)} />;

  const online = status === 'open';
  const mine = stoodIn(presence, you);
  const standIns = standInLines(presence);
  // A person holding one seat still named "P2" may name it (the lobby's name, if given, was sent on joining).
  const nameless = you.length === 1 && /^P\d+$/.test(names[you[0]] ?? '') && !hotseat;
  const prompt = online ? outOfTurnPrompt(frame, names) : null;
  const since = frame.legal.length && !frame.result ? sinceLastMove(log, mark) : { lines: [], more: 0 };
  const secondClicks = picking ? followUpTargets(picking.actions) : new Map<string, Legal[]>();
  const buttons = handOver || picking || !online ? [] : buttonMoves(frame.legal);
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
        <Toggle
          cls="fast-bots"
          label="fast"
          title="show other players' moves at once instead of one at a time"
          checked={connection.fast}
          onChange={connection.setFast}
        />
        <Toggle
          label="sound"
          title="a short sound when a decision becomes yours"
          checked={alertChoice.sound}
          onChange={(sound) => chooseAlerts({ ...alertChoice, sound })}
        />
        <Toggle
          label="notify me"
          title="a browser notification when a decision becomes yours while this tab is hidden"
          checked={alertChoice.notify}
          onChange={(notify) => chooseAlerts({ ...alertChoice, notify })}
        />
        <span class={`conn conn-${status}`} role="status">
          {status === 'open' ? '● connected' : '○ reconnecting…'}
        </span>
      </header>
      {presence && <PeopleBar presence={presence} clocks={connection.people.clocks} />}
      {nameless && <NameYourself onName={connection.rename} />}
      {mine ? (
        <div class="stood-in" role="alert">
          A bot is playing your seat: you {mine === 'clock' ? 'ran out of time' : 'were away on your turn'}.{' '}
          <button class="primary" id="take-back" onClick={() => connection.back()}>
            Take my seat back
          </button>
        </div>
      ) : (
        standIns.map((line) => (
          <p class="stand-in-note small" role="status">
            {line}
          </p>
        ))
      )}
      <p class="turn-line" id="turn-line" aria-live="polite">
        {turnLine(frame, names, you, online)}
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
          {frame.result && (
            <Rematch
              people={connection.people}
              names={names}
              seated={you.length > 0}
              onAsk={connection.rematch}
              onGo={goTo}
            />
          )}
          {since.lines.length > 0 && (
            <div class="since" aria-label="since your last move">
              <h3>Since your last move</h3>
              <ul>
                {since.more > 0 && <li class="small">{since.more} earlier (in the log), then:</li>}
                {since.lines.map((line) => (
                  <li>{line}</li>
                ))}
              </ul>
            </div>
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
            targets={secondClicks.size ? secondClicks : targets}
            onPick={(key, actions) => (actions.length === 1 ? act(actions[0]) : setPicking({ key, actions }))}
            onHint={setHint}
            marks={marks}
            preview={preview}
            onPreview={setPreview}
          />
          {buttons.length > 0 && (
            <div class="decision-bar" role="group" aria-label="moves without a piece">
              {buttons.map((a) => {
                const ahead = previewOf(layout, a);
                const point = (on: boolean) => {
                  setHint(on ? a.hint || a.text : null);
                  setPreview(on && ahead ? ahead.key : null);
                };
                return (
                  <button
                    class="decision"
                    data-action={a.id}
                    data-kind={a.target.kind}
                    title={a.hint}
                    onMouseEnter={() => point(true)}
                    onFocus={() => point(true)}
                    onMouseLeave={() => point(false)}
                    onBlur={() => point(false)}
                    onClick={() => act(a)}
                  >
                    {a.text}
                    {ahead && <small class={`ahead ${ahead.key === 'square:off' ? 'off' : ''}`}> {ahead.text}</small>}
                  </button>
                );
              })}
            </div>
          )}
        </div>
        <aside class="side">
          {picking && (
            <div class="picker" role="dialog" aria-label="choose a move">
              <h3>
                Choose
                {secondClicks.size ? ' (or click where it goes on the board)' : ''}
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
          {!frame.result && view && (
            <MovesPanel
              legal={online ? frame.legal : []}
              onBoard={targets}
              keys={keys}
              hint={hint}
              onHint={setHint}
              onAct={act}
              onUndo={
                undoOffered(joined.seats, you, hotseat)
                  ? () => {
                      connection.clearError();
                      connection.undo(frame.version);
                    }
                  : null
              }
            />
          )}
          <div class="log" aria-label="move log">
            <h3>What happened</h3>
            <ol
              ref={logEnd}
              tabIndex={0}
              start={Math.max(1, log.length - 59)}
              aria-live="polite"
              aria-relevant="additions"
            >
              {log.slice(-60).map((line) => (
                <li>{line}</li>
              ))}
            </ol>
          </div>
          {joined.chat && (
            <ChatPanel lines={connection.people.chat} canWrite={you.length > 0} onSend={connection.chat} />
          )}
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
