// The HTTP side of the protocol: the game list, the lobby, creating a table.
import type { GameInfo, LobbyTable } from './types';

// A refusal in the server's words, with its error code (docs/protocol.md, "Errors")
// and, when the server says how long to wait (503 busy, 429), its Retry-After in seconds.
export class ServerRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
    throw new ServerRefusal(body?.error?.message ?? `${url}: HTTP ${response.status}`, body?.error?.code, retryAfter);
  }
  return body as T;
}

// Why a WebSocket was refused: this POST passes the server's Host and Origin
// checks exactly as an upgrade does. null when there was no answer (the
// server is down), else the status and the JSON body ({} when not JSON).
export interface OriginCheckReply {
  status: number;
  body: unknown;
}
export async function checkOrigin(): Promise<OriginCheckReply | null> {
  try {
    const response = await fetch('/api/origin-check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    return { status: response.status, body: await response.json().catch(() => ({})) };
  } catch {
    return null;
  }
}

export const fetchGames = () => getJson<{ games: GameInfo[] }>('/api/games').then((b) => b.games);
export const fetchLobby = () => getJson<{ tables: LobbyTable[] }>('/api/tables').then((b) => b.tables);

export interface CreateRequest {
  game: string;
  params: Record<string, string>;
  seats: { agent: string; name?: string; open?: boolean }[];
  public: boolean;
  hotseat: boolean;
  time?: { per_move: number } | { base: number; increment: number };
  away_after?: number; // seconds
  stand_in?: string;
  rated?: boolean;
}

export interface Link {
  seat?: number;
  token: string;
  url: string;
}
export interface CreateReply {
  table: string;
  seats?: { seat: number; name: string; agent: string; open?: boolean }[];
  invites: Link[];
  spectator: Link;
  hotseat?: Link & { seats: number[] };
}

export const createTable = (request: CreateRequest) =>
  getJson<CreateReply>('/api/tables', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });

export async function fetchRules(game: string): Promise<string> {
  const response = await fetch(`/rules/${game}.how-to-play.md`);
  if (!response.ok) throw new Error(`no rules page for ${game}`);
  return response.text();
}

export interface ReplayData {
  game: string;
  view: string;
  seats: { seat: number; name: string; agent: string }[];
  actions: string[];
  actors: number[];
  frames: (import('./types').StateFrame & { hands?: unknown[] })[];
}

export const fetchTableReplay = (table: string, view: string) =>
  getJson<ReplayData>(`/api/tables/${table}/replay/${view}`);
// The record goes as the file's own text: its 64-bit seed does not survive a
// round trip through a JavaScript number (the deal would change).
export const uploadReplay = (recordText: string, view: string) =>
  getJson<ReplayData>('/api/replay', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"view": ${JSON.stringify(view)}, "record": ${recordText}}`,
  });

// One table's state for a holder of one of its tokens (docs/protocol.md, GET /api/tables/{id});
// null when the server no longer has it (over and empty, or expired).
export async function fetchTable(table: string, token: string): Promise<LobbyTable | null> {
  // A public table answers without a token; a private one only to one of its tokens.
  const response = await fetch(`/api/tables/${encodeURIComponent(table)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`table ${table}: HTTP ${response.status}`);
  return (await response.json()) as LobbyTable;
}
