// A finished table's analysis on its replay page: where it stands, asked for
// again every 2 s while it is queued or running (view/analysis_status.ts says
// when), and ask() to have it made. The seat is proven with the token this
// browser kept for the table (My games), or by the account's session cookie.
// An uploaded record (table null) has none: nothing is asked.
import { useCallback, useMemo, useState } from 'preact/hooks';
import { askAnalysis, fetchAnalysis, type AnalysisStatus } from '../analysis';
import { askRefusalWords, offersNoAnalysis, pollDelay } from '../view/analysis_status';
import { tokenOf } from '../view/my_games';
import { usePolled } from './usePolled';

export interface AnalysisState {
  status: AnalysisStatus | null; // null until the first answer
  offered: boolean; // false: this server (or table) has no analyses; show nothing
  error: string; // the last failed request's words ('' after an answer)
  asking: boolean;
  ask(): void;
}

export function useAnalysis(table: string | null): AnalysisState {
  const token = useMemo(() => (table ? tokenOf(table) : null), [table]);
  const [asking, setAsking] = useState(false);
  // A server (or table) without analyses answers so once: nothing more is asked, and nothing shown.
  const polled = usePolled(table, () => fetchAnalysis(table ?? '', token), pollDelay, offersNoAnalysis);
  const { setValue: setStatus, setTrouble } = polled;

  const ask = useCallback(() => {
    if (!table) return;
    setAsking(true);
    askAnalysis(table, token)
      .then((answer) => {
        setStatus(answer); // queued: usePolled asks again from here
        setTrouble(null);
      })
      .catch((error: unknown) => setTrouble({ message: askRefusalWords(error), failures: 0, retry: null }))
      .finally(() => setAsking(false));
  }, [table, token, setStatus, setTrouble]);

  return { status: polled.value, offered: !polled.ended, error: polled.trouble?.message ?? '', asking, ask };
}
