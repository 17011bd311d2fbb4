// The win-chance graph's geometry, in percent of its box (an SVG viewBox of
// 0 0 100 100 stretched to any width, with its marks as HTML laid over it at
// the same percentages, so that text and buttons keep their size on a phone).
// x is the replay's frame: a decision's point sits at its own step, where the
// replay shows the position before the move, and carries the chances after
// it; the cursor at the replay's frame then meets the point a jump went to.
// y is the chance to win: 100% at the top.
import type { GameAnalysis } from '../analysis';
import { seatName } from './board';
import { decisionWords, frameOfDecision, type Mark } from './analysis';
import { percent } from './win_rates';

// The graph's last frame: the replay's (its number of actions), or the last decision's when the replay is shorter.
export function lastFrame(analysis: GameAnalysis, actions: number): number {
  return Math.max(1, actions, ...analysis.decisions.map((d) => frameOfDecision(d) + 1));
}

export const xOf = (frame: number, last: number): number => (100 * Math.max(0, Math.min(frame, last))) / last;
export const yOf = (chance: number): number => 100 * (1 - chance);
const at = (v: number) => Number(v.toFixed(2));

// The frame under a point of the graph, from its fraction of the width (a click).
export const frameAtX = (fraction: number, last: number): number =>
  Math.round(Math.max(0, Math.min(1, fraction)) * last);

// One polyline per seat: its chance after each decision.
export function chanceLines(analysis: GameAnalysis, last: number): { seat: number; points: string }[] {
  return Array.from({ length: analysis.players }, (_, seat) => ({
    seat,
    points: analysis.decisions
      .map((d) => `${at(xOf(frameOfDecision(d), last))},${at(yOf(d.chances[seat] ?? 0))}`)
      .join(' '),
  }));
}

export interface GraphMark {
  decision: number; // index into analysis.decisions
  frame: number; // the replay frame a click shows
  seat: number;
  kind: Mark | 'unlucky';
  x: number;
  y: number; // on the mover's line: its chance after the move
  label: string;
}

// The marked moves and the unlucky ones, where they sit on their mover's line.
export function graphMarks(analysis: GameAnalysis, last: number, names: string[]): GraphMark[] {
  const marks: GraphMark[] = [];
  analysis.decisions.forEach((d, decision) => {
    const kind = d.mark ?? (d.unlucky ? 'unlucky' : null);
    if (!kind) return;
    const frame = frameOfDecision(d);
    const [x, y] = [at(xOf(frame, last)), at(yOf(d.played_chance))];
    marks.push({ decision, frame, seat: d.seat, kind, x, y, label: decisionWords(d, names) });
  });
  return marks;
}

// What the graph shows, in words, for its accessible name.
export function graphSummary(analysis: GameAnalysis, names: string[]): string {
  const end = analysis.decisions[analysis.decisions.length - 1];
  const whose = (seats: number[]) => seats.map((s) => seatName(names, s)).join(' and ');
  const finals = end
    ? `; after the last, ${end.chances.map((c, s) => `${seatName(names, s)} ${percent(c)}`).join(', ')}`
    : '';
  const won = analysis.winners.length ? `. ${whose(analysis.winners)} won.` : '.';
  return `Each player's chance to win after each of ${analysis.decisions.length} judged moves${finals}${won}`;
}
