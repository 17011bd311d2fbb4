// A finished table's analysis on its replay page: where it stands, asked for
// again every 2 s while it is queued or running (view/analysis_status.ts says
// when), and ask() to have it made. The seat is proven with the token this
// browser kept for the table (My games), or by the account's session cookie.
// An uploaded record (table null) has none: nothing is asked.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { askAnalysis, fetchAnalysis, type AnalysisStatus } from '../analysis';
import { askRefusalWords, offersNoAnalysis, pollDelay, retryDelay } from '../view/analysis_status';
import { tokenOf } from '../view/my_games';

interface Trouble {
  message: string;
  failures: number; // errors in a row
  retry: number | null; // ms until the next try; null: none
}

export interface AnalysisState {
  status: AnalysisStatus | null; // null until the first answer
  offered: boolean; // false: this server (or table) has no analyses; show nothing
  error: string; // the last failed request's words ('' after an answer)
  asking: boolean;
  ask(): void;
}

export function useAnalysis(table: string | null): AnalysisState {
  const token = useMemo(() => (table ? tokenOf(table) : null), [table]);
  const [status, setStatus] = useState<AnalysisStatus | null>(null);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [offered, setOffered] = useState(true);
  const [asking, setAsking] = useState(false);

  // Each answer (or failure) schedules at most one next request, so there is
  // never more than one timer; a new status, a new table or leaving the page
  // clears it, and an answer that arrives after that is dropped.
  const wait = !table || !offered ? null : trouble ? trouble.retry : status ? pollDelay(status) : 0;
  useEffect(() => {
    if (wait === null || !table) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchAnalysis(table, token).then(
        (answer) => {
          if (!live) return;
          setStatus(answer);
          setTrouble(null);
        },
        (error: unknown) => {
          if (!live) return;
          if (offersNoAnalysis(error)) setOffered(false);
          setTrouble((t) => {
            const failures = (t?.failures ?? 0) + 1;
            return { message: askRefusalWords(error), failures, retry: retryDelay(error, failures) };
          });
        },
      );
    }, wait);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [table, token, wait, status, trouble]);

  const ask = useCallback(() => {
    if (!table) return;
    setAsking(true);
    askAnalysis(table, token)
      .then((answer) => {
        setStatus(answer); // queued: the effect above polls from here
        setTrouble(null);
      })
      .catch((error: unknown) => setTrouble({ message: askRefusalWords(error), failures: 0, retry: null }))
      .finally(() => setAsking(false));
  }, [table, token]);

  return { status, offered, error: trouble?.message ?? '', asking, ask };
}
