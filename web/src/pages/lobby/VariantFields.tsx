// The new-table form's game options (variants), folded away: each at its default until changed.
import type { NewTableForm } from '../../hooks/useNewTableForm';
import type { GameInfo } from '../../types';
import { ParamInput } from './ParamInput';

export function VariantFields({ game, form }: { game: GameInfo; form: NewTableForm }) {
  const { params } = form.choices;
  return (
    <details>
      <summary>Variants and options ({game.params.length})</summary>
      {game.params.map((p) => (
        <ParamInput
          param={p}
          value={params[p.name] ?? p.default}
          onChange={(v) => form.choose('params', { ...params, [p.name]: v })}
        />
      ))}
    </details>
  );
}
