// The person's move in the making: a piece with several moves opens a choice
// (picking) that a second click on the board may finish (followUps), the move
// pointed at shows its hint and where it leads (preview), and number keys play
// moves (view/board.ts numberKeys: a printed card's digit, else the list's
// first nine) while Escape closes a choice.
import { useCallback, useMemo, useState } from 'preact/hooks';
import type { Legal } from '../types';
import { followUpTargets, numberKeys } from '../view/board';
import { useKeys } from './useKeys';

export interface Picking {
  key: string; // the board piece clicked
  actions: Legal[];
}

// legal: the moves the page may play now (none while a hand-over or a reconnection waits);
// play: sends one, after the choice is closed.
export function useMoveChoice(legal: Legal[], play: (action: Legal) => void) {
  const [picking, setPicking] = useState<Picking | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null); // where a pointed-at move leads
  const keys = useMemo(() => numberKeys(legal), [legal]);
  const followUps = useMemo(() => (picking ? followUpTargets(picking.actions) : new Map<string, Legal[]>()), [picking]);
  const act = useCallback(
    (action: Legal) => {
      setPicking(null);
      setHint(null);
      setPreview(null);
      play(action);
    },
    [play],
  );
  // A piece clicked: its one move is played; several open a choice, which a
  // second click on the same piece closes again (one a board click finishes narrows instead).
  const pick = useCallback(
    (key: string, actions: Legal[]) => {
      if (actions.length === 1) act(actions[0]);
      else if (picking?.key === key && followUps.size === 0) setPicking(null);
      else setPicking({ key, actions });
    },
    [act, picking, followUps],
  );
  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPicking(null);
      const move = keys.get(e.key.toLowerCase());
      if (move && !e.altKey && !e.ctrlKey && !e.metaKey) act(move);
    },
    [keys, act],
  );
  useKeys(onKey);
  return { picking, setPicking, pick, followUps, hint, setHint, preview, setPreview, keys, act };
}

export type MoveChoice = ReturnType<typeof useMoveChoice>;
