// The tables this browser holds links to, each with where it stands now.
import { useEffect, useState } from 'preact/hooks';
import { fetchTable } from '../../api';
import { shortNameOf } from '../../games';
import type { GameInfo, LobbyTable } from '../../types';
import { forgetGame, myGames, type MyGame } from '../../view/my_games';
import { CopyButton } from './CopyButton';

// A table as the server last told it: undefined while asking, 'unknown' when it did not answer, null when gone.
type TableState = LobbyTable | null | 'unknown' | undefined;

function whereItStands(g: MyGame, t: TableState): string {
  if (t === undefined) return 'checking…';
  if (t === 'unknown') return 'cannot reach the server';
  if (t === null) return 'over or expired';
  if (t.finished) return 'finished';
  if (t.current === null) return 'waiting to start';
  if (g.seats.includes(t.current)) return 'your turn';
  return `waiting for ${t.seats[t.current]?.name ?? `P${t.current + 1}`}`;
}

export function MyGames({ games }: { games: GameInfo[] }) {
  const [list, setList] = useState<MyGame[]>(() => myGames());
  const [states, setStates] = useState<Record<string, LobbyTable | null | 'unknown'>>({});
  useEffect(() => {
    for (const g of list)
      fetchTable(g.table, g.token)
        .then((t) => setStates((s) => ({ ...s, [g.table]: t })))
        .catch(() => setStates((s) => ({ ...s, [g.table]: 'unknown' })));
  }, [list]);
  if (list.length === 0) return null;
  return (
    <section class="panel" id="my-games" aria-label="my games">
      <h2>My games</h2>
      <ul class="my-games">
        {list.map((g) => {
          const t = states[g.table];
          const seats = t && t !== 'unknown' ? t.seats.map((s) => s.name).join(', ') : '';
          const status = whereItStands(g, t);
          return (
            <li data-table={g.table}>
              <a href={g.url}>{shortNameOf(games, g.game)}</a>
              {seats && <span> — {seats}</span>} ·{' '}
              <strong class={status === 'your turn' ? 'your-turn' : ''}>{status}</strong>{' '}
              <CopyButton text={location.origin + g.url} label="Copy my link" />
              {g.invites.map((i) => (
                <CopyButton text={location.origin + i.url} label={`Copy P${i.seat + 1}'s invite`} />
              ))}
              {g.spectator && <CopyButton text={location.origin + g.spectator} label="Copy watch link" />}
              <button type="button" class="forget" onClick={() => setList(forgetGame(g.table))}>
                Forget
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
