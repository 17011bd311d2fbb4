// A piece clicked that has several moves: the choice between them (or a
// second click on the board, where the moves lead to different places).
// A choice finished here opens beside its card, where the eye already is
// (issue 50: in the side panel a person did not find it and clicked the card
// again and again); one that a second click on the board finishes stays in
// the side panel, out of the way of the places it lights.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Picking } from '../hooks/useMoveChoice';
import type { Legal } from '../types';

// Where the picker is drawn: in the board's box, or fixed on the screen above a phone's hand strip.
type Place = { top: number; left: number } | { dock: number; left: number };

// A card in a phone's hand strip while the strip is stuck to the bottom of
// the screen (style.css): the choice stands just above the card, fixed as the
// strip is, and moves with it when the decision bar under it goes (--decision-bar-height).
function onDock(card: Element, picker: HTMLElement): Place | null {
  const dock = card.closest('.zone.dock');
  if (!dock || window.getComputedStyle(dock).position !== 'sticky') return null;
  const root = window.getComputedStyle(document.documentElement);
  const bar = parseFloat(root.getPropertyValue('--decision-bar-height')) || 0;
  const strip = dock.getBoundingClientRect();
  if (Math.abs(window.innerHeight - bar - strip.bottom) > 1.5) return null; // where it lies in the page: not stuck
  const at = card.getBoundingClientRect();
  const left = Math.min(at.left, window.innerWidth - picker.offsetWidth);
  // Just above the card itself: a strip of several rows would otherwise put it far from a lower card.
  return { dock: strip.bottom - at.top + 4, left: Math.max(0, left) };
}

// Below the card, inside the board's box: `box` is the positioned parent the
// picker is drawn in. Above it where below would leave the screen.
function placeBeside(card: Element, box: Element, picker: HTMLElement): Place {
  const at = card.getBoundingClientRect();
  const inside = box.getBoundingClientRect();
  const widest = Math.max(0, inside.width - picker.offsetWidth);
  const left = Math.min(Math.max(0, at.left - inside.left), widest);
  const fitsBelow = at.bottom + 4 + picker.offsetHeight <= window.innerHeight;
  const fitsAbove = at.top - 4 - picker.offsetHeight >= 0;
  if (!fitsBelow && fitsAbove) return { top: at.top - inside.top - 4 - picker.offsetHeight, left };
  return { top: at.bottom - inside.top + 4, left };
}

const styleOf = (place: Place | null) =>
  !place
    ? undefined
    : 'dock' in place
      ? {
          position: 'fixed',
          left: `${place.left}px`,
          bottom: `calc(var(--decision-bar-height, 0px) + ${place.dock}px)`,
        }
      : { top: `${place.top}px`, left: `${place.left}px` };

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
    setPlace(card ? (onDock(card, picker) ?? placeBeside(card, picker.parentElement, picker)) : null);
    picker.querySelector('button')?.focus({ preventScroll: true });
  }, [key, beside]);
  const style = styleOf(place);
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
