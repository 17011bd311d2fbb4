// One of a game's options in a form (the lobby's new table, the balance lab),
// as its type asks: a switch, a choice, a number or text; its help said under
// it, and, where the form found the value wrong, why.
import type { GameParam } from '../../types';

export function ParamInput({
  param,
  value,
  onChange,
  problem = '',
}: {
  param: GameParam;
  value: string;
  onChange: (v: string) => void;
  problem?: string;
}) {
  const id = `param-${param.name}`;
  const described = { 'aria-describedby': `${id}-help`, 'aria-invalid': problem ? true : undefined };
  let input;
  if (param.type === 'bool') {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={value === 'true'}
        onChange={(e) => onChange((e.target as HTMLInputElement).checked ? 'true' : 'false')}
        {...described}
      />
    );
  } else if (param.type === 'choice' && param.choices) {
    input = (
      <select id={id} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)} {...described}>
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
        {...described}
      />
    );
  } else {
    input = (
      <textarea
        id={id}
        rows={2}
        value={value}
        onInput={(e) => onChange((e.target as HTMLTextAreaElement).value)}
        {...described}
      />
    );
  }
  return (
    <div class="param">
      <label for={id}>{param.name.replace(/_/g, ' ')}</label>
      {input}
      <small id={`${id}-help`}>
        {problem && <span class="error">Wanted: {problem}. </span>}
        {param.help} (default: {param.default || 'none'})
      </small>
    </div>
  );
}
