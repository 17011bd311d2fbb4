// "Since your last move": where it starts is the log's length once the
// person's own move was shown (expectOwnMove, as they play); it is offered
// while a decision of theirs waits (view/turn.ts sinceLastMove).
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { StateFrame } from '../types';
import { sinceLastMove } from '../view/turn';

export function useSinceMark(frame: StateFrame | undefined, log: string[]) {
  const [mark, setMark] = useState<number | null>(null);
  const awaitingOwnMove = useRef(false);
  useEffect(() => {
    if (awaitingOwnMove.current) {
      awaitingOwnMove.current = false;
      setMark(log.length);
    }
  }, [frame?.version, log.length]);
  const expectOwnMove = useCallback(() => {
    awaitingOwnMove.current = true;
  }, []);
  const since = frame?.legal.length && !frame.result ? sinceLastMove(log, mark) : { lines: [], more: 0 };
  return { since, expectOwnMove };
}
