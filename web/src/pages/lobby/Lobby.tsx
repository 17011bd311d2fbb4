// The lobby (/): Play now and who is online, the games, a new table of the
// chosen one, My games, and the public tables with their open seats (asked
// for again every 5 s).
import { useEffect, useState } from 'preact/hooks';
import { useMe } from '../../account';
import { fetchLobby } from '../../api';
import { useLabInfo } from '../../hooks/useLabInfo';
import { usePlayNow } from '../../hooks/usePlayNow';
import { gamesInWords, useGames } from '../../games';
import type { LobbyTable } from '../../types';
import { Creator } from './Creator';
import { GameCard } from './GameCard';
import { MyGames } from './MyGames';
import { Online } from './Online';
import { OpenTables } from './OpenTables';
import { PlayNow } from './PlayNow';

export function Lobby() {
  const { games, loading, error } = useGames();
  const { me, loading: meLoading } = useMe();
  const playNow = usePlayNow(me !== null);
  const lab = useLabInfo().info; // the link to the lab shows only where the server runs one
  const ticket = playNow.ticket;
  const [tables, setTables] = useState<LobbyTable[]>([]);
  // /?new=<game> (a tutorial's "Play a real game"): that game's new-table form, open.
  const [chosen, setChosen] = useState<string | null>(() => new URLSearchParams(location.search).get('new'));
  const refreshTables = () =>
    fetchLobby()
      .then(setTables)
      .catch(() => {});
  useEffect(() => {
    refreshTables();
    const timer = setInterval(refreshTables, 5000);
    return () => clearInterval(timer);
  }, []);
  const choose = (id: string) => {
    setChosen(id);
    // After the form is drawn.
    setTimeout(() => document.getElementById('new-table')?.scrollIntoView({ block: 'start' }), 0);
  };
  const game = games.find((g) => g.id === chosen);
  const asked = !!game && new URLSearchParams(location.search).get('new') === game.id;
  useEffect(() => {
    if (asked) document.getElementById('new-table')?.scrollIntoView({ block: 'start' });
  }, [asked]);
  return (
    <main class="lobby">
      <header class="top">
        <h1>Bellwether</h1>
        <p class="account-link" id="who">
          {me ? (
            <>
              Signed in as <a href="/account">{me.name}</a> ·{' '}
              <a href={`/players/${encodeURIComponent(me.name)}`}>profile</a>
            </>
          ) : (
            <a href="/account">Sign in or create an account</a>
          )}{' '}
          · <a href="/leaderboard">leaderboard</a>
          {lab?.enabled && (
            <>
              {' '}
              · <a href="/lab">balance lab</a>
            </>
          )}
        </p>
        <p>
          {gamesInWords(games.length)} against bots or friends. Pick a game to start.{' '}
          <a href="/replay">Replay a saved game</a>
        </p>
      </header>
      {error && (
        <p class="error" role="alert">
          Cannot reach the server: {error}
        </p>
      )}
      {loading && <p class="loading">Asking the server for its games…</p>}
      <div class="meeting">
        <PlayNow games={games} me={me} meLoading={meLoading} playNow={playNow} />
        <Online games={games} asked={`${ticket?.state}:${ticket?.state === 'waiting' ? ticket.waiting : ''}`} />
      </div>
      <ul class="games">
        {games.map((g) => (
          <GameCard game={g} chosen={g.id === chosen} onChoose={() => choose(g.id)} />
        ))}
      </ul>
      {game && (
        <section class="panel" id="new-table" aria-label="new table">
          <h2>New table: {game.name}</h2>
          <Creator key={game.id} game={game} onCreated={refreshTables} />
        </section>
      )}
      <MyGames games={games} />
      <OpenTables tables={tables} games={games} me={me} onChanged={refreshTables} />
    </main>
  );
}
