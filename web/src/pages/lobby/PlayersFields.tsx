// The new-table form's players: the person's name, how many play, who plays
// each seat, and whether the table is listed in the lobby.
import type { NewTableForm } from '../../hooks/useNewTableForm';
import type { GameInfo } from '../../types';
import { SEAT_CHOICES } from '../../view/seats';

export function PlayersFields({ game, form }: { game: GameInfo; form: NewTableForm }) {
  const { choices, choose, named, plan } = form;
  const counts = Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i);
  const chooseSeat = (seat: number, choice: string) => {
    const next = [...choices.seats];
    next[seat] = choice;
    choose('seats', next);
  };
  return (
    <fieldset>
      <legend>Players</legend>
      <label>
        Your name{' '}
        <input
          id="your-name"
          type="text"
          maxLength={64}
          placeholder={`P${(plan.mine[0] ?? 0) + 1}`}
          value={choices.typedName}
          aria-invalid={named.problem ? 'true' : undefined}
          onInput={(e) => choose('typedName', (e.target as HTMLInputElement).value)}
        />
      </label>
      {named.problem && <p class="warn">{named.problem}</p>}
      <label>
        Number of players{' '}
        <select
          id="player-count"
          value={choices.count}
          onChange={(e) => form.changeCount(Number((e.target as HTMLSelectElement).value))}
        >
          {counts.map((n) => (
            <option value={n}>{n}</option>
          ))}
        </select>
      </label>
      {choices.seats.map((choice, i) => (
        <label class="seat-choice">
          Seat P{i + 1}
          <select
            class="seat-select"
            value={choice}
            onChange={(e) => chooseSeat(i, (e.target as HTMLSelectElement).value)}
          >
            {SEAT_CHOICES.map((c) => (
              <option value={c.value}>{c.label}</option>
            ))}
          </select>
        </label>
      ))}
      {plan.mine.length === 0 && <p class="warn">Nobody plays on this screen: you will get links only.</p>}
      {plan.open.length > 0 && plan.hotseat && (
        <p class="warn">
          An open seat needs a table where each person plays at their own screen: choose no other person at this screen.
        </p>
      )}
      <label class="check">
        <input
          type="checkbox"
          id="public"
          checked={choices.isPublic || plan.open.length > 0}
          disabled={plan.open.length > 0}
          onChange={(e) => choose('isPublic', (e.target as HTMLInputElement).checked)}
        />{' '}
        list the table in the lobby (anyone may watch)
        {plan.open.length > 0 && ': a table with an open seat is listed, for someone to take it'}
      </label>
      <label class="check">
        <input
          type="checkbox"
          id="rated"
          checked={choices.rated}
          onChange={(e) => choose('rated', (e.target as HTMLInputElement).checked)}
        />{' '}
        rated: the result moves each player's rating (friends at their own screens, everyone signed in, with a clock)
      </label>
    </fieldset>
  );
}
