// The new-table form's clock, and the bot that plays for someone who leaves
// (after a time away, or when their clock or their day runs out).
import type { NewTableForm } from '../../hooks/useNewTableForm';
import { AWAY_CHOICES, TIME_CHOICES, isTurnBased } from '../../view/time_choices';

export function TimeFields({ form }: { form: NewTableForm }) {
  const { choices, choose } = form;
  const turnBased = isTurnBased(choices.timeChoice);
  return (
    <fieldset class="time-control">
      <legend>Time and leaving</legend>
      <label>
        Clock{' '}
        <select
          id="time-control"
          value={choices.timeChoice}
          onChange={(e) => choose('timeChoice', (e.target as HTMLSelectElement).value)}
        >
          {TIME_CHOICES.map((c) => (
            <option value={c.value}>{c.label}</option>
          ))}
        </select>
      </label>
      <label>
        If someone leaves, a{' '}
        <select
          id="stand-in"
          value={choices.standIn}
          onChange={(e) => choose('standIn', (e.target as HTMLSelectElement).value)}
        >
          <option value="easy">easy</option>
          <option value="medium">medium</option>
          <option value="hard">hard</option>
        </select>{' '}
        bot plays for them{' '}
        {turnBased ? (
          <span>when their day is up</span>
        ) : (
          <select
            id="away-after"
            value={choices.awaySeconds}
            onChange={(e) => choose('awaySeconds', Number((e.target as HTMLSelectElement).value))}
          >
            {AWAY_CHOICES.map((c) => (
              <option value={c.seconds}>{c.label}</option>
            ))}
          </select>
        )}
        {choices.timeChoice !== 'none' && !turnBased && <span> or when their time runs out</span>}, until they come
        back.
      </label>
    </fieldset>
  );
}
