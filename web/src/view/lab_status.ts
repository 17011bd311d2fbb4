// Where a balance-lab job stands, in words, and when its page asks again:
// every second while it is queued or running (the charts follow the games as
// they are played), never once it is done or failed.
import { ServerRefusal } from '../api';
import type { LabJob } from '../lab';
import { ordinal } from './analysis_status';

export const LAB_POLL_MS = 1000;

const gamesWord = (n: number) => (n === 1 ? 'game' : 'games');

// The status line over the progress bar.
export function jobStatusWords(job: LabJob): string {
  switch (job.status) {
    case 'queued':
      return `Queued: ${job.position <= 1 ? 'next' : ordinal(job.position)} in line.`;
    case 'running':
      return `Running: ${job.done} of ${job.total} ${gamesWord(job.total)} played.`;
    case 'done': {
      const seconds = job.results ? ` in ${secondsWords(job.results.seconds)}` : '';
      return job.done < job.total
        ? `Stopped after ${job.done} of ${job.total} ${gamesWord(job.total)}${seconds}.`
        : `Done: ${job.done} ${gamesWord(job.done)} played${seconds}.`;
    }
    case 'failed':
      return 'The job failed.';
  }
}

export function secondsWords(seconds: number): string {
  if (seconds < 0.1) return 'under 0.1 s';
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

// What a screen reader is told as the job moves on: the phase alone, not
// each count of games, which changes every second.
export function jobPhaseWords(job: LabJob | null): string {
  if (job?.status === 'queued') return 'The job is queued';
  if (job?.status === 'running') return 'The games are being played';
  if (job?.status === 'done') return 'The report is ready';
  if (job?.status === 'failed') return 'The job failed';
  return '';
}

// The wait before asking for the job again after an answer; null: stop.
export function jobPollDelay(job: LabJob): number | null {
  return job.status === 'queued' || job.status === 'running' ? LAB_POLL_MS : null;
}

// The progress bar's value and maximum: games played of those asked for; 0 while queued.
export function jobProgress(job: LabJob): { value: number; max: number } | null {
  if (job.status === 'queued') return { value: 0, max: job.spec.games };
  if (job.status === 'running' || job.status === 'done') return { value: job.done, max: Math.max(1, job.total) };
  return null;
}

// Why the server refused to start a job, ready to show: a bad request or a
// lab that is off in its own words; a busy lab with when to try again.
export function startRefusalWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ServerRefusal && error.code === 'busy') {
    const after = error.retryAfter ?? 30;
    return `The lab is busy (${message}). Try again in ${after} s.`;
  }
  return message;
}

// A job the server does not know: a mistyped address, or one that was queued on a server that stopped since.
export function isUnknownJob(error: unknown): boolean {
  return error instanceof ServerRefusal && error.code === 'not-found';
}
