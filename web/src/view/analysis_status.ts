// Where a table's analysis stands, in words, and when the page asks again:
// every 2 s while it is queued or running, never once it is done, failed or
// not asked for; after an error, later and later, and not at all after a
// refusal that asking again would not change.
import type { AnalysisStatus } from '../analysis';
import { ServerRefusal } from '../api';

export const POLL_MS = 2000;
const RETRY_FIRST_MS = 2000;
const RETRY_MOST_MS = 60000;

// The refusals that say "later", not "no" (docs/protocol.md, "Errors").
const PASSING = new Set(['busy', 'moved', 'storage', 'rate-limited']);

// "1st", "2nd", "3rd", "4th", "11th", "22nd".
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

// The status line above the graph (the button and the progress bar beside it are the panel's).
export function statusWords(s: AnalysisStatus): string {
  switch (s.status) {
    case 'none':
      if (s.message) return `Not analysed: ${s.message}.`; // a server run without analysis threads
      return s.can_ask ? 'Not analysed yet.' : 'Not analysed yet. One of its players can ask for it.';
    case 'queued':
      return `Queued (${s.position <= 1 ? 'next' : ordinal(s.position)}).`;
    case 'running':
      return `Analysing… ${s.done} of ${s.total} moves.`;
    case 'failed':
      return `The analysis failed: ${s.message}`;
    case 'done':
      return `Each move with a choice judged by the bot over ${s.analysis.budget.worlds} sampled deals.`;
  }
}

// What a screen reader is told when the analysis moves on: the phase alone,
// not each count of decisions judged, which changes every 2 s.
export function phaseWords(s: AnalysisStatus | null): string {
  if (s?.status === 'queued') return 'Analysis queued';
  if (s?.status === 'running') return 'Analysing the game';
  if (s?.status === 'failed') return 'The analysis failed';
  if (s?.status === 'done') return 'The analysis is ready';
  return '';
}

// The wait before asking for the status again after an answer; null: stop.
export function pollDelay(s: AnalysisStatus): number | null {
  return s.status === 'queued' || s.status === 'running' ? POLL_MS : null;
}

// The wait before asking again after the failures-th error in a row; null: stop.
// A network error, or an answer without the server's error JSON (a proxy's),
// may pass; so may a refusal that says "later", never sooner than its Retry-After.
export function retryDelay(error: unknown, failures: number): number | null {
  const refusal = error instanceof ServerRefusal ? error : null;
  if (refusal?.code && !PASSING.has(refusal.code)) return null;
  const backOff = Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.max(backOff, (refusal?.retryAfter ?? 0) * 1000);
}

// A server without analyses (before the feature) or without the table: the panel shows nothing.
export function offersNoAnalysis(error: unknown): boolean {
  return error instanceof ServerRefusal && (error.code === 'not-found' || error.code === 'unknown-table');
}

// Why asking was refused, ready to show: the server's words, and when to try again.
export function askRefusalWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const after = error instanceof ServerRefusal ? error.retryAfter : undefined;
  return after ? `${message} (try again in ${after} s)` : message;
}
