// A finished game's analysis on the replay page (src/view/analysis.ts, src/view/chance_graph.ts),
// from a real one: `bellwether analyze-game --json` of a 3-seat Bye-Bye game (analysis-bye-bye.json)
// and that game's record (record-bye-bye.json). Every one of its 106 moves had a choice, so the
// forced moves between decisions are made here by leaving decisions out.
import { describe, expect, it } from 'vitest';
import type { GameAnalysis, JudgedDecision } from '../src/analysis';
import {
  decisionAt,
  decisionWords,
  frameOfDecision,
  hereWords,
  nearestDecision,
  tallies,
  tallyWords,
  turningPoints,
} from '../src/view/analysis';
import { chanceLines, frameAtX, graphMarks, graphSummary, lastFrame, xOf, yOf } from '../src/view/chance_graph';
import { stepCaption } from '../src/view/replay';
import analysisText from './analysis-bye-bye.json?raw';
import recordText from './record-bye-bye.json?raw';

const analysis = JSON.parse(analysisText) as GameAnalysis;
const record = JSON.parse(recordText) as { actions: string[]; names: string[] };
const names = record.names; // Ann, Bob, Cat
const actions = record.actions.length; // 106: the replay has frames 0 (the set-up) to 106
// Every tenth decision: the moves between are as good as forced.
const sparse: GameAnalysis = { ...analysis, decisions: analysis.decisions.filter((d) => d.step % 10 === 0) };

describe('where a decision sits in the replay', () => {
  it("a decision's step is its action in the record: the replay's frame of that number is the position before it", () => {
    for (const d of analysis.decisions) expect(record.actions[d.step]).toBe(d.played);
    // frames[k] is the position after k actions, so a jump shows frames[step]: the seat still to move.
    expect(analysis.decisions.map(frameOfDecision)).toEqual(analysis.decisions.map((d) => d.step));
  });

  it("a decision's words number it as the replay's caption numbers the move once made", () => {
    const d = analysis.decisions[21];
    const replay = { actions: record.actions, actors: analysis.decisions.map((x) => x.seat), frames: Array(107) };
    expect(stepCaption(frameOfDecision(d) + 1, replay, names)).toBe('Step 22 of 106: Ann — draw from P3');
    expect(decisionWords(d, names)).toMatch(/^Step 22: Ann played draw from P3 /);
  });

  it('finds the decision made at a frame, and the nearest one to any frame', () => {
    expect(decisionAt(analysis, 21)).toBe(21);
    expect(decisionAt(sparse, 14)).toBe(-1); // a forced move
    expect(nearestDecision(sparse, 14)).toBe(1); // step 10
    expect(nearestDecision(sparse, 15)).toBe(1); // as near to 10 as to 20: the earlier
    expect(nearestDecision(sparse, 16)).toBe(2);
    expect(nearestDecision(sparse, 106)).toBe(10); // the end: the last decision, step 100
    expect(nearestDecision({ ...analysis, decisions: [] }, 3)).toBe(-1);
  });
});

describe('the analysis in words', () => {
  it('says what was played and what the bot would play, with the chances, and the mark', () => {
    expect(decisionWords(analysis.decisions[0], names)).toBe(
      'Step 1: Bob played draw from P3 (44%); the bot would play draw from P1 (47%)',
    );
    expect(decisionWords(analysis.decisions[21], names)).toBe(
      'Step 22: Ann played draw from P3 (41%); the bot would play stop (69%) — a blunder',
    );
    expect(decisionWords(analysis.decisions[5], names)).toBe('Step 6: Ann played draw from P2 (44%), as the bot would');
    const inaccuracy: JudgedDecision = { ...analysis.decisions[0], mark: 'inaccuracy' };
    expect(decisionWords(inaccuracy, names)).toMatch(/ — an inaccuracy$/);
  });

  it('never calls an unlucky move a mistake', () => {
    const unlucky = analysis.decisions[40];
    expect(unlucky.unlucky).toBe(true);
    const words = decisionWords(unlucky, names);
    expect(words).toBe('Step 41: Bob played draw from P1 (22%): a sound move that luck went against');
    expect(words).not.toMatch(/mistake|blunder|inaccuracy|the bot would/);
  });

  it('lists the turning points in game order, each with the frame to jump to', () => {
    const turns = turningPoints(analysis, names);
    expect(turns.map((t) => [t.decision, t.frame])).toEqual([
      [21, 21],
      [74, 74],
      [81, 81],
    ]);
    expect(turns[2].words).toBe(
      'Step 82: Bob played zoo: set 11 (3%); the bot would play zoo: set 4 (16%) — a mistake',
    );
    expect(turningPoints({ ...analysis, turning_points: [500] }, names)).toEqual([]); // not trusted blindly
  });

  it("counts each seat's marks, and the unlucky moves apart", () => {
    const t = tallies(analysis);
    expect(t).toEqual([
      { inaccuracy: 0, mistake: 2, blunder: 1, unlucky: 0 },
      { inaccuracy: 0, mistake: 1, blunder: 0, unlucky: 1 },
      { inaccuracy: 0, mistake: 0, blunder: 0, unlucky: 0 },
    ]);
    expect(t.map((x, seat) => tallyWords(x, names[seat]))).toEqual([
      'Ann: 1 blunder, 2 mistakes',
      'Bob: 1 mistake, 1 unlucky move (sound, but the luck went against it)',
      'Cat: no marked moves',
    ]);
    expect(tallyWords({ inaccuracy: 3, mistake: 0, blunder: 0, unlucky: 0 }, 'Dan')).toBe('Dan: 3 inaccuracies');
  });

  it('says what the analysis holds of the move about to be made at the replay frame', () => {
    expect(hereWords(analysis, 21, actions, names)).toBe(decisionWords(analysis.decisions[21], names));
    expect(hereWords(sparse, 14, actions, names)).toBe('Step 15 was forced: there was one legal move.');
    expect(hereWords(analysis, actions, actions, names)).toBe(''); // the end: no move to make
  });
});

describe('the win-chance graph', () => {
  const last = lastFrame(analysis, actions);

  it("spans the replay's frames (or the decisions', should the replay be shorter), chance 100% at the top", () => {
    expect(last).toBe(106);
    expect(lastFrame(analysis, 50)).toBe(106);
    expect(lastFrame({ ...analysis, decisions: [] }, 0)).toBe(1); // never a division by zero
    expect(xOf(53, 106)).toBe(50);
    expect(xOf(200, 106)).toBe(100);
    expect([yOf(1), yOf(0.5), yOf(0)]).toEqual([0, 50, 100]);
    expect([frameAtX(0.5, 106), frameAtX(-0.2, 106), frameAtX(1.3, 106)]).toEqual([53, 0, 106]);
  });

  it('draws one line per seat through its chance after each decision, at the decision’s frame', () => {
    const lines = chanceLines(analysis, last);
    expect(lines.map((l) => l.seat)).toEqual([0, 1, 2]);
    const first = lines[0].points.split(' ');
    expect(first).toHaveLength(106);
    expect(first[0]).toBe('0,59.38'); // Ann at 40.625% after step 0
    expect(first[105]).toBe('99.06,0'); // and certain to win at the end
    expect(lines[1].points.split(' ')[21]).toBe('19.81,65.63'); // Bob at 34.375% after Ann's blunder
  });

  it("puts each mark on its mover's line, labelled in words, the unlucky move among them", () => {
    const marks = graphMarks(analysis, last, names);
    expect(marks.map((m) => [m.decision, m.kind, m.seat, m.frame])).toEqual([
      [21, 'blunder', 0, 21],
      [40, 'unlucky', 1, 40],
      [74, 'mistake', 0, 74],
      [81, 'mistake', 1, 81],
      [98, 'mistake', 0, 98],
    ]);
    expect([marks[0].x, marks[0].y]).toEqual([19.81, 59.38]);
    expect(marks[0].label).toBe(decisionWords(analysis.decisions[21], names));
  });

  it('sums itself up in words for a screen reader', () => {
    expect(graphSummary(analysis, names)).toBe(
      "Each player's chance to win after each of 106 judged moves; after the last, Ann 100%, Bob 0%, Cat 0%. Ann won.",
    );
  });
});
