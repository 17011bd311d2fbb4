// The balance lab (docs/protocol.md, "Balance lab"): /lab is the form,
// /lab/<id> a job's page and permalink. Loaded only when one of them opens:
// the lobby's bundle carries none of it.
import '../../styles/lab.css';
import { useGames } from '../../games';
import { useLabInfo } from '../../hooks/useLabInfo';
import { LabForm } from './LabForm';
import { LabHeader } from './LabHeader';
import { LabJobPage } from './LabJobPage';

function LabFormPage() {
  const { games, error: gamesError } = useGames();
  const { info, error } = useLabInfo();
  const problem = error || gamesError;
  return (
    <main class="lobby lab">
      <LabHeader>{info?.enabled && 'Pick a game, a level for each seat and how many games, then Run.'}</LabHeader>
      {problem && (
        <p class="error" role="alert">
          Cannot reach the server: {problem}
        </p>
      )}
      {info && !info.enabled && (
        <p id="lab-off" class="error" role="alert">
          {info.message}
        </p>
      )}
      {!problem && (!info || games.length === 0) && <p class="loading">Asking the server what its lab allows…</p>}
      {info?.enabled && games.length > 0 && <LabForm games={games} limits={info} maxSeconds={info.max_seconds} />}
    </main>
  );
}

export function LabPage({ job }: { job: string | null }) {
  return job ? <LabJobPage id={job} /> : <LabFormPage />;
}
