// Everything the page keeps in the browser, each under the one key named here.
// Storage may be missing or may refuse (private mode, storage turned off, a
// full quota): a read then gives the default and a write is dropped, so the
// choice lasts this page only and storage never throws into the UI.
import type { AlertChoice } from './view/alerts';

type Area = 'localStorage' | 'sessionStorage';

// localStorage: kept by the browser across tabs and restarts.
const NAME = 'bw-name'; // the person's name, given in the lobby or at a table
const FAST_BOTS = 'bw-fast-bots'; // '1': other players' moves shown at once, not one at a time
const CHAT_MUTED = 'bw-chat-muted'; // '1': the chat's lines hidden
const COACH_METER = 'bw-coach-meter'; // '1': the coach's meter on at tables of bots
const ALERT_SOUND = 'bw-alert-sound'; // '1': a sound when a decision becomes the person's
const ALERT_NOTIFY = 'bw-alert-notify'; // '1': a notification then, while the tab is hidden
const MY_GAMES = 'bw-my-games'; // JSON: "My games" (src/view/my_games.ts checks what it reads)
const PLAY_NOW = 'bw-play-now'; // JSON: the Play now form's last choices (src/view/meeting.ts checks them)
// sessionStorage: this tab only.
const PLAY_NOW_WAITING = 'bw-play-now-waiting'; // '1': this tab was waiting in Play now (a reload then follows the seat)
// The server sends no history on joining, so a reload keeps the log from here.
const tableLogKey = (table: string) => `bw-log-${table}`; // JSON: [seat, lines][]

// The storage itself is read inside the try: where the browser forbids it, even reading the property throws.
function read(area: Area, key: string): string | null {
  try {
    return globalThis[area].getItem(key);
  } catch {
    return null;
  }
}

function write(area: Area, key: string, value: string | null): void {
  try {
    if (value === null) globalThis[area].removeItem(key);
    else globalThis[area].setItem(key, value);
  } catch {
    /* refused or full: the value lasts this page only */
  }
}

function readJson(area: Area, key: string): unknown {
  const text = read(area, key);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const readFlag = (key: string): boolean => read('localStorage', key) === '1';
const writeFlag = (key: string, on: boolean): void => write('localStorage', key, on ? '1' : '0');

// '' when none was given.
export const loadName = (): string => read('localStorage', NAME) ?? '';
// A blank name forgets the one kept.
export const saveName = (name: string | null): void => write('localStorage', NAME, name || null);

export const loadFastBots = (): boolean => readFlag(FAST_BOTS);
export const saveFastBots = (on: boolean): void => writeFlag(FAST_BOTS, on);

export const loadCoachMeter = (): boolean => readFlag(COACH_METER);
export const saveCoachMeter = (on: boolean): void => writeFlag(COACH_METER, on);

export const loadChatMuted = (): boolean => readFlag(CHAT_MUTED);
export const saveChatMuted = (on: boolean): void => writeFlag(CHAT_MUTED, on);

export function loadAlertChoice(): AlertChoice {
  return { sound: readFlag(ALERT_SOUND), notify: readFlag(ALERT_NOTIFY) };
}

export function saveAlertChoice(choice: AlertChoice): void {
  writeFlag(ALERT_SOUND, choice.sound);
  writeFlag(ALERT_NOTIFY, choice.notify);
}

// Unchecked: null when nothing (or no JSON) is kept; src/view/my_games.ts keeps only well-formed entries.
export const loadMyGames = (): unknown => readJson('localStorage', MY_GAMES);
export const saveMyGames = (list: unknown[]): void => write('localStorage', MY_GAMES, JSON.stringify(list));

export const loadPlayNowWaiting = (): boolean => read('sessionStorage', PLAY_NOW_WAITING) === '1';
export const savePlayNowWaiting = (on: boolean): void => write('sessionStorage', PLAY_NOW_WAITING, on ? '1' : null);

// Unchecked: initialPlayNow (src/view/meeting.ts) keeps only the choices it knows.
export const loadPlayNow = (): unknown => readJson('localStorage', PLAY_NOW);
export const savePlayNow = (choices: unknown): void => write('localStorage', PLAY_NOW, JSON.stringify(choices));

// Each seat's move log of a table, by seat key (src/view/table_state.ts).
export function loadTableLogs(table: string): Map<number, string[]> {
  try {
    return new Map((readJson('sessionStorage', tableLogKey(table)) ?? []) as [number, string[]][]);
  } catch {
    return new Map(); // not a list of pairs
  }
}

export function saveTableLogs(table: string, logs: Map<number, string[]>): void {
  write('sessionStorage', tableLogKey(table), JSON.stringify([...logs]));
}
