// /leaderboard/<game>: the game's best ratings that are no longer
// provisional (docs/ratings.md), with a tab per game.
import { useEffect, useState } from 'preact/hooks';
import { fetchLeaderboard, type LeaderboardRow } from '../../account';
import { shortNameOf, useGames } from '../../games';

export function LeaderboardPage({ game }: { game: string | null }) {
  const { games } = useGames();
  const shown = game ?? games[0]?.id ?? null;
  const [rows, setRows] = useState<LeaderboardRow[] | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (!shown) return;
    setRows(null);
    setProblem('');
    fetchLeaderboard(shown)
      .then(setRows)
      .catch((e: Error) => setProblem(e.message));
  }, [shown]);
  return (
    <main class="lobby leaderboard">
      <header class="top">
        <h1>
          <a href="/">Bellwether</a>: leaderboard
        </h1>
        <p>
          The settled ratings of each game: a rating appears here after ten rated games, once the games have made it
          sure. A newcomer starts at 0; winning against stronger players raises it most.
        </p>
      </header>
      <nav class="row" aria-label="games">
        {games.map((g) => (
          <a href={`/leaderboard/${g.id}`} aria-current={g.id === shown ? 'page' : undefined} class="tab">
            {g.short_name}
          </a>
        ))}
      </nav>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {shown && (
        <section class="panel" id="leaderboard" aria-label={`${shortNameOf(games, shown)} leaderboard`}>
          <h2>{shortNameOf(games, shown)}</h2>
          {rows?.length === 0 && <p>Nobody yet: a rating appears here after ten rated games.</p>}
          {rows && rows.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th scope="col">Place</th>
                  <th scope="col">Player</th>
                  <th scope="col">Rating</th>
                  <th scope="col">Rated games</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr>
                    <td>{r.place}</td>
                    <td>
                      <a href={`/players/${encodeURIComponent(r.name)}`}>{r.name}</a>
                    </td>
                    <td>{r.rating}</td>
                    <td>{r.games}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </main>
  );
}
