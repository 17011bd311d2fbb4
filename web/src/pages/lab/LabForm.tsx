// The lab's form: a game, its players and a level for each seat, its options,
// how many games, then Run. Each field says what is wrong with it as it is
// typed; the server's refusal, if it comes, is shown as it said it.
import type { ComponentChildren, JSX } from 'preact';
import { useLabForm } from '../../hooks/useLabForm';
import type { GameInfo } from '../../types';
import { levelLabel, type LabLimits } from '../../view/lab_form';
import { ParamInput } from '../lobby/ParamInput';

const valueOf = (e: JSX.TargetedEvent<HTMLInputElement | HTMLSelectElement>) => e.currentTarget.value;

// A field's problem under it, tied to it for a screen reader.
function Problem({ id, problem }: { id: string; problem?: string }) {
  return problem ? (
    <small id={id} class="error">
      Wanted: {problem}.
    </small>
  ) : null;
}

type Form = ReturnType<typeof useLabForm>;

// The seats: how many, and a level for each.
function LabSeats({ form, game, levels }: { form: Form; game: GameInfo; levels: string[] }) {
  const { choices, problems } = form;
  const counts = Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i);
  return (
    <fieldset class="lab-seats">
      <legend>Seats</legend>
      <div class="lab-field">
        <label for="lab-players">Players</label>
        <select id="lab-players" value={choices.seats.length} onChange={(e) => form.setSeatCount(Number(valueOf(e)))}>
          {counts.map((n) => (
            <option value={n}>{n}</option>
          ))}
        </select>
      </div>
      <ol class="lab-seat-list">
        {choices.seats.map((level, i) => (
          <li>
            <label for={`lab-seat-${i + 1}`}>Seat {i + 1}</label>
            <select id={`lab-seat-${i + 1}`} value={level} onChange={(e) => form.setSeat(i, valueOf(e))}>
              {levels.map((l) => (
                <option value={l}>{levelLabel(l)}</option>
              ))}
            </select>
          </li>
        ))}
      </ol>
      <Problem id="seats-problem" problem={problems.seats} />
      <small>
        The line-up moves round one seat each game, so every level plays from every seat: the seat chart shows whether a
        seat has an edge, the level chart how strong each level is.
      </small>
    </fieldset>
  );
}

// A whole-number field, its problem when it has one and its notes: what a screen reader says after its label.
function CountField(props: {
  field: string;
  label: string;
  min: number;
  max?: number;
  value: string | number;
  problem?: string;
  onInput(text: string): void;
  children: ComponentChildren;
}) {
  const { field, problem } = props;
  return (
    <div class="lab-field">
      <label for={`lab-${field}`}>{props.label}</label>
      <input
        id={`lab-${field}`}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        value={props.value}
        onInput={(e) => props.onInput(valueOf(e))}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${field}-problem ${field}-help` : `${field}-help`}
      />
      <Problem id={`${field}-problem`} problem={problem} />
      <small id={`${field}-help`}>{props.children}</small>
    </div>
  );
}

// How many games, and their seed.
function LabCounts({ form, limits, maxSeconds }: { form: Form; limits: LabLimits; maxSeconds: number }) {
  const { choices, problems } = form;
  return (
    <div class="lab-counts">
      <CountField
        field="games"
        label="Games"
        min={1}
        max={limits.max_games}
        value={choices.games}
        problem={problems.games}
        onInput={form.setGames}
      >
        1 to {limits.max_games}. More games narrow the intervals; a job stops after {maxSeconds} CPU seconds and reports
        the games it played.
      </CountField>
      <CountField field="seed" label="Seed" min={0} value={choices.seed} problem={problems.seed} onInput={form.setSeed}>
        The same seed and set-up play the same games.
      </CountField>
    </div>
  );
}

export function LabForm({ games, limits, maxSeconds }: { games: GameInfo[]; limits: LabLimits; maxSeconds: number }) {
  const form = useLabForm(games, limits);
  const { game, choices, problems } = form;
  const wrong = Object.keys(problems);
  return (
    <form
      id="lab-form"
      class="panel lab-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.run();
      }}
    >
      <div class="lab-field">
        <label for="lab-game">Game</label>
        <select id="lab-game" value={game.id} onChange={(e) => form.chooseGame(valueOf(e))}>
          {games.map((g) => (
            <option value={g.id}>{g.name}</option>
          ))}
        </select>
        <small>{game.blurb}</small>
      </div>

      <LabSeats form={form} game={game} levels={limits.levels} />

      {game.params.length > 0 && (
        <fieldset class="lab-options">
          <legend>Options of {game.short_name}</legend>
          {game.params.map((p) => (
            <ParamInput
              param={p}
              value={choices.params[p.name] ?? p.default}
              onChange={(v) => form.setParam(p, v)}
              problem={problems[`param-${p.name}`]}
            />
          ))}
        </fieldset>
      )}

      <LabCounts form={form} limits={limits} maxSeconds={maxSeconds} />

      <div class="lab-run">
        <button id="lab-run" type="submit" class="primary" disabled={form.sending}>
          {form.sending ? 'Starting…' : 'Run'}
        </button>
        {form.tried && wrong.length > 0 && (
          <p class="error" role="alert">
            Check the fields marked above ({wrong.length === 1 ? 'one' : wrong.length}).
          </p>
        )}
        {form.refusal && (
          <p id="lab-refusal" class="error" role="alert">
            {form.refusal}
          </p>
        )}
      </div>
    </form>
  );
}
