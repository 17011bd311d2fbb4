// The balance lab over HTTP (docs/protocol.md, "Balance lab"): what this
// server allows (GET /api/lab), starting a job (POST /api/lab) and a job's
// state and results (GET /api/lab/{id}). Each call throws a ServerRefusal in
// the server's words.
import { getJson } from './api';

export type LabInfo =
  { enabled: true; levels: string[]; max_games: number; max_seconds: number } | { enabled: false; message: string };

// What a job plays: as POSTed, and as a job's `spec` comes back (params then
// holding every option of the game, defaults filled in).
export interface LabSpec {
  game: string;
  params: Record<string, string>;
  seats: string[]; // a level per seat: their number is the number of players
  games: number;
  seed: number;
}

// One row of `bellwether sim --json`'s summary: a seat's or a level's tally.
// A win shared by k seats counts 1/k, so `wins` need not be whole.
export interface RateRow {
  games: number;
  wins: number;
  win_rate: number;
  ci95: [number, number]; // Wilson 95% interval of win_rate
  mean_score: number;
}

// [value, games]: how many games ended with that value, ascending by value.
export type Distribution = [number, number][];

export interface LabResults {
  seats: (RateRow & { seat: number })[]; // in seat order
  agents: (RateRow & { agent: string })[]; // per level, in the order the line-up first names them
  mean_actions: number;
  shared_games: number; // games won by more than one seat
  seconds: number;
  lengths: Distribution; // actions per game
  scores: Distribution[]; // per seat
}

export type LabJob =
  | { id: string; status: 'queued'; position: number; spec: LabSpec }
  | { id: string; status: 'running'; done: number; total: number; spec: LabSpec; results?: LabResults }
  // message: set when the job stopped at the server's time cap (done < total then)
  | { id: string; status: 'done'; done: number; total: number; spec: LabSpec; results?: LabResults; message?: string }
  | { id: string; status: 'failed'; message: string; spec: LabSpec };

export const fetchLabInfo = () => getJson<LabInfo>('/api/lab');

// 202 queued. `seed` left out means 1.
export const startLabJob = (spec: LabSpec) =>
  getJson<{ id: string; status: 'queued'; position: number }>('/api/lab', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(spec),
  });

export const fetchLabJob = (id: string) => getJson<LabJob>(`/api/lab/${encodeURIComponent(id)}`);

// A job's page, which is also its permalink.
export const labJobPath = (id: string) => `/lab/${encodeURIComponent(id)}`;
