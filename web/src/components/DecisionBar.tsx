// Under the board: the moves that have no piece to click (pass, stop, "bid
// done"), each saying where it leads when it leads somewhere on the board.
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Legal } from '../types';
import { previewOf, type Layout } from '../view/board';

// On a phone the bar is fixed at the bottom of the screen (style.css); the
// hand strip stands on it, so its height is kept in --decision-bar-height.
function useBarHeight(shown: boolean) {
  const bar = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const el = bar.current;
    if (!shown || !el) return;
    const measure = () =>
      root.setProperty(
        '--decision-bar-height',
        window.getComputedStyle(el).position === 'fixed' ? `${el.offsetHeight}px` : '0px',
      );
    measure();
    const watch = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    watch?.observe(el);
    addEventListener('resize', measure);
    return () => {
      watch?.disconnect();
      removeEventListener('resize', measure);
      root.removeProperty('--decision-bar-height');
    };
  }, [shown]);
  return bar;
}

export function DecisionBar(props: {
  moves: Legal[];
  layout: Layout;
  onHint(text: string | null): void;
  onPreview(key: string | null): void;
  onAct(action: Legal): void;
  guide?: string | null; // the move a tutorial asks for (its engine text), lit up
}) {
  const bar = useBarHeight(props.moves.length > 0);
  if (props.moves.length === 0) return null;
  return (
    <div ref={bar} class="decision-bar" role="group" aria-label="moves without a piece">
      {props.moves.map((a) => {
        const ahead = previewOf(props.layout, a);
        const point = (on: boolean) => {
          props.onHint(on ? a.hint || a.label : null);
          props.onPreview(on && ahead ? ahead.key : null);
        };
        return (
          <button
            class={`decision ${a.text === props.guide ? 'guide' : ''}`}
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
