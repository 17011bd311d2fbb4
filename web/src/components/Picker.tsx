// A piece clicked that has several moves: the choice between them (or a
// second click on the board, where the moves lead to different places).
// A choice finished here opens beside its card, where the eye already is
// (issue 50: in the side panel a person did not find it and clicked the card
// again and again); one that a second click on the board finishes stays in
// the side panel, out of the way of the places it lights.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Picking } from '../hooks/useMoveChoice';
import type { Legal } from '../types';

interface Place {
  top: number;
  left: number;
}

// Below the card, inside the board's box: `box` is the positioned parent the picker is drawn in.
function placeBeside(card: Element, box: Element, picker: HTMLElement): Place {
  const at = card.getBoundingClientRect();
  const inside = box.getBoundingClientRect();
  const widest = Math.max(0, inside.width - picker.offsetWidth);
  return { top: at.bottom - inside.top + 4, left: Math.min(Math.max(0, at.left - inside.left), widest) };
}

export function Picker(props: {
  picking: Picking;
  onBoard: boolean; // a second click on the board can finish it; else it is drawn over the board, below the card
  onAct(action: Legal): void;
  onCancel(): void;
}) {
  const self = useRef<HTMLDivElement | null>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const { key } = props.picking;
  const beside = !props.onBoard;
  useLayoutEffect(() => {
    const picker = self.current;
    if (!beside || !picker?.parentElement) return;
    const card = picker.parentElement.querySelector(`.board [data-key="${CSS.escape(key)}"]`);
    setPlace(card ? placeBeside(card, picker.parentElement, picker) : null);
    picker.querySelector('button')?.focus({ preventScroll: true });
  }, [key, beside]);
  const style = place ? { top: `${place.top}px`, left: `${place.left}px` } : undefined;
  return (
    <div ref={self} class={`picker ${beside ? 'beside' : ''}`} style={style} role="dialog" aria-label="choose a move">
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
