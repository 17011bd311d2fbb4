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

// Called after each render of the board: a piece now in a zone where it was
// not (or more of it than before) glides from a zone that lost one, or fades
// in when none did (it came from a hidden hand or the deck). Then it
// remembers where everything is.
export function animateMoves(board: HTMLElement, motion: Motion): void {
  const before = motion.before;
  const now = spots(board);
  motion.before = now;
  if (before.size === 0 || reducedMotion() || typeof board.animate !== 'function') return;
  const count = (list: Spot[] | undefined, zone: string) => (list ?? []).filter((s) => s.zone === zone).length;
  const seen = new Map<string, number>(); // pieces of a name met so far in a zone, in document order
  board.querySelectorAll<HTMLElement>('[data-piece]').forEach((el) => {
    const name = el.dataset.piece!;
    const zone = el.closest<HTMLElement>('[data-zone]')?.dataset.zone ?? '';
    const index = seen.get(`${name}|${zone}`) ?? 0;
    seen.set(`${name}|${zone}`, index + 1);
    if (index < count(before.get(name), zone)) return; // it was here already
    const was = before.get(name) ?? [];
    const from = was.find((spot) => count(now.get(name), spot.zone) < count(was, spot.zone)); // a zone that lost one
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
