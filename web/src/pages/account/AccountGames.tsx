// The games an account holds a seat at, from the server: the same list on
// every device the person signs in on, unlike the lobby's "My games" (this browser's links).
import { useEffect, useState } from 'preact/hooks';
import { fetchAccountGames, type AccountGame } from '../../account';
import { shortNameOf, useGames } from '../../games';

function standing(g: AccountGame): string {
  if (g.expired) return 'expired';
  if (g.finished) return 'finished';
  return g.actions === 0 ? 'not started' : `in play, ${g.actions} moves`;
}

export function AccountGames() {
  const { games } = useGames();
  const [list, setList] = useState<AccountGame[] | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    fetchAccountGames()
      .then(setList)
      .catch((e: Error) => setProblem(e.message));
  }, []);
  return (
    <section class="panel" id="account-games" aria-label="my games on every device">
      <h2>My games</h2>
      {problem && <p class="error">{problem}</p>}
      {list === null && !problem && <p class="loading">Asking the server…</p>}
      {list?.length === 0 && (
        <p>None yet. A seat becomes yours when you open its link while signed in; then it opens here, on any device.</p>
      )}
      <ul class="my-games">
        {list?.map((g) => (
          <li data-table={g.table}>
            <a href={g.url ?? g.replay}>{shortNameOf(games, g.game)}</a> — {g.names.join(', ')} · you are{' '}
            {g.names[g.seat] ?? `P${g.seat + 1}`} · <strong>{standing(g)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
