// /lab/<id>: one job, followed while it is queued or running (the charts fill
// in as games are played), then its report, kept by the server under this
// address for good.
import { useGames } from '../../games';
import { useLabJob } from '../../hooks/useLabJob';
import { LabCharts } from './LabCharts';
import { LabHeader } from './LabHeader';
import { LabNumbers } from './LabNumbers';
import { LabProgress } from './LabProgress';
import { LabSpecList } from './LabSpecList';

export function LabJobPage({ id }: { id: string }) {
  const { job, error, unknown } = useLabJob(id);
  const { games } = useGames();
  const game = games.find((g) => g.id === job?.spec.game);
  const results = job && job.status !== 'queued' && job.status !== 'failed' ? job.results : undefined;
  return (
    <main class="lobby lab">
      <LabHeader>
        <a href="/lab">Start another job</a>
      </LabHeader>
      {unknown ? (
        <p class="error" role="alert">
          This server has no lab job {id}: a job is kept once it is done, and one that was queued or running when the
          server stopped is lost. <a href="/lab">Start a new one</a>.
        </p>
      ) : (
        error && (
          <p class="error" role="alert">
            Cannot reach the server: {error}
          </p>
        )
      )}
      {!job && !error && <p class="loading">Asking the server for job {id}…</p>}
      {job && (
        <>
          <section class="panel lab-job" aria-labelledby="lab-job-title">
            <h2 id="lab-job-title">
              {game?.name ?? job.spec.game}, {job.spec.seats.length} players: {job.spec.seats.join(' · ')}
            </h2>
            <LabProgress job={job} game={game} />
            <LabSpecList spec={job.spec} game={game} />
          </section>
          {results ? (
            <>
              <LabCharts results={results} players={job.spec.seats.length} />
              <LabNumbers results={results} />
            </>
          ) : (
            job.status !== 'failed' && <p class="hint">The charts appear once the first game is played.</p>
          )}
        </>
      )}
    </main>
  );
}
