import { describe, expect, it } from 'vitest';
import type { TrackSquare } from '../src/view/board';
import { dykeBoards, dykeLines, nearRows } from '../src/view/dyke';

// Two boards of 100 fields, with sheep on the given fields (0–199).
function track(sheep: number[]): TrackSquare[] {
  return Array.from({ length: 200 }, (_, n) => ({
    n,
    water: false,
    sheep: sheep.filter((s) => s === n).map((_, i) => ({ name: `P${i + 1}`, mark: String(i + 1) })),
  }));
}

describe("Hustle's dyke on a phone", () => {
  it('shows each sheep’s row of ten and the next', () => {
    expect([...nearRows(track([0, 0, 45]))].sort((a, b) => a - b)).toEqual([0, 1, 4, 5]);
    expect([...nearRows(track([199]))]).toEqual([19]); // no row after the last
  });

  it('folds each run of other rows into one line per board', () => {
    const lines = dykeLines(track([0, 45]));
    expect(lines.filter((l) => l.kind === 'row')).toHaveLength(20);
    expect(lines.filter((l) => l.kind === 'fold')).toEqual([
      { kind: 'fold', from: 20, to: 39 },
      { kind: 'fold', from: 60, to: 99 },
      { kind: 'fold', from: 0, to: 99 }, // the second board, with no sheep near
    ]);
    // A fold stands where its rows are: after them, before the next row shown.
    const at = lines.findIndex((l) => l.kind === 'fold');
    expect(lines.slice(at - 2, at + 2).map((l) => (l.kind === 'row' ? l.squares[0].n : 'fold'))).toEqual([
      20,
      30,
      'fold',
      40,
    ]);
  });

  it('shows a row after a sheep on the first board’s last row across to the second', () => {
    const rows = dykeLines(track([95])).filter((l) => l.kind === 'row' && l.near);
    expect(rows.map((l) => (l.kind === 'row' ? l.squares[0].n : -1))).toEqual([90, 100]);
  });

  it('draws the two boards apart, each with its own rows and folds', () => {
    const boards = dykeBoards(track([0, 45]));
    expect(boards.map((b) => b.name)).toEqual(['First board', 'Second board']);
    expect(boards.map((b) => b.lines.filter((l) => l.kind === 'row').length)).toEqual([10, 10]);
    expect(boards[1].lines.filter((l) => l.kind === 'fold')).toEqual([{ kind: 'fold', from: 0, to: 99 }]);
  });
});
