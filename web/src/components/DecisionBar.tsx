// Under the board: the moves that have no piece to click (pass, stop, "bid
// done"), each saying where it leads when it leads somewhere on the board.
import type { Legal } from '../types';
import { previewOf, type Layout } from '../view/board';

export function DecisionBar(props: {
  moves: Legal[];
  layout: Layout;
  onHint(text: string | null): void;
  onPreview(key: string | null): void;
  onAct(action: Legal): void;
}) {
  if (props.moves.length === 0) return null;
  return (
    <div class="decision-bar" role="group" aria-label="moves without a piece">
      {props.moves.map((a) => {
        const ahead = previewOf(props.layout, a);
        const point = (on: boolean) => {
          props.onHint(on ? a.hint || a.label : null);
          props.onPreview(on && ahead ? ahead.key : null);
        };
        return (
          <button
            class="decision"
            data-action={a.id}
            data-kind={a.target.kind}
            title={a.hint}
            onMouseEnter={() => point(true)}
            onFocus={() => point(true)}
            onMouseLeave={() => point(false)}
            onBlur={() => point(false)}
            onClick={() => props.onAct(a)}
          >
            {a.label}
            {ahead && <small class={`ahead ${ahead.key === 'square:off' ? 'off' : ''}`}> {ahead.text}</small>}
          </button>
        );
      })}
    </div>
  );
}
