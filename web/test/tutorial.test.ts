/// <reference types="vite/client" />
// The tutorials' bookkeeping (src/view/tutorial.ts) and every tutorial file: a
// coach line of its own at each learner step, a learner's share a newcomer
// finishes in a few minutes, and lines in our own words, never a rulebook's.
// That each scripted move is legal in its frame is the end-to-end run's
// (e2e/scenarios/tutorial.mjs plays every tutorial to its end).
import { describe, expect, it } from 'vitest';
import type { Legal } from '../src/types';
import {
  coachLine,
  guideKey,
  isLearnerStep,
  learnerSteps,
  paceMs,
  problems,
  redirectLine,
  scriptedMove,
  type Tutorial,
} from '../src/view/tutorial';

const files: Record<string, Tutorial> = import.meta.glob('../src/tutorials/*.json', { import: 'default', eager: true });

const legal = (id: number, text: string, target: Legal['target'] = { zone: 'button', kind: 'done' }): Legal => ({
  id,
  text,
  label: text.replace('P2', 'Bob'),
  hint: '',
  target,
});

// Two seats; the learner (seat 0) moves at steps 0, 1 and 3, Bob at 2; the learner is guided through step 3.
const small: Tutorial = {
  learner: 0,
  guided: 4,
  coach: { start: 'Welcome.', '0': 'Draw from Bob.', '1': 'Again.', '3': 'Stop.', end: 'You win.' },
  actors: [0, 0, 1, 0, 1],
  record: {
    game: 'bye-bye',
    names: ['Ann', 'Bob'],
    players: ['human', 'bot'],
    actions: ['a', 'b', 'c', 'd', 'e'],
    seed: 7,
  },
};

describe('tutorial bookkeeping', () => {
  it('finds the learner steps within the guided part', () => {
    expect(learnerSteps(small)).toEqual([0, 1, 3]);
    expect(isLearnerStep(small, 2)).toBe(false);
    expect(isLearnerStep(small, 3)).toBe(true);
    expect(isLearnerStep({ ...small, guided: 3 }, 3)).toBe(false); // after the guided part: plays itself
  });

  it("keeps a coach line until the next one, and ends with the end's", () => {
    expect(coachLine(small, 0)).toBe('Draw from Bob.');
    expect(coachLine(small, 2)).toBe('Again.'); // Bob's move: the line stays
    expect(coachLine(small, 4)).toBe('Stop.');
    expect(coachLine(small, 5)).toBe('You win.'); // the final frame
    expect(coachLine({ ...small, coach: { start: 'Welcome.', '3': 'Stop.', end: 'x' } }, 1)).toBe('Welcome.');
  });

  it('names what a tutorial file lacks', () => {
    expect(problems(small)).toEqual([]);
    const lacking = { ...small, coach: { '0': 'Draw.', '1': 'TODO: b' }, actors: [0, 0, 1, 0] };
    expect(problems(lacking)).toEqual([
      '4 actors for 5 moves',
      'no "start" line',
      'no "end" line',
      'step 1 (b) has no coach line',
      'step 3 (d) has no coach line',
    ]);
    expect(problems({ ...small, record: { ...small.record, seed: 2 ** 60 } })).toContain(
      'the seed is not exact as a JavaScript number',
    );
  });

  it('finds the scripted move by the engine words, and where to click it', () => {
    const move = legal(4, 'move c1 south-west', {
      zone: 'cell',
      piece: 'c1',
      kind: 'move',
      then: { zone: 'cell', piece: 'b2' },
    });
    const other = legal(3, 'move c1 south', {
      zone: 'cell',
      piece: 'c1',
      kind: 'move',
      then: { zone: 'cell', piece: 'c2' },
    });
    const t = { ...small, record: { ...small.record, actions: ['move c1 south-west'] } };
    expect(scriptedMove(t, 0, [other, move])).toBe(move);
    expect(scriptedMove(t, 0, [other])).toBeNull();
    expect(guideKey(move, false)).toBe('cell:c1');
    expect(guideKey(move, true)).toBe('cell:b2');
    expect(guideKey(legal(1, 'stop'), false)).toBeNull(); // a button
    expect(redirectLine(legal(2, 'draw from P2'))).toContain('“draw from Bob”');
  });

  it('paces the moves that play themselves', () => {
    expect(paceMs(true, false)).toBeGreaterThanOrEqual(700); // readable while guided
    expect(paceMs(false, false)).toBeLessThan(paceMs(true, false));
    expect(paceMs(true, true)).toBeLessThan(paceMs(true, false));
  });
});

// Runs of eight words a coach line shares with a rulebook (../shared/rules, beside the
// repository and not in it: checked where it is present).
const rulebooks: Record<string, string> = import.meta.glob('../../../shared/rules/*.rulebook.txt', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const runsOf = (w: string[]) => w.slice(0, Math.max(0, w.length - 7)).map((_, i) => w.slice(i, i + 8).join(' '));
const book = new Set(Object.values(rulebooks).flatMap((text) => runsOf(words(text))));

describe('each tutorial file', () => {
  it('reads the rulebooks where they are', () => {
    expect(Object.keys(rulebooks).length === 0 || book.size > 1000).toBe(true);
  });
  it('there is one per file name', () => {
    expect(Object.keys(files).length).toBeGreaterThan(0);
  });
  for (const [path, t] of Object.entries(files)) {
    const game = path.split('/').pop()!.replace('.json', '');
    it(`${game}: complete, a few minutes long, in our own words`, () => {
      expect(t.record.game).toBe(game);
      expect(problems(t)).toEqual([]);
      const clicks = learnerSteps(t).length;
      expect(clicks).toBeGreaterThanOrEqual(10);
      expect(clicks).toBeLessThanOrEqual(30);
      for (const line of Object.values(t.coach)) expect(line.length).toBeLessThanOrEqual(320);
      for (const line of Object.values(t.coach)) expect(runsOf(words(line)).filter((r) => book.has(r))).toEqual([]);
    });
  }
});
