// Where a job stands: the status line and the progress bar while it runs;
// when it is done, the permalink (this page's own address, which keeps the
// report) and why it stopped early, if it did; when it failed, why, and the
// form again with the same set-up.
import type { LabJob } from '../../lab';
import type { GameInfo } from '../../types';
import { formUrl } from '../../view/lab_form';
import { jobPhaseWords, jobProgress, jobStatusWords } from '../../view/lab_status';
import { CopyButton } from '../lobby/CopyButton';

export function LabProgress({ job, game }: { job: LabJob; game: GameInfo | undefined }) {
  const progress = jobProgress(job);
  const permalink = `${location.origin}${location.pathname}`;
  return (
    <div class="lab-progress">
      <span class="visually-hidden" role="status">
        {jobPhaseWords(job)}
      </span>
      <p id="lab-status" class="lab-status-line">
        {jobStatusWords(job)}
      </p>
      {progress && (
        <progress
          id="lab-progress"
          value={progress.value}
          max={progress.max}
          aria-label={`games played: ${progress.value} of ${progress.max}`}
        />
      )}
      {job.status === 'done' && job.message && <p class="warn">{job.message}</p>}
      {job.status === 'failed' && (
        <>
          <p class="error">{job.message}</p>
          <p>
            <a id="lab-again" href={formUrl(job.spec, game)}>
              Back to the form with the same set-up
            </a>
          </p>
        </>
      )}
      {job.status === 'done' && (
        <>
          <p class="lab-permalink">
            Permalink:{' '}
            <a id="lab-permalink" href={permalink}>
              {permalink}
            </a>{' '}
            <CopyButton text={permalink} label="Copy link" />
          </p>
          <p>
            <a id="lab-again" href={formUrl(job.spec, game)}>
              Change the set-up and run again
            </a>
          </p>
        </>
      )}
    </div>
  );
}
