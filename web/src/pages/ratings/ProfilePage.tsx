// /players/<name>: a player's ratings per game (provisional ones marked), a
// chart of each over their rated games, and those games with their places
// and replays. What anyone may see: no sessions, no ids.
import { useEffect, useState } from 'preact/hooks';
import { fetchProfile, type Profile, type RatedGame } from '../../account';
import { shortNameOf, useGames } from '../../games';
import { percent, winRatesByPlayerCount } from '../../view/win_rates';
import { RatingChart } from './RatingChart';

const ordinal = (n: number) => `${n}${['th', 'st', 'nd', 'rd'][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] ?? 'th'}`;

export function ProfilePage({ name }: { name: string }) {
  const { games } = useGames();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    fetchProfile(name)
      .then(setProfile)
      .catch((e: Error) => setProblem(e.message));
  }, [name]);
  const gameName = (id: string) => shortNameOf(games, id);
  return (
    <main class="lobby profile">
      <header class="top">
        <h1>
          <a href="/">Bellwether</a>: {profile?.name ?? name}
        </h1>
        {profile && <p>Playing since {new Date(profile.created).toLocaleDateString()}.</p>}
      </header>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {profile && (
        <section class="panel" id="ratings" aria-label="ratings">
          <h2>Ratings</h2>
          {profile.ratings.length === 0 && <p>No rated game yet.</p>}
          <ul class="ratings">
            {profile.ratings.map((r) => (
              <li data-game={r.game}>
                <h3>
                  {gameName(r.game)}: <span class="rating">{r.rating}</span>
                  {r.provisional && <span class="provisional"> provisional</span>}
                </h3>
                <p class="small">
                  {r.games} rated game{r.games === 1 ? '' : 's'} · skill {r.mu.toFixed(1)} ± {r.sigma.toFixed(1)} ·{' '}
                  <a href={`/leaderboard/${r.game}`}>leaderboard</a>
                </p>
                <RatingChart games={profile.history.filter((g) => g.game === r.game)} label={gameName(r.game)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {profile && profile.history.length > 0 && <WinRates history={profile.history} />}
      {profile && profile.history.length > 0 && (
        <section class="panel" id="rated-games" aria-label="rated games">
          <h2>Rated games</h2>
          <ul class="my-games">
            {profile.history.map((g) => (
              <li data-table={g.table}>
                {new Date(g.at).toLocaleString()} · {gameName(g.game)} · {ordinal(g.rank)} of {g.players} · rating{' '}
                {g.rating} · <a href={`/replay/${g.table}`}>replay</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

// Of the rated games listed, how often the player came first, by the number of people rated in each.
function WinRates({ history }: { history: RatedGame[] }) {
  return (
    <section class="panel" id="win-rates" aria-label="win rate by player count">
      <h2>Win rate by number of players</h2>
      <table class="win-rates">
        <thead>
          <tr>
            <th scope="col">People rated</th>
            <th scope="col">Rated games</th>
            <th scope="col">Won</th>
            <th scope="col">Win rate</th>
            <th scope="col">By chance</th>
          </tr>
        </thead>
        <tbody>
          {winRatesByPlayerCount(history).map((row) => (
            <tr data-players={row.players}>
              <td>{row.players}</td>
              <td>{row.games}</td>
              <td>{row.wins}</td>
              <td>{percent(row.rate)}</td>
              <td>{percent(row.chance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="small">
        Of the rated games below, counted by the people rated in each (bots are not placed); a tie for first counts as a
        win. "By chance" is one in as many.
      </p>
    </section>
  );
}
