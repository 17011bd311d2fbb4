// Each seat's last move stays marked on the board until the person's next
// move (clearLastMoves); an undo clears them.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { LastMove, StateFrame } from '../types';
import { lastMoveMarks, type Layout } from '../view/board';

export function useLastMoves(frame: StateFrame | undefined, layout: Layout | null, names: string[]) {
  const [lastMoves, setLastMoves] = useState<Map<number, LastMove>>(new Map());
  const last = frame?.last;
  useEffect(() => {
    if (last === undefined) return;
    setLastMoves((before) => (last === null ? new Map() : new Map(before).set(last.seat, last)));
  }, [frame?.version, last]);
  const viewer = frame?.seat ?? null;
  const marks = useMemo(
    () => (layout ? lastMoveMarks(layout, [...lastMoves.values()], names, viewer) : new Map<string, string[]>()),
    [layout, lastMoves, names, viewer],
  );
  const clearLastMoves = useCallback(() => setLastMoves(new Map()), []);
  return { marks, clearLastMoves };
}
