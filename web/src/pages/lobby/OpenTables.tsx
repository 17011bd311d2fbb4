// The public tables now playing, each to watch, and their open seats: a
// signed-in person takes one (POST /api/tables/{id}/seats/{seat}) and goes
// to the table, where the signed-in join sits them in it.
import { useState } from 'preact/hooks';
import type { Me } from '../../account';
import type { ServerRefusal } from '../../api';
import { shortNameOf } from '../../games';
import { takeSeat } from '../../meeting';
import type { GameInfo, LobbyTable, SeatInfo } from '../../types';

const seatWords = (s: SeatInfo) => s.name + (s.open ? ' (open)' : s.agent === 'human' ? '' : ` (${s.agent})`);

export function OpenTables({
  tables,
  games,
  me,
  onChanged,
}: {
  tables: LobbyTable[];
  games: GameInfo[];
  me: Me | null;
  onChanged(): void;
}) {
  const [error, setError] = useState('');
  const [taking, setTaking] = useState(false);
  const take = (table: string, seat: number) => {
    setError('');
    setTaking(true);
    takeSeat(table, seat)
      .then((r) => location.assign(r.url))
      .catch((e: ServerRefusal) => {
        setError(e.message);
        setTaking(false);
        if (e.code === 'seat-taken') onChanged();
      });
  };
  const anyOpen = tables.some((t) => t.seats.some((s) => s.open));
  return (
    <section class="panel" id="open-tables" aria-labelledby="open-tables-heading">
      <h2 id="open-tables-heading">Open tables</h2>
      {tables.length === 0 ? (
        <p>No public tables right now.</p>
      ) : (
        <ul class="open-tables">
          {tables.map((t) => (
            <li data-table={t.table}>
              <a href={`/play/${t.table}`}>{shortNameOf(games, t.game)}</a> — {t.seats.map(seatWords).join(', ')} · move{' '}
              {t.version}
              {t.seats
                .filter((s) => s.open)
                .map((s) => (
                  <button
                    type="button"
                    class="take-seat"
                    data-seat={s.seat}
                    disabled={!me || taking}
                    aria-describedby={me ? undefined : 'take-seat-hint'}
                    onClick={() => take(t.table, s.seat)}
                  >
                    Take seat {s.name}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {anyOpen && !me && (
        <p class="hint" id="take-seat-hint">
          An open seat is for someone signed in: <a href="/account?next=/%23open-tables">sign in</a> to take one.
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
