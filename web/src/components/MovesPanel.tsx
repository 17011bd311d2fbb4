// The list of legal moves beside the board (for keyboards and screen
// readers; each with its number key), with the hint of the move pointed at,
// and undo. (A lone person's only-pass windows are passed by the server.)
import type { Legal } from '../types';
import { targetKey } from '../view/board';

interface Props {
  legal: Legal[];
  onBoard: Map<string, Legal[]>; // the moves also offered on the board, by target key
  keys: Map<string, Legal>; // which number key plays which move
  hint: string | null;
  onHint(text: string | null): void;
  onAct(action: Legal): void;
  onUndo: (() => void) | null; // null: undo is not offered
}

export function MovesPanel({ legal, onBoard, keys, hint, onHint, onAct, onUndo }: Props) {
  const keyOf = new Map([...keys].map(([key, move]) => [move.id, key]));
  return (
    <div class="moves" aria-label="your moves">
      <h3>{legal.length ? 'Your moves' : 'Moves'}</h3>
      <p class="hint" aria-live="polite">
        {hint ?? (legal.length ? 'Click a highlighted card, field or player on the board, or a move below.' : '')}
      </p>
      {legal.map((a) => (
        <button
          class={`move ${onBoard.has(targetKey(a) ?? '') ? 'on-board' : ''}`}
          data-action={a.id}
          title={a.hint}
          onMouseEnter={() => onHint(a.hint || a.label)}
          onFocus={() => onHint(a.hint || a.label)}
          onMouseLeave={() => onHint(null)}
          onClick={() => onAct(a)}
        >
          <kbd>{keyOf.get(a.id)?.toUpperCase() ?? ''}</kbd> {a.label}
          {a.hint && <small>{a.hint}</small>}
        </button>
      ))}
      {onUndo && (
        <button id="undo" class="undo" title="take back your last move and the bots' moves after it" onClick={onUndo}>
          Undo my last move
        </button>
      )}
    </div>
  );
}
