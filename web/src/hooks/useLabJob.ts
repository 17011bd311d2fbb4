// A lab job on its page (/lab/<id>): its state, asked for again every second
// while it is queued or running (view/lab_status.ts says when), so that the
// progress and the charts follow the games; once done or failed, never again.
// After an error it tries again later and later, and not at all for a job the
// server does not know.
import { useEffect, useState } from 'preact/hooks';
import { fetchLabJob, type LabJob } from '../lab';
import { askRefusalWords, retryDelay } from '../view/analysis_status';
import { isUnknownJob, jobPollDelay } from '../view/lab_status';

interface Trouble {
  message: string;
  failures: number; // errors in a row
  retry: number | null; // ms until the next try; null: none
}

export interface LabJobState {
  job: LabJob | null; // null until the first answer
  error: string; // the last failed request's words ('' after an answer)
  unknown: boolean; // the server has no such job
}

export function useLabJob(id: string): LabJobState {
  const [job, setJob] = useState<LabJob | null>(null);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [unknown, setUnknown] = useState(false);

  // Each answer (or failure) schedules at most one next request, so there is
  // never more than one timer; leaving the page clears it, and an answer that
  // arrives after that is dropped.
  const wait = unknown ? null : trouble ? trouble.retry : job ? jobPollDelay(job) : 0;
  useEffect(() => {
    if (wait === null) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchLabJob(id).then(
        (answer) => {
          if (!live) return;
          setJob(answer);
          setTrouble(null);
        },
        (error: unknown) => {
          if (!live) return;
          if (isUnknownJob(error)) setUnknown(true);
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
  }, [id, wait, job, trouble]);

  return { job, error: trouble?.message ?? '', unknown };
}
