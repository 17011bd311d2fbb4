// Where the account is signed in, each of which can be signed out from here.
import { useEffect, useState } from 'preact/hooks';
import { endSession, fetchSessions, type SessionInfo } from '../../account';
import { describeAgent } from '../../view/agent_words';

const when = (ms: number) => new Date(ms).toLocaleString();

export function Sessions({ onSelfEnded }: { onSelfEnded: () => void }) {
  const [list, setList] = useState<SessionInfo[]>([]);
  const [problem, setProblem] = useState('');
  const load = () =>
    fetchSessions()
      .then(setList)
      .catch((e: Error) => setProblem(e.message));
  useEffect(() => {
    load();
  }, []);
  const end = (s: SessionInfo) =>
    endSession(s.id)
      .then(() => (s.current ? onSelfEnded() : load()))
      .catch((e: Error) => setProblem(e.message));
  return (
    <section class="panel" id="sessions" aria-label="where you are signed in">
      <h2>Where you are signed in</h2>
      {problem && <p class="error">{problem}</p>}
      <ul class="sessions">
        {[...list.filter((s) => s.current), ...list.filter((s) => !s.current)].map((s) => (
          <li data-session={s.id}>
            <span class="agent" title={s.agent}>
              {describeAgent(s.agent)}
            </span>{' '}
            · since {when(s.created)}, last seen {when(s.seen)}
            {s.current ? <strong> (this browser)</strong> : null}{' '}
            <button type="button" onClick={() => end(s)}>
              Sign out{s.current ? '' : ' there'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
