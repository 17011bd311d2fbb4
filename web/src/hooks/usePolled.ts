// Something the server works on, asked for again while its last answer says
// so (the post-game analysis, a lab job). Each answer (or failure) schedules
// at most one next request, so there is never more than one timer; a new
// answer, a new key or leaving the page clears it, and an answer that
// arrives after that is dropped. After an error it tries again later and
// later (view/analysis_status.ts), and never after one that `ends` says is final.
import { useEffect, useRef, useState } from 'preact/hooks';
import { askRefusalWords, retryDelay } from '../view/analysis_status';

export interface Trouble {
  message: string;
  failures: number; // errors in a row
  retry: number | null; // ms until the next try; null: none
}

export interface Polled<T> {
  value: T | null; // null until the first answer
  trouble: Trouble | null; // the last request's failure (null after an answer)
  ended: boolean; // an error `ends` called final: nothing is asked any more
  // For an answer from elsewhere (an ask that queued the work): the polling goes on from it.
  setValue(value: T): void;
  setTrouble(trouble: Trouble | null): void;
}

export function usePolled<T>(
  key: string | null, // null: nothing is asked
  fetch: () => Promise<T>,
  nextDelay: (answer: T) => number | null, // ms until it is asked again; null: never
  ends: (error: unknown) => boolean,
): Polled<T> {
  const [value, setValue] = useState<T | null>(null);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [ended, setEnded] = useState(false);
  const latestFetch = useRef(fetch);
  latestFetch.current = fetch;

  const wait = key === null || ended ? null : trouble ? trouble.retry : value !== null ? nextDelay(value) : 0;
  useEffect(() => {
    if (wait === null) return;
    let live = true;
    const timer = setTimeout(() => {
      latestFetch.current().then(
        (answer) => {
          if (!live) return;
          setValue(answer);
          setTrouble(null);
        },
        (error: unknown) => {
          if (!live) return;
          if (ends(error)) setEnded(true);
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
  }, [key, wait, value, trouble, ends]);

  return { value, trouble, ended, setValue, setTrouble };
}
