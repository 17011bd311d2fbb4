// Where a table's analysis stands (src/view/analysis_status.ts), and when the page asks again.
import { describe, expect, it } from 'vitest';
import type { AnalysisStatus, GameAnalysis } from '../src/analysis';
import { ServerRefusal } from '../src/api';
import {
  askRefusalWords,
  offersNoAnalysis,
  ordinal,
  phaseWords,
  POLL_MS,
  pollDelay,
  retryDelay,
  statusWords,
} from '../src/view/analysis_status';
import analysisText from './analysis-bye-bye.json?raw';

const analysis = JSON.parse(analysisText) as GameAnalysis;

describe('the analysis status in words', () => {
  it('says each state, a place in the queue as an ordinal', () => {
    const words = (s: AnalysisStatus) => statusWords(s);
    expect(words({ status: 'none', can_ask: true })).toBe('Not analysed yet.');
    expect(words({ status: 'none', can_ask: false })).toBe('Not analysed yet. One of its players can ask for it.');
    expect(words({ status: 'queued', position: 1 })).toBe('Queued (next).');
    expect(words({ status: 'queued', position: 2 })).toBe('Queued (2nd).');
    expect(words({ status: 'running', done: 14, total: 106 })).toBe('Analysing… 14 of 106 moves.');
    expect(words({ status: 'failed', message: 'the engine stopped' })).toBe('The analysis failed: the engine stopped');
    expect(words({ status: 'done', analysis })).toBe(
      'Each move with a choice judged by the bot over 32 sampled deals.',
    );
    expect(phaseWords({ status: 'running', done: 14, total: 106 })).toBe('Analysing the game'); // not each count
    expect(phaseWords(null)).toBe('');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
});

describe('when the page asks again', () => {
  it('every 2 s while queued or running; never once done, failed or not asked for', () => {
    expect(pollDelay({ status: 'queued', position: 3 })).toBe(POLL_MS);
    expect(pollDelay({ status: 'running', done: 1, total: 9 })).toBe(2000);
    expect(pollDelay({ status: 'done', analysis })).toBeNull();
    expect(pollDelay({ status: 'failed', message: 'x' })).toBeNull();
    expect(pollDelay({ status: 'none', can_ask: true })).toBeNull();
  });

  it('after an error, later each time up to a minute, and not sooner than Retry-After', () => {
    const network = new TypeError('Failed to fetch');
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelay(network, n))).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
    expect(retryDelay(new ServerRefusal('busy', 'busy', 30), 1)).toBe(30000);
    expect(retryDelay(new ServerRefusal('/api/x: HTTP 502', undefined), 2)).toBe(4000); // a proxy's page
  });

  it('not at all after a refusal that asking again would not change', () => {
    expect(retryDelay(new ServerRefusal('not over', 'not-finished'), 1)).toBeNull();
    expect(retryDelay(new ServerRefusal('no such table', 'unknown-table'), 1)).toBeNull();
    expect(offersNoAnalysis(new ServerRefusal('no such route', 'not-found'))).toBe(true);
    expect(offersNoAnalysis(new ServerRefusal('busy', 'busy'))).toBe(false);
    expect(offersNoAnalysis(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('says why asking was refused, and when to try again', () => {
    expect(askRefusalWords(new ServerRefusal('The queue is full.', 'busy', 20))).toBe(
      'The queue is full. (try again in 20 s)',
    );
    expect(askRefusalWords(new ServerRefusal('Only a player may ask.', 'not-a-player'))).toBe('Only a player may ask.');
  });
});
