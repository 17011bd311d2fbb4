// A person at a seat with no name of theirs gives one; it is kept for the next tables too.
import { useState } from 'preact/hooks';
import { saveName } from '../prefs';
import { checkName } from '../view/names';

export function NameYourself({ onName }: { onName(name: string): boolean }) {
  const [typed, setTyped] = useState('');
  const checked = checkName(typed);
  const submit = (e: Event) => {
    e.preventDefault();
    if (!checked.name) return;
    saveName(checked.name);
    onName(checked.name);
  };
  return (
    <form class="name-yourself small" onSubmit={submit}>
      <label>
        Your name at this table{' '}
        <input
          id="seat-name"
          type="text"
          maxLength={64}
          value={typed}
          aria-invalid={checked.problem ? 'true' : undefined}
          onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
        />
      </label>{' '}
      <button type="submit" disabled={!checked.name}>
        Save
      </button>
      {checked.problem && <span class="warn"> {checked.problem}</span>}
    </form>
  );
}
