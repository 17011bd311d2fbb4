// A lab job on its page (/lab/<id>): its state, asked for again every second
// while it is queued or running (view/lab_status.ts says when), so that the
// progress and the charts follow the games; once done or failed, never again.
// After an error it tries again later and later, and not at all for a job the
// server does not know.
import { fetchLabJob, type LabJob } from '../lab';
import { isUnknownJob, jobPollDelay } from '../view/lab_status';
import { usePolled } from './usePolled';

export interface LabJobState {
  job: LabJob | null; // null until the first answer
  error: string; // the last failed request's words ('' after an answer)
  unknown: boolean; // the server has no such job
}

export function useLabJob(id: string): LabJobState {
  const polled = usePolled(id, () => fetchLabJob(id), jobPollDelay, isUnknownJob);
  return { job: polled.value, error: polled.trouble?.message ?? '', unknown: polled.ended };
}
