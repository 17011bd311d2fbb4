// Accounts over HTTP (docs/protocol.md, "Accounts"): the session is an
// HttpOnly cookie the browser keeps and sends by itself, so this page never
// sees it; it only asks who is signed in. Every call throws an Error whose
// message is the server's own sentence, ready to show.
import { useEffect, useState } from 'preact/hooks';
import { getJson, ServerRefusal } from './api';

export interface Me {
  id: string;
  name: string;
  created: number; // unix ms
}

export interface SessionInfo {
  id: string;
  created: number;
  seen: number;
  expires: number;
  agent: string;
  current: boolean;
}

export interface AccountGame {
  table: string;
  game: string;
  seat: number;
  names: string[];
  created: number; // unix s
  actions: number;
  finished: boolean;
  expired: boolean;
  url?: string; // a game still running: no link needed when signed in
  replay?: string; // a game that ended
}

// One call of the account's API (and of the others that need the session: meeting.ts).
export function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin' };
  // Every change carries JSON, a DELETE too: the server's cross-site check asks for it.
  if (method !== 'GET') {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body ?? {});
  }
  return getJson<T>(url, init);
}

// Who is signed in: null for a guest (or a session that ended).
export async function fetchMe(): Promise<Me | null> {
  try {
    return await call<Me>('GET', '/api/me');
  } catch (e) {
    if (e instanceof ServerRefusal && e.code === 'not-signed-in') return null;
    throw e;
  }
}

export const createAccount = (name: string, password: string) => call<Me>('POST', '/api/accounts', { name, password });
export const signIn = (name: string, password: string) => call<Me>('POST', '/api/session', { name, password });
export const signOut = () => call<{ signed_out: boolean }>('DELETE', '/api/session');
export const changePassword = (password: string, newPassword: string) =>
  call<{ changed: boolean }>('POST', '/api/me/password', { password, new_password: newPassword });
export const deleteAccount = (password: string) => call<{ deleted: string }>('DELETE', '/api/me', { password });
export const fetchSessions = () => call<{ sessions: SessionInfo[] }>('GET', '/api/me/sessions').then((b) => b.sessions);
export const endSession = (id: string) =>
  call<{ ended: string }>('DELETE', `/api/me/sessions/${encodeURIComponent(id)}`);
export const fetchAccountGames = () => call<{ games: AccountGame[] }>('GET', '/api/me/games').then((b) => b.games);
export const fetchMyData = () => call<unknown>('GET', '/api/me/data');

export interface MeState {
  me: Me | null;
  loading: boolean;
  reload: () => void;
}

// The signed-in person, asked for once per page (and again after a change).
export function useMe(): MeState {
  const [me, setMe] = useState<Me | null>(null);
  const [loading, setLoading] = useState(true);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    fetchMe()
      .then((m) => live && setMe(m))
      .catch(() => live && setMe(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [asked]);
  return { me, loading, reload: () => setAsked((n) => n + 1) };
}

// Ratings (docs/ratings.md): a player's per game, their rated games, and a game's leaderboard.
export interface RatingInfo {
  game: string;
  rating: number; // mu - 3 sigma, one decimal: the number people see
  mu: number;
  sigma: number;
  games: number;
  provisional: boolean;
}
export interface RatedGame {
  table: string;
  game: string;
  at: number; // unix ms
  rating: number; // after this game
  rank: number;
  players: number;
}
export interface Profile {
  name: string;
  created: number;
  ratings: RatingInfo[];
  history: RatedGame[]; // newest first
}
export interface LeaderboardRow {
  place: number;
  name: string;
  rating: number;
  games: number;
}

export const fetchProfile = (name: string) => call<Profile>('GET', `/api/players/${encodeURIComponent(name)}`);
export const fetchLeaderboard = (game: string) =>
  call<{ game: string; players: LeaderboardRow[] }>('GET', `/api/leaderboard/${encodeURIComponent(game)}`).then(
    (b) => b.players,
  );
