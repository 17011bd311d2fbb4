import { useEffect, useState } from 'preact/hooks';
import { AWAY_CHOICES, TIME_CHOICES, isTurnBased, timeRequest } from '../view/time_choices';
import { createTable, fetchGames, fetchLobby, fetchTable, type CreateReply } from '../api';
import { BLURBS } from '../boards';
import type { GameInfo, GameParam, LobbyTable } from '../types';
import { forgetGame, myGames, rememberGame, type MyGame } from '../view/my_games';
import { checkName } from '../view/names';
import { loadName, saveName } from '../prefs';
import { defaultSeats, planSeats, SEAT_CHOICES } from '../view/seats';

function ParamInput({ param, value, onChange }: { param: GameParam; value: string; onChange: (v: string) => void }) {
  const id = `param-${param.name}`;
  let input;
  if (param.type === 'bool') {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={value === 'true'}
        onChange={(e) => onChange((e.target as HTMLInputElement).checked ? 'true' : 'false')}
      />
    );
  } else if (param.type === 'choice' && param.choices) {
    input = (
      <select id={id} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {param.choices.map((c) => (
          <option value={c}>{c}</option>
        ))}
      </select>
    );
  } else if (param.type === 'int') {
    input = (
      <input
        id={id}
        type="number"
        min={param.min}
        max={param.max}
        value={value}
        onInput={(e) => onChange((e.target as HTMLInputElement).value)}
      />
    );
  } else {
    input = (
      <textarea id={id} rows={2} value={value} onInput={(e) => onChange((e.target as HTMLTextAreaElement).value)} />
    );
  }
  return (
    <div class="param">
      <label for={id}>{param.name.replace(/_/g, ' ')}</label>
      {input}
      <small>
        {param.help} (default: {param.default || 'none'})
      </small>
    </div>
  );
}

// Copies a link; where the browser refuses the clipboard (a page not on https), says to copy by hand.
function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState('');
  return (
    <button
      type="button"
      class="copy"
      onClick={() =>
        navigator.clipboard
          ?.writeText(text)
          .then(() => setDone('Copied'))
          .catch(() => setDone('Select the link and copy it'))
      }
    >
      {done || label}
    </button>
  );
}

function Created({ reply, friends }: { reply: CreateReply; friends: number[] }) {
  const own = reply.hotseat?.url ?? reply.invites.find((i) => !friends.includes(i.seat ?? -1))?.url;
  return (
    <div class="created" role="status">
      <h3>Table {reply.table} is ready</h3>
      {friends.map((seat) => {
        const link = reply.invites.find((i) => i.seat === seat);
        return (
          link && (
            <p>
              Send this link to the friend at seat P{seat + 1}:{' '}
              <input
                readOnly
                class="link"
                value={location.origin + link.url}
                onFocus={(e) => (e.target as HTMLInputElement).select()}
              />{' '}
              <CopyButton text={location.origin + link.url} />
            </p>
          )
        );
      })}
      <p>
        Watch-only link:{' '}
        <input
          readOnly
          class="link"
          value={location.origin + reply.spectator.url}
          onFocus={(e) => (e.target as HTMLInputElement).select()}
        />{' '}
        <CopyButton text={location.origin + reply.spectator.url} />
      </p>
      {own ? (
        <a class="button primary" href={own} id="go-to-table">
          Go to the table
        </a>
      ) : (
        <a class="button" href={reply.spectator.url}>
          Watch the table
        </a>
      )}
    </div>
  );
}

function Creator({ game }: { game: GameInfo }) {
  const [count, setCount] = useState(Math.min(3, game.max_players));
  const [seats, setSeats] = useState(defaultSeats(count));
  const [params, setParams] = useState<Record<string, string>>({});
  const [isPublic, setPublic] = useState(false);
  const [timeChoice, setTimeChoice] = useState('none');
  const [awaySeconds, setAwaySeconds] = useState(120);
  const [standIn, setStandIn] = useState('medium');
  const [error, setError] = useState('');
  const [reply, setReply] = useState<CreateReply | null>(null);
  // The person's name, remembered by this browser; it names their first seat here.
  const [typedName, setTypedName] = useState(loadName);
  const named = checkName(typedName);
  const plan = planSeats(seats);

  const changeCount = (n: number) => {
    setCount(n);
    setSeats(Array.from({ length: n }, (_, i) => seats[i] ?? 'medium'));
  };
  const create = async () => {
    setError('');
    if (named.problem) {
      setError(`Your name: ${named.problem}.`);
      return;
    }
    saveName(named.name);
    try {
      const r = await createTable({
        game: game.id,
        params,
        seats: plan.seats.map((seat, i) => (named.name && i === plan.mine[0] ? { ...seat, name: named.name } : seat)),
        public: isPublic,
        hotseat: plan.hotseat,
        ...timeRequest(timeChoice, awaySeconds, standIn),
      });
      setReply(r);
      const own = r.hotseat ?? r.invites.find((i) => !plan.friends.includes(i.seat ?? -1));
      rememberGame({
        table: r.table,
        game: game.id,
        url: own?.url ?? r.spectator.url,
        token: own?.token ?? r.spectator.token,
        seats: r.hotseat?.seats ?? (own?.seat !== undefined ? [own.seat] : []),
        invites: r.invites
          .filter((i) => plan.friends.includes(i.seat ?? -1))
          .map((i) => ({ seat: i.seat!, url: i.url })),
        spectator: r.spectator.url,
      });
      if (plan.friends.length === 0 && !isPublic) location.href = r.hotseat?.url ?? r.invites[0].url;
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div class="creator">
      <fieldset>
        <legend>Players</legend>
        <label>
          Your name{' '}
          <input
            id="your-name"
            type="text"
            maxLength={64}
            placeholder={`P${(plan.mine[0] ?? 0) + 1}`}
            value={typedName}
            aria-invalid={named.problem ? 'true' : undefined}
            onInput={(e) => setTypedName((e.target as HTMLInputElement).value)}
          />
        </label>
        {named.problem && <p class="warn">{named.problem}</p>}
        <label>
          Number of players{' '}
          <select
            id="player-count"
            value={count}
            onChange={(e) => changeCount(Number((e.target as HTMLSelectElement).value))}
          >
            {Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map(
              (n) => (
                <option value={n}>{n}</option>
              ),
            )}
          </select>
        </label>
        {seats.map((choice, i) => (
          <label class="seat-choice">
            Seat P{i + 1}
            <select
              class="seat-select"
              value={choice}
              onChange={(e) => {
                const next = [...seats];
                next[i] = (e.target as HTMLSelectElement).value;
                setSeats(next);
              }}
            >
              {SEAT_CHOICES.map((c) => (
                <option value={c.value}>{c.label}</option>
              ))}
            </select>
          </label>
        ))}
        {plan.mine.length === 0 && <p class="warn">Nobody plays on this screen: you will get links only.</p>}
        <label>
          <input
            type="checkbox"
            checked={isPublic}
            onChange={(e) => setPublic((e.target as HTMLInputElement).checked)}
          />{' '}
          list the table in the lobby (anyone may watch)
        </label>
      </fieldset>
      <fieldset class="time-control">
        <legend>Time and leaving</legend>
        <label>
          Clock{' '}
          <select
            id="time-control"
            value={timeChoice}
            onChange={(e) => setTimeChoice((e.target as HTMLSelectElement).value)}
          >
            {TIME_CHOICES.map((c) => (
              <option value={c.value}>{c.label}</option>
            ))}
          </select>
        </label>
        <label>
          If someone leaves, a{' '}
          <select id="stand-in" value={standIn} onChange={(e) => setStandIn((e.target as HTMLSelectElement).value)}>
            <option value="easy">easy</option>
            <option value="medium">medium</option>
            <option value="hard">hard</option>
          </select>{' '}
          bot plays for them{' '}
          {isTurnBased(timeChoice) ? (
            <span>when their day is up</span>
          ) : (
            <select
              id="away-after"
              value={awaySeconds}
              onChange={(e) => setAwaySeconds(Number((e.target as HTMLSelectElement).value))}
            >
              {AWAY_CHOICES.map((c) => (
                <option value={c.seconds}>{c.label}</option>
              ))}
            </select>
          )}
          {timeChoice !== 'none' && !isTurnBased(timeChoice) && <span> or when their time runs out</span>}, until they
          come back.
        </label>
      </fieldset>
      <details>
        <summary>Variants and options ({game.params.length})</summary>
        {game.params.map((p) => (
          <ParamInput
            param={p}
            value={params[p.name] ?? p.default}
            onChange={(v) => setParams({ ...params, [p.name]: v })}
          />
        ))}
      </details>
      <button class="primary" id="create" onClick={create}>
        Create the table
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {reply && <Created reply={reply} friends={plan.friends} />}
    </div>
  );
}

// The tables this browser holds links to, each with where it stands now.
function MyGames({ games }: { games: GameInfo[] }) {
  const [list, setList] = useState<MyGame[]>(() => myGames());
  const [states, setStates] = useState<Record<string, LobbyTable | null | 'unknown'>>({});
  useEffect(() => {
    for (const g of list)
      fetchTable(g.table, g.token)
        .then((t) => setStates((s) => ({ ...s, [g.table]: t })))
        .catch(() => setStates((s) => ({ ...s, [g.table]: 'unknown' })));
  }, [list]);
  if (list.length === 0) return null;
  const where = (g: MyGame): string => {
    const t = states[g.table];
    if (t === undefined) return 'checking…';
    if (t === 'unknown') return 'cannot reach the server';
    if (t === null) return 'over or expired';
    if (t.finished) return 'finished';
    if (t.current === null) return 'waiting to start';
    if (g.seats.includes(t.current)) return 'your turn';
    return `waiting for ${t.seats[t.current]?.name ?? `P${t.current + 1}`}`;
  };
  return (
    <section class="panel" id="my-games" aria-label="my games">
      <h2>My games</h2>
      <ul class="my-games">
        {list.map((g) => {
          const t = states[g.table];
          const seats = t && t !== 'unknown' ? t.seats.map((s) => s.name).join(', ') : '';
          const status = where(g);
          return (
            <li data-table={g.table}>
              <a href={g.url}>{games.find((x) => x.id === g.game)?.name ?? g.game}</a>
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

export function Lobby() {
  const [games, setGames] = useState<GameInfo[]>([]);
  const [tables, setTables] = useState<LobbyTable[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchGames()
      .then(setGames)
      .catch((e) => setError(e.message));
    const refresh = () =>
      fetchLobby()
        .then(setTables)
        .catch(() => {});
    refresh();
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, []);
  const game = games.find((g) => g.id === chosen);
  return (
    <main class="lobby">
      <header class="top">
        <h1>Bellwether</h1>
        <p>
          Five sheep games against bots or friends. Pick a game to start. <a href="/replay">Replay a saved game</a>
        </p>
      </header>
      {error && (
        <p class="error" role="alert">
          Cannot reach the server: {error}
        </p>
      )}
      <ul class="games">
        {games.map((g) => (
          <li class={`game-card ${g.id === chosen ? 'chosen' : ''}`}>
            <h2>{g.name}</h2>
            <p>{BLURBS[g.id] ?? ''}</p>
            <p class="meta">
              {g.min_players}–{g.max_players} players · {g.params.length} options
            </p>
            <div class="row">
              <button
                class="primary"
                data-game={g.id}
                onClick={() => {
                  setChosen(g.id);
                  setTimeout(() => document.getElementById('new-table')?.scrollIntoView({ block: 'start' }), 0);
                }}
              >
                Play {g.name}
              </button>
              <a href={`/rules/${g.id}`} target="_blank">
                How to play
              </a>
            </div>
          </li>
        ))}
      </ul>
      {game && (
        <section class="panel" id="new-table" aria-label="new table">
          <h2>New table: {game.name}</h2>
          <Creator key={game.id} game={game} />
        </section>
      )}
      <MyGames games={games} />
      <section class="panel">
        <h2>Open tables</h2>
        {tables.length === 0 ? (
          <p>No public tables right now.</p>
        ) : (
          <ul class="open-tables">
            {tables.map((t) => (
              <li>
                <a href={`/play/${t.table}`}>{games.find((g) => g.id === t.game)?.name ?? t.game}</a> —{' '}
                {t.seats.map((s) => s.name + (s.agent === 'human' ? '' : ` (${s.agent})`)).join(', ')} · move{' '}
                {t.version}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
