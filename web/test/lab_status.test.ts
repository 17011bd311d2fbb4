// Where a lab job stands (src/view/lab_status.ts), when its page asks again,
// and a refused start in words.
import { describe, expect, it } from 'vitest';
import { ServerRefusal } from '../src/api';
import type { LabJob } from '../src/lab';
import {
  isUnknownJob,
  jobPhaseWords,
  jobPollDelay,
  jobProgress,
  jobStatusWords,
  LAB_POLL_MS,
  secondsWords,
  startRefusalWords,
} from '../src/view/lab_status';
import jobText from './lab-job-hustle.json?raw';

const done = JSON.parse(jobText) as LabJob & { status: 'done' };
const spec = done.spec;
const queued: LabJob = { id: 'j', status: 'queued', position: 1, spec };
const running: LabJob = { id: 'j', status: 'running', done: 40, total: 200, spec };
const failed: LabJob = { id: 'j', status: 'failed', message: 'the server stopped', spec };

describe('a lab job in words', () => {
  it('says each state: the place in the queue, the games played, the time taken', () => {
    expect(jobStatusWords(queued)).toBe('Queued: next in line.');
    expect(jobStatusWords({ ...queued, position: 3 })).toBe('Queued: 3rd in line.');
    expect(jobStatusWords(running)).toBe('Running: 40 of 200 games played.');
    expect(jobStatusWords(done)).toBe('Done: 60 games played in 0.4 s.');
    expect(jobStatusWords({ ...done, results: undefined, done: 1, total: 1 })).toBe('Done: 1 game played.');
    expect(jobStatusWords({ ...done, done: 31, message: 'stopped at the 300 s cap' })).toBe(
      'Stopped after 31 of 60 games in 0.4 s.',
    );
    expect(jobStatusWords(failed)).toBe('The job failed.');
    expect([0.0007, 0.44, 12.4, 300].map(secondsWords)).toEqual(['under 0.1 s', '0.4 s', '12 s', '5 min 0 s']);
  });

  it('tells a screen reader the phase, not each count', () => {
    expect(jobPhaseWords(running)).toBe('The games are being played');
    expect(jobPhaseWords({ ...running, done: 41 })).toBe(jobPhaseWords(running));
    expect(jobPhaseWords(done)).toBe('The report is ready');
    expect(jobPhaseWords(null)).toBe('');
  });

  it('asks again every second while queued or running, never after', () => {
    expect(jobPollDelay(queued)).toBe(LAB_POLL_MS);
    expect(jobPollDelay(running)).toBe(1000);
    expect(jobPollDelay(done)).toBeNull();
    expect(jobPollDelay(failed)).toBeNull();
  });

  it('fills the progress bar with the games played', () => {
    expect(jobProgress(queued)).toEqual({ value: 0, max: 60 });
    expect(jobProgress(running)).toEqual({ value: 40, max: 200 });
    expect(jobProgress(done)).toEqual({ value: 60, max: 60 });
    expect(jobProgress(failed)).toBeNull();
  });

  it("says a refusal in the server's words, and a busy lab with when to try again", () => {
    const bad = new ServerRefusal('games: 0 is not within 1..1000', 'bad-request');
    expect(startRefusalWords(bad)).toBe('games: 0 is not within 1..1000');
    const off = new ServerRefusal('this server has no balance lab (serve --lab)', 'forbidden');
    expect(startRefusalWords(off)).toBe('this server has no balance lab (serve --lab)');
    const busy = new ServerRefusal('the balance lab is full; ask again later', 'busy', 30);
    expect(startRefusalWords(busy)).toBe(
      'The lab is busy (the balance lab is full; ask again later). Try again in 30 s.',
    );
    expect(startRefusalWords(new ServerRefusal('full', 'busy'))).toMatch(/Try again in 30 s\.$/);
    expect(startRefusalWords(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(isUnknownJob(new ServerRefusal('no such job', 'not-found'))).toBe(true);
    expect(isUnknownJob(busy)).toBe(false);
  });
});
