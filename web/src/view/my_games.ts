// "My games": the table links this browser was given (its own seats', a
// hot-seat table's, and the ones it made for friends), kept in the browser
// (src/prefs.ts) so a private table is not lost when its tab closes.
import { loadMyGames, saveMyGames } from '../prefs';

export interface MyGame {
  table: string;
  game: string;
  url: string; // the link to open: /play/<table>#token=...
  token: string;
  seats: number[]; // the seats the link holds
  invites: { seat: number; url: string }[]; // links made for friends, to copy again
  spectator?: string; // the watch-only link, when this browser made the table
  added: number; // ms since the epoch
}

const KEEP = 50; // the newest tables; older ones drop off

// The stored list; anything that is not a list of well-formed entries is ignored, never trusted.
export function myGames(): MyGame[] {
  const raw = loadMyGames();
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (g): g is MyGame =>
      !!g &&
      typeof g.table === 'string' &&
      /^[0-9a-z-]{1,64}$/.test(g.table) &&
      typeof g.game === 'string' &&
      typeof g.url === 'string' &&
      g.url.startsWith(`/play/${g.table}`) &&
      typeof g.token === 'string' &&
      Array.isArray(g.seats) &&
      Array.isArray(g.invites) &&
      typeof g.added === 'number',
  );
}

// Adds or updates a table (newest first), merging what was known about it.
export function rememberGame(
  entry: Omit<MyGame, 'added' | 'invites' | 'seats'> & Partial<MyGame>,
  now = Date.now(),
): MyGame[] {
  const all = myGames();
  const before = all.find((g) => g.table === entry.table);
  const merged: MyGame = {
    seats: [],
    invites: [],
    ...before,
    ...Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)),
    added: before?.added ?? now,
  } as MyGame;
  const list = [merged, ...all.filter((g) => g.table !== entry.table)].slice(0, KEEP);
  saveMyGames(list);
  return list;
}

export function forgetGame(table: string): MyGame[] {
  const list = myGames().filter((g) => g.table !== table);
  saveMyGames(list);
  return list;
}

// The token this browser holds for a table (a seat's, a hot-seat table's, or
// the watch-only link of a table it made), or null: what proves a seat where
// the page has no link to hand, as on a finished table's replay.
export function tokenOf(table: string): string | null {
  return myGames().find((g) => g.table === table)?.token || null;
}
