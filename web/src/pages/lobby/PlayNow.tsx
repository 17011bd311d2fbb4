// Play now: a signed-in person picks a game, a number of players, a clock
// and when bots may fill in; the server seats them with people of a close
// rating. While it looks, a panel says for what, for how long, and with
// whom; it comes back after a reload. A guest is told to sign in.
import { useState } from 'preact/hooks';
import type { Me } from '../../account';
import { shortNameOf } from '../../games';
import type { PlayNowState } from '../../hooks/usePlayNow';
import type { PlayNowRequest, Waiting } from '../../meeting';
import { loadPlayNow, savePlayNow } from '../../prefs';
import type { GameInfo } from '../../types';
import {
  BOT_LEVELS,
  BOTS_AFTER_CHOICES,
  PLAY_NOW_CLOCKS,
  chooseGame,
  initialPlayNow,
  playerCounts,
  playNowRequest,
  waitingLines,
  type PlayNowChoices,
} from '../../view/meeting';

export function PlayNow({
  games,
  me,
  meLoading,
  playNow,
}: {
  games: GameInfo[];
  me: Me | null;
  meLoading: boolean;
  playNow: PlayNowState; // usePlayNow's, kept by the lobby: who is online is asked again when it changes
}) {
  const { ticket, error } = playNow;
  let body;
  if (meLoading || (me && (ticket === null || games.length === 0))) body = <p class="loading">Asking the server…</p>;
  else if (!me)
    body = (
      <p>
        Play now seats you with other people who want the same game, with ratings close to yours.{' '}
        <a href="/account?next=/%23play-now-box">Sign in or create an account</a> to use it.
      </p>
    );
  else if (ticket?.state === 'waiting')
    body = (
      <WaitingPanel ticket={ticket} games={games} now={playNow.now} busy={playNow.busy} onCancel={playNow.cancel} />
    );
  else if (ticket?.state === 'seated') body = <p role="status">Seated: going to the table…</p>;
  else
    body = (
      <>
        {playNow.playing && (
          <p class="play-now-playing">
            Your Play now game of {shortNameOf(games, playNow.playing.game)} is still on:{' '}
            <a href={playNow.playing.url}>back to the table</a>
          </p>
        )}
        <PlayNowForm games={games} busy={playNow.busy} onStart={playNow.start} />
      </>
    );
  return (
    <section class="panel play-now" id="play-now-box" aria-labelledby="play-now-heading">
      <h2 id="play-now-heading">Play now</h2>
      {body}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

// One of the form's choices: a label over a select.
function Pick({
  id,
  label,
  value,
  options,
  disabled = false,
  onPick,
}: {
  id: string;
  label: string;
  value: string | number;
  options: { value: string | number; label: string }[];
  disabled?: boolean;
  onPick(value: string): void;
}) {
  return (
    <label>
      {label}
      <select id={id} value={value} disabled={disabled} onChange={(e) => onPick((e.target as HTMLSelectElement).value)}>
        {options.map((o) => (
          <option value={o.value}>{o.label}</option>
        ))}
      </select>
    </label>
  );
}

function PlayNowForm({
  games,
  busy,
  onStart,
}: {
  games: GameInfo[];
  busy: boolean;
  onStart(request: PlayNowRequest): void;
}) {
  const [choices, setChoices] = useState<PlayNowChoices>(() => initialPlayNow(games, loadPlayNow() ?? undefined));
  const set = (next: PlayNowChoices) => {
    setChoices(next);
    savePlayNow(next);
  };
  const game = games.find((g) => g.id === choices.game);
  return (
    <form
      class="play-now-form"
      onSubmit={(e) => {
        e.preventDefault();
        onStart(playNowRequest(choices));
      }}
    >
      <Pick
        id="play-now-game"
        label="Game"
        value={choices.game}
        options={games.map((g) => ({ value: g.id, label: g.name }))}
        onPick={(id) =>
          set(
            chooseGame(
              choices,
              games.find((g) => g.id === id)!,
            ),
          )
        }
      />
      <Pick
        id="play-now-players"
        label="Players"
        value={choices.players}
        options={playerCounts(game).map((n) => ({ value: n, label: String(n) }))}
        onPick={(n) => set({ ...choices, players: Number(n) })}
      />
      <Pick
        id="play-now-clock"
        label="Clock"
        value={choices.clock}
        options={PLAY_NOW_CLOCKS}
        onPick={(clock) => set({ ...choices, clock })}
      />
      <Pick
        id="play-now-bots-after"
        label="Bots fill empty seats"
        value={choices.botsAfter}
        options={BOTS_AFTER_CHOICES}
        onPick={(botsAfter) => set({ ...choices, botsAfter })}
      />
      <Pick
        id="play-now-bot"
        label="Bot level"
        value={choices.bot}
        options={BOT_LEVELS.map((b) => ({ value: b, label: b }))}
        disabled={choices.botsAfter === 'never'}
        onPick={(bot) => set({ ...choices, bot })}
      />
      <button type="submit" class="primary" id="play-now" disabled={busy}>
        Play now
      </button>
    </form>
  );
}

function WaitingPanel({
  ticket,
  games,
  now,
  busy,
  onCancel,
}: {
  ticket: Waiting;
  games: GameInfo[];
  now: number;
  busy: boolean;
  onCancel(): void;
}) {
  const lines = waitingLines(ticket, games, now);
  return (
    <div class="waiting" id="play-now-waiting">
      <p class="waiting-what">
        <strong>Looking for a table: {lines.what}</strong>
      </p>
      <p>
        You have waited <span class="waited">{lines.waited}</span>.
      </p>
      <ul>
        <li class="waiting-queue">{lines.queue}</li>
        <li class="waiting-window">{lines.window}</li>
        <li class="waiting-bots">{lines.bots}</li>
      </ul>
      <button type="button" id="play-now-cancel" disabled={busy} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
