// A finished game's analysis in words (the graph's geometry is
// chance_graph.ts's): a decision, the turning points, each seat's count of
// marked moves, and which decision the replay's frame stands at.
//
// Steps are the record's action indexes, as the analysis gives them. The
// replay's frames[k] is the position after k actions (frames[0]: the set-up),
// so frames[d.step] is the position where d.seat had to decide, before its
// move; that is the frame a jump to a decision shows. The replay's caption
// numbers a move by the frame that shows it made ("Step 22 of 106: Ann —
// …" is action 21), so a decision's words say "Step d.step + 1" as well.
import type { GameAnalysis, JudgedDecision } from '../analysis';
import { seatName } from './board';
import { counted } from './names';
import { percent } from './win_rates';

export type Mark = NonNullable<JudgedDecision['mark']>;
export const MARKS: readonly Mark[] = ['inaccuracy', 'mistake', 'blunder'];
// As chess annotates moves.
export const MARK_SYMBOLS: Record<Mark, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

// A sound move that lost to luck is never called a mistake (nor is the bot's choice set against it).
export const UNLUCKY_WORDS = 'a sound move that luck went against';

// The replay frame that shows the position where the decision was made (before the move).
export const frameOfDecision = (d: JudgedDecision): number => d.step;

// The step a decision's words give it: the replay's caption for the move made.
export const stepNumber = (d: JudgedDecision): number => d.step + 1;

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

// "Step 22: Ann played draw from P3 (41%); the bot would play stop (69%) — a blunder".
export function decisionWords(d: JudgedDecision, names: string[]): string {
  const played = `Step ${stepNumber(d)}: ${seatName(names, d.seat)} played ${d.played} (${percent(d.played_chance)})`;
  if (d.unlucky) return `${played}: ${UNLUCKY_WORDS}`;
  if (d.played === d.best) return `${played}, as the bot would`;
  const best = `${played}; the bot would play ${d.best} (${percent(d.best_chance)})`;
  return d.mark ? `${best} — ${article(d.mark)}` : best;
}

export interface TurningPoint {
  decision: number; // index into analysis.decisions
  frame: number; // the replay frame to jump to
  words: string;
}

export function turningPoints(analysis: GameAnalysis, names: string[]): TurningPoint[] {
  return analysis.turning_points
    .filter((i) => analysis.decisions[i])
    .map((i) => ({
      decision: i,
      frame: frameOfDecision(analysis.decisions[i]),
      words: decisionWords(analysis.decisions[i], names),
    }));
}

export type Tally = Record<Mark | 'unlucky', number>;

// Each seat's marked moves (and moves the luck went against), by seat.
export function tallies(analysis: GameAnalysis): Tally[] {
  const all = Array.from({ length: analysis.players }, (): Tally => ({
    inaccuracy: 0,
    mistake: 0,
    blunder: 0,
    unlucky: 0,
  }));
  for (const d of analysis.decisions) {
    const tally = all[d.seat];
    if (!tally) continue;
    if (d.mark) tally[d.mark] += 1;
    if (d.unlucky) tally.unlucky += 1;
  }
  return all;
}

// "Ann: 1 blunder, 2 mistakes", "Cat: no marked moves".
export function tallyWords(tally: Tally, name: string): string {
  const parts = [...MARKS]
    .reverse()
    .filter((m) => tally[m] > 0)
    .map((m) => counted(tally[m], m, m === 'inaccuracy' ? 'inaccuracies' : undefined));
  if (tally.unlucky > 0) parts.push(`${counted(tally.unlucky, 'unlucky move')} (sound, but the luck went against it)`);
  return `${name}: ${parts.length ? parts.join(', ') : 'no marked moves'}`;
}

// The decision made at replay frame `frame`, or -1 when the move there was forced (or the game is over).
export function decisionAt(analysis: GameAnalysis, frame: number): number {
  return analysis.decisions.findIndex((d) => frameOfDecision(d) === frame);
}

// The decision whose frame is nearest to `frame` (the earlier of two as near); -1 when there are none.
export function nearestDecision(analysis: GameAnalysis, frame: number): number {
  let best = -1;
  analysis.decisions.forEach((d, i) => {
    const off = Math.abs(frameOfDecision(d) - frame);
    if (best < 0 || off < Math.abs(frameOfDecision(analysis.decisions[best]) - frame)) best = i;
  });
  return best;
}

// What the analysis says about the move to be made at replay frame `frame`
// (the position before action `frame`); '' once the game is over.
export function hereWords(analysis: GameAnalysis, frame: number, actions: number, names: string[]): string {
  const i = decisionAt(analysis, frame);
  if (i >= 0) return decisionWords(analysis.decisions[i], names);
  return frame < actions ? `Step ${frame + 1} was forced: there was one legal move.` : '';
}
