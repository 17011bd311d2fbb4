// A guided first game (/rules/<game>?learn): one recorded game (src/tutorials/<game>.json,
// made by tools/make-tutorial.mjs) that the server replays from the learner's seat.
// The learner makes their seat's moves by clicking the board, only the scripted
// one each time; the other seats' moves play themselves. A coach line says what
// to do and why, in our own words (docs/rules/), never a rulebook's.
// Pure bookkeeping, unit-tested (test/tutorial.test.ts).
import type { Legal } from '../types';
import { targetKey } from './board';

export interface TutorialRecord {
  game: string;
  names: string[];
  players: string[];
  actions: string[]; // the engine's words for each move, as a record keeps them
  seed: number; // at most 15 digits: the page sends it back as a JavaScript number
  [field: string]: unknown;
}

export interface Tutorial {
  learner: number; // the seat the learner plays
  guided: number; // the learner is guided through steps 0 … guided-1; the moves after it play themselves
  // The coach's line by step, shown from that step until the next line; "start" opens the
  // tutorial's page, "end" closes it. Every learner step has a line of its own.
  coach: Record<string, string>;
  actors: number[]; // who made each move of the record
  record: TutorialRecord;
}

// The steps at which the learner clicks.
export function learnerSteps(t: Tutorial): number[] {
  const steps: number[] = [];
  t.actors.forEach((actor, step) => {
    if (actor === t.learner && step < t.guided) steps.push(step);
  });
  return steps;
}

export const isLearnerStep = (t: Tutorial, step: number): boolean =>
  step < t.guided && step < t.record.actions.length && t.actors[step] === t.learner;

// The coach's line at a step (the frame before the step's move): the last line keyed at or
// before it; at the end of the game (step = the number of moves), the "end" line.
export function coachLine(t: Tutorial, step: number): string {
  if (step >= t.record.actions.length && t.coach.end) return t.coach.end;
  for (let s = Math.min(step, t.record.actions.length - 1); s >= 0; s--) if (t.coach[s]) return t.coach[s];
  return t.coach.start ?? '';
}

// What a tutorial file lacks: a learner step without a line of its own (or with the
// generator's TODO), actors that do not match the moves, a learner seat not at the table.
export function problems(t: Tutorial): string[] {
  const out: string[] = [];
  if (t.actors.length !== t.record.actions.length)
    out.push(`${t.actors.length} actors for ${t.record.actions.length} moves`);
  if (t.learner < 0 || t.learner >= t.record.players.length) out.push(`no seat ${t.learner}`);
  if (!t.coach.start) out.push('no "start" line');
  if (!t.coach.end) out.push('no "end" line');
  for (const step of learnerSteps(t)) {
    const line = t.coach[step];
    if (!line || line.startsWith('TODO')) out.push(`step ${step} (${t.record.actions[step]}) has no coach line`);
  }
  if (!Number.isSafeInteger(t.record.seed)) out.push('the seed is not exact as a JavaScript number');
  return out;
}

// The scripted move among the legal ones of its frame (the engine's words match); null when the
// engine no longer offers it (the file is out of date).
export function scriptedMove(t: Tutorial, step: number, legal: Legal[]): Legal | null {
  const text = t.record.actions[step];
  return legal.find((a) => a.text === text) ?? null;
}

// Where the learner clicks for the scripted move: the board key (a piece, a zone), or, for a move
// with a second click (a sheep, then its cell), the second key once the first was clicked; null
// for a move without a piece (a button of the decision bar).
export function guideKey(move: Legal, firstClicked: boolean): string | null {
  const then = move.target?.then;
  if (firstClicked && then) return `${then.zone}:${then.piece}`;
  return targetKey(move);
}

// What a click on another legal target says: gently, what the coach asked for instead.
export function redirectLine(move: Legal): string {
  return `Not that one this time: the coach asks for “${move.label}”. It is lit up on the board.`;
}

// How long a move of another seat stays on screen before the next: readable while the learner is
// guided, quicker once the rest of the game plays itself; shorter with fast bots chosen.
export function paceMs(guided: boolean, fast: boolean): number {
  if (guided) return fast ? 300 : 1100;
  return fast ? 60 : 350;
}
