// A piece clicked that has several moves: the choice between them (or a
// second click on the board, where the moves lead to different places).
import type { Picking } from '../hooks/useMoveChoice';
import type { Legal } from '../types';

export function Picker(props: { picking: Picking; onBoard: boolean; onAct(action: Legal): void; onCancel(): void }) {
  return (
    <div class="picker" role="dialog" aria-label="choose a move">
      <h3>
        Choose
        {props.onBoard ? ' (or click where it goes on the board)' : ''}
      </h3>
      {props.picking.actions.map((a) => (
        <button class="move" data-action={a.id} title={a.hint} onClick={() => props.onAct(a)}>
          {a.label}
          {a.hint && <small>{a.hint}</small>}
        </button>
      ))}
      <button onClick={() => props.onCancel()}>Cancel</button>
    </div>
  );
}
