// The list of legal moves beside the board (keys 1–9 play the first nine),
// with the hint of the move pointed at, undo and the automatic pass.
import type { Legal } from '../types';
import type { TargetOf } from '../view/board';

interface Props {
  legal: Legal[];
  onBoard: Map<string, Legal[]>; // the moves also offered on the board, by target key
  targetOf: TargetOf;
  hint: string | null;
  onHint(text: string | null): void;
  onAct(action: Legal): void;
  onUndo: (() => void) | null; // null: undo is not offered
  autoPass: { checked: boolean; onChange(checked: boolean): void } | null; // null: no automatic pass here
}

export function MovesPanel({ legal, onBoard, targetOf, hint, onHint, onAct, onUndo, autoPass }: Props) {
  return (
    <div class="moves" aria-label="your moves">
      <h3>{legal.length ? 'Your moves' : 'Moves'}</h3>
      <p class="hint" aria-live="polite">
        {hint ??
          (legal.length ? 'Click a highlighted card, field or player on the board, or a move below (keys 1–9).' : '')}
      </p>
      {legal.map((a, i) => (
        <button
          class={`move ${onBoard.has(targetOf(a.text) ?? '') ? 'on-board' : ''}`}
          data-action={a.id}
          title={a.hint}
          onMouseEnter={() => onHint(a.hint || a.text)}
          onFocus={() => onHint(a.hint || a.text)}
          onMouseLeave={() => onHint(null)}
          onClick={() => onAct(a)}
        >
          <kbd>{i < 9 ? i + 1 : ''}</kbd> {a.text}
          {a.hint && <small>{a.hint}</small>}
        </button>
      ))}
      {onUndo && (
        <button id="undo" class="undo" title="take back your last move and the bots' moves after it" onClick={onUndo}>
          Undo my last move
        </button>
      )}
      {autoPass && (
        <label class="small">
          <input
            type="checkbox"
            checked={autoPass.checked}
            onChange={(e) => autoPass.onChange((e.target as HTMLInputElement).checked)}
          />{' '}
          pass by itself when passing is the only move
        </label>
      )}
    </div>
  );
}
