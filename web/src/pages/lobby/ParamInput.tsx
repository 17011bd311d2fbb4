// One of a game's options in the new-table form, as its type asks: a switch,
// a choice, a number or text.
import type { GameParam } from '../../types';

export function ParamInput({
  param,
  value,
  onChange,
}: {
  param: GameParam;
  value: string;
  onChange: (v: string) => void;
}) {
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
