// Pieces that move between renders glide there (a card from a hand to the
// Field, a sheep along the dyke) instead of jumping; a piece new to the board
// fades in. Off when the person asks for reduced motion.
import { e2eStats } from '../e2e_stats';

const GLIDE_MS = 320;

type Spot = { zone: string; rect: DOMRect };

export interface Motion {
  before: Map<string, Spot[]>; // where each piece (by what is written on it) was after the last render
}

function spots(board: HTMLElement): Map<string, Spot[]> {
  const out = new Map<string, Spot[]>();
  board.querySelectorAll<HTMLElement>('[data-piece]').forEach((el) => {
    const name = el.dataset.piece!;
    const zone = el.closest<HTMLElement>('[data-zone]')?.dataset.zone ?? '';
    out.set(name, [...(out.get(name) ?? []), { zone, rect: el.getBoundingClientRect() }]);
  });
  return out;
}

export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// Called after each render of the board: animates what moved, then remembers where everything is.
export function animateMoves(board: HTMLElement, motion: Motion): void {
  const before = motion.before;
  const now = spots(board);
  motion.before = now;
  if (before.size === 0 || reducedMotion() || typeof board.animate !== 'function') return;
  board.querySelectorAll<HTMLElement>('[data-piece]').forEach((el) => {
    const name = el.dataset.piece!;
    const zone = el.closest<HTMLElement>('[data-zone]')?.dataset.zone ?? '';
    const was = before.get(name) ?? [];
    if (was.some((spot) => spot.zone === zone)) return; // it was here already
    const from = was[0];
    if (e2eStats) e2eStats.glides++;
    if (!from) {
      el.animate(
        [
          { opacity: 0, transform: 'scale(0.85)' },
          { opacity: 1, transform: 'none' },
        ],
        {
          duration: GLIDE_MS,
          easing: 'ease-out',
        },
      );
      return;
    }
    const to = el.getBoundingClientRect();
    const dx = from.rect.left - to.left,
      dy = from.rect.top - to.top;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
      duration: GLIDE_MS,
      easing: 'ease-in-out',
    });
  });
}
