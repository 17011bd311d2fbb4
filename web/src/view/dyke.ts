// Hustle's dyke on a phone (issue 50, "the phone on one screen"): two boards
// of 100 fields take two screens there, so a phone shows the rows of ten that
// a bid needs, each sheep's row and the row after it, and folds each run of
// the other rows of a board into one line saying which fields it holds.
import type { TrackSquare } from './board';

export const DYKE_ROW = 10;
const BOARD = 100;

export type DykeLine =
  | { kind: 'row'; squares: TrackSquare[]; near: boolean } // near: shown on a phone
  | { kind: 'fold'; from: number; to: number }; // the fields of folded rows, numbered on their board (0–99)

// The rows near a sheep: its own and the next (where its sheep goes), on the same board or the next.
export function nearRows(track: TrackSquare[]): Set<number> {
  const rows = new Set<number>();
  const last = Math.floor((track.length - 1) / DYKE_ROW);
  for (const sq of track)
    if (sq.sheep.length) {
      const row = Math.floor(sq.n / DYKE_ROW);
      rows.add(row);
      if (row < last) rows.add(row + 1);
    }
  return rows;
}

// The track as rows of ten, each run of rows far from every sheep followed by
// a fold line (a run never crosses from one board to the next).
export function dykeLines(track: TrackSquare[]): DykeLine[] {
  const near = nearRows(track);
  const lines: DykeLine[] = [];
  let fold: { from: number; to: number } | null = null;
  const endFold = () => {
    if (fold) lines.push({ kind: 'fold', ...fold });
    fold = null;
  };
  for (let i = 0; i < track.length; i += DYKE_ROW) {
    const squares = track.slice(i, i + DYKE_ROW);
    const row = Math.floor(squares[0].n / DYKE_ROW);
    const first = squares[0].n % BOARD;
    const lastField = squares[squares.length - 1].n % BOARD;
    if (first === 0) endFold(); // a new board
    const isNear = near.has(row);
    if (isNear) endFold();
    else fold = fold ? { from: fold.from, to: lastField } : { from: first, to: lastField };
    lines.push({ kind: 'row', squares, near: isNear });
  }
  endFold();
  return lines;
}

// The lines of each board on its own (the dyke is drawn as its two boards),
// each board named as the log names it.
export function dykeBoards(track: TrackSquare[]): { name: string; lines: DykeLine[] }[] {
  const boards: { name: string; lines: DykeLine[] }[] = [];
  for (const line of dykeLines(track)) {
    if (line.kind === 'row' && line.squares[0].n % BOARD === 0)
      boards.push({ name: boards.length === 0 ? 'First board' : 'Second board', lines: [] });
    boards[boards.length - 1]?.lines.push(line);
  }
  return boards;
}
