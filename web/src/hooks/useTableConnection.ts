// The table page's connection: joins the table, keeps the frames and move
// logs (src/view/table_state.ts; the logs outlive a reload of the tab, since
// the server sends no history on joining) and the connection's status and
// last error, and sends moves and undos.
import type { RefObject } from 'preact';
import { useCallback, useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { REFUSED, TableConnection } from '../connection';
import { e2eStats } from '../e2e_stats';
import {
  loadCoachMeter,
  loadFastBots,
  loadName,
  loadTableLogs,
  saveCoachMeter,
  saveFastBots,
  saveTableLogs,
} from '../prefs';
import type { JoinedFrame, MeterFrame } from '../types';
import { Pacer, paceFor } from '../view/pacer';
import { initialTableState, tableReducer, type TableState } from '../view/table_state';
import { initialPeople, peopleReducer, type PeopleState } from '../view/people';
import type { StateFrame } from '../types';

// An error the page does not show: a move that lost a race with another.
const quiet = (code: string, message: string) =>
  code === 'not-your-turn' || (code === 'stale' && !message.includes('undo'));

export interface TableConnectionState extends TableState {
  people: PeopleState;
  chat(text: string): boolean;
  rename(name: string): boolean;
  rematch(): boolean;
  back(): boolean;
  joined: JoinedFrame | null;
  status: 'connecting' | 'open' | 'closed';
  error: string;
  refused: boolean; // the server will not talk to this page: a setting, not a glitch
  clearError(): void;
  act(version: number, action: number, seat: number | null): void;
  undo(version: number): void;
  fast: boolean; // other players' moves shown at once, not one at a time
  setFast(fast: boolean): void;
  meterOn: boolean; // the coach's meter wanted (remembered by the browser)
  meter: MeterFrame | null; // its last reading (null while off)
  setMeterOn(on: boolean): void;
}

// The frames and each seat's log; the logs are kept for the tab, since the server sends no history on joining.
function useTableState(table: string) {
  const [state, dispatch] = useReducer(tableReducer, table, (t) => initialTableState(loadTableLogs(t)));
  useEffect(() => saveTableLogs(table, state.logs), [table, state.logs]);
  return [state, dispatch] as const;
}

// Whether other players' moves show at once ("fast") or one at a time, remembered by the browser;
// the pacer reads the ref, and turning fast on shows at once what it holds.
function useFastBots(pacer: RefObject<Pacer<StateFrame> | null>) {
  const [fast, setFastState] = useState(loadFastBots);
  const fastRef = useRef(fast);
  const setFast = useCallback(
    (on: boolean) => {
      fastRef.current = on;
      setFastState(on);
      if (on) pacer.current?.flush();
      saveFastBots(on);
    },
    [pacer],
  );
  return { fast, fastRef, setFast };
}

// The coach's meter: wanted or not (remembered by the browser, asked for on
// every join that offers it), and its last reading.
function useCoachMeter(connection: RefObject<TableConnection | null>) {
  const [meterOn, setOn] = useState(loadCoachMeter);
  const [meter, setMeter] = useState<MeterFrame | null>(null);
  const setMeterOn = useCallback(
    (on: boolean) => {
      setOn(on);
      saveCoachMeter(on);
      if (!on) setMeter(null);
      connection.current?.setMeter(on);
    },
    [connection],
  );
  return { meterOn, meter, setMeter, setMeterOn };
}

// Chat, naming the seat, rematch, taking the seat back: stable, they read the connection through its ref.
function useSayings(connection: RefObject<TableConnection | null>) {
  const chat = useCallback((text: string) => connection.current?.say({ type: 'chat', text }) ?? false, [connection]);
  const rename = useCallback((name: string) => connection.current?.say({ type: 'name', name }) ?? false, [connection]);
  const rematch = useCallback(() => connection.current?.say({ type: 'rematch' }) ?? false, [connection]);
  const back = useCallback(() => connection.current?.say({ type: 'back' }) ?? false, [connection]);
  return { chat, rename, rematch, back };
}

export function useTableConnection(table: string, token: string | null): TableConnectionState {
  const [joined, setJoined] = useState<JoinedFrame | null>(null);
  const [state, dispatch] = useTableState(table);
  const [people, dispatchPeople] = useReducer(peopleReducer, initialPeople);
  const [status, setStatus] = useState<TableConnectionState['status']>('connecting');
  const [error, setError] = useState('');
  const [refused, setRefused] = useState(false);
  const connection = useRef<TableConnection | null>(null);
  const pacer = useRef<Pacer<StateFrame> | null>(null);
  const { fast, fastRef, setFast } = useFastBots(pacer);
  const { setMeter, ...coach } = useCoachMeter(connection);
  const sayings = useSayings(connection);

  useEffect(() => {
    const c = new TableConnection(
      table,
      token,
      {
        joined(frame) {
          setJoined(frame);
          setError('');
        },
        state(frame) {
          pacer.current?.push(frame);
        },
        people(frame) {
          dispatchPeople({ frame, now: performance.now() });
        },
        meter: setMeter,
        error(code, message) {
          if (REFUSED.has(code)) setRefused(true);
          setError(quiet(code, message) ? '' : message);
        },
        status(s) {
          setStatus(s);
          if (e2eStats) e2eStats.status = s;
        },
      },
      loadName() || null, // the name this browser's person gave, sent when joining a seat
    );
    connection.current = c;
    c.setMeter(loadCoachMeter()); // asked for on joining, where the table offers it
    pacer.current = new Pacer<StateFrame>(
      (frame) => dispatch({ type: 'state', frame }),
      (frame) => (fastRef.current ? 0 : paceFor(frame)),
    );
    c.open();
    return () => {
      c.close();
      pacer.current?.dispose();
    };
  }, [table, token, fastRef, dispatch, setMeter]); // these stay the same for the page's life

  // Stable: they read the connection through its ref.
  const act = useCallback((version: number, action: number, seat: number | null) => {
    pacer.current?.acted();
    connection.current?.act(version, action, seat);
  }, []);
  const undo = useCallback((version: number) => connection.current?.undo(version), []);
  const clearError = useCallback(() => setError(''), []);

  return {
    ...state,
    people,
    joined,
    status,
    error,
    refused,
    clearError,
    act,
    undo,
    fast,
    setFast,
    ...coach,
    ...sayings,
  };
}
