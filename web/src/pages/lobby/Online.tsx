// Who is online (GET /api/online, asked again every 15 s): how many people
// signed in were here in the last minutes, up to 20 of their names, each to
// its profile, and the Play now queues someone waits in.
import { useEffect, useState } from 'preact/hooks';
import { fetchOnline, type Online as OnlineList } from '../../meeting';
import type { GameInfo } from '../../types';
import { onlineNames, onlineQueueLine, peopleOnline, playerHref } from '../../view/meeting';

const REFRESH_MS = 15000;

// `asked` changes when the person's own Play now ticket does: the list is asked for again then.
export function Online({ games, asked }: { games: GameInfo[]; asked: string }) {
  const [online, setOnline] = useState<OnlineList | null>(null);
  useEffect(() => {
    const refresh = () =>
      fetchOnline()
        .then(setOnline)
        .catch(() => {}); // the last answer stays; none: the section is left out
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [asked]);
  if (!online) return null;
  const { names, more } = onlineNames(online);
  return (
    <section class="panel online" id="online" aria-labelledby="online-heading">
      <h2 id="online-heading">Who is online</h2>
      <p class="online-count">{peopleOnline(online.count)}</p>
      {names.length > 0 && (
        <ul class="online-names">
          {names.map((name) => (
            <li>
              <a href={playerHref(name)}>{name}</a>
            </li>
          ))}
          {more > 0 && <li class="more">and {more} more</li>}
        </ul>
      )}
      {online.queues.length > 0 ? (
        <ul class="online-queues">
          {online.queues.map((q) => (
            <li>{onlineQueueLine(q, games)}</li>
          ))}
        </ul>
      ) : (
        <p class="online-queues-none">Nobody is waiting in Play now.</p>
      )}
    </section>
  );
}
