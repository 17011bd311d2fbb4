// Click-to-updated-board time and each version as it appeared, read by the
// end-to-end run (src/e2e_stats.ts: only its build records them).
import { useCallback, useEffect, useRef } from 'preact/hooks';
import { e2eStats } from '../e2e_stats';

// Returns what to call as the person plays a move.
export function useE2eTiming(version: number | undefined): () => void {
  const clickedAt = useRef<number | null>(null);
  useEffect(() => {
    if (version === undefined || !e2eStats) return;
    e2eStats.version = version;
    e2eStats.shown.push({
      version,
      at: performance.now(),
      mine: clickedAt.current !== null,
      scored: document.querySelector('.zone.scored') !== null,
    });
    if (clickedAt.current !== null) {
      e2eStats.latencies.push(performance.now() - clickedAt.current);
      clickedAt.current = null;
    }
  }, [version]);
  return useCallback(() => {
    clickedAt.current = performance.now();
  }, []);
}
