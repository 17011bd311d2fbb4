// Which held seat the table page shows (view/turn.ts shownSeat), and the
// hot-seat hand-over: when the page moves to another person's seat, nothing
// of it is drawn until they say it is them.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { handOverDue, shownSeat } from '../view/turn';

export function useShownSeat(you: number[], current: number | null, hotseat: boolean) {
  const [shown, setShown] = useState<number | null>(null);
  const [handOver, setHandOver] = useState(false);
  const nextShown = shownSeat(you, current, shown);
  useEffect(() => {
    if (nextShown !== shown) {
      if (handOverDue(hotseat, shown, nextShown)) setHandOver(true);
      setShown(nextShown);
    }
  }, [nextShown, shown, hotseat]);
  const endHandOver = useCallback(() => setHandOver(false), []);
  return { shown, handOver, endHandOver };
}
