// A finished table's post-game analysis over HTTP (GET and POST
// /api/tables/{id}/analysis): where it stands, and asking for it. The asker
// proves a seat with the seat's token (Authorization: Bearer, as GET
// /api/tables/{id} takes it) or with the account's session cookie, which a
// same-origin request carries by itself. Each call throws a ServerRefusal in
// the server's words.
import { getJson } from './api';

// One decision the analysis judged: a move with more than one legal choice
// (the forced moves between are left out), as `bellwether analyze-game --json` prints it.
export interface JudgedDecision {
  step: number; // the action's index in the record (0-based): replay frame `step` is the position before it
  seat: number;
  played: string; // the engine's words, seats as P1, P2, … (as the record keeps them)
  best: string; // the move the bot would have made
  chances: number[]; // each seat's chance to win after the move played; they sum to 1
  played_chance: number; // 0..1, the mover's chance after the move played
  best_chance: number; // 0..1, the mover's chance after the bot's move
  lost_points: number; // 0..100: best_chance − played_chance, in points
  noise_points: number; // how far the sampling alone could move it
  mark?: 'inaccuracy' | 'mistake' | 'blunder'; // absent: no mistake
  unlucky?: true; // a sound move that lost to luck: never a mistake
}

export interface GameAnalysis {
  game: string;
  players: number;
  budget: { worlds: number; seed: number };
  winners: number[];
  decisions: JudgedDecision[];
  turning_points: number[]; // indexes into decisions, up to 3, in game order
}

export type AnalysisStatus =
  | { status: 'none'; can_ask: boolean; message?: string } // can_ask: this asker (token or session) may ask for it
  | { status: 'queued'; position: number } // 1: next
  | { status: 'running'; done: number; total: number } // the record's moves judged so far, and in all
  | { status: 'failed'; message: string; can_ask?: boolean }
  | { status: 'done'; analysis: GameAnalysis };

const analysisUrl = (table: string) => `/api/tables/${encodeURIComponent(table)}/analysis`;
const bearer = (token: string | null | undefined): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};

export const fetchAnalysis = (table: string, token?: string | null) =>
  getJson<AnalysisStatus>(analysisUrl(table), { credentials: 'same-origin', headers: bearer(token) });

// 202 queued, or 200 done when it was done before. A state change carries a
// JSON body, as every POST does: the server's cross-site check asks for it.
export const askAnalysis = (table: string, token?: string | null) =>
  getJson<AnalysisStatus>(analysisUrl(table), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', ...bearer(token) },
    body: '{}',
  });
