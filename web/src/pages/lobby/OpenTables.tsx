// The public tables now playing, each to watch.
import { shortNameOf } from '../../games';
import type { GameInfo, LobbyTable } from '../../types';

export function OpenTables({ tables, games }: { tables: LobbyTable[]; games: GameInfo[] }) {
  return (
    <section class="panel">
      <h2>Open tables</h2>
      {tables.length === 0 ? (
        <p>No public tables right now.</p>
      ) : (
        <ul class="open-tables">
          {tables.map((t) => (
            <li>
              <a href={`/play/${t.table}`}>{shortNameOf(games, t.game)}</a> —{' '}
              {t.seats.map((s) => s.name + (s.agent === 'human' ? '' : ` (${s.agent})`)).join(', ')} · move {t.version}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
