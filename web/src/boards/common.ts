// Pieces shared by several games' layouts.
import { countPieces, seatName, type Piece, type Zone } from '../view/board';

// The viewer's own hand as clickable pieces ("hand:<card>").
export function handZone(obs: Record<string, any>, names: string[], viewer: number | null,
                         tone?: (name: string) => string | undefined): Zone[] {
  if (viewer === null || !obs.hand) return [];
  const pieces = Array.isArray(obs.hand)
    ? (obs.hand as (string | number)[]).map((card) => ({ key: `hand:${card}`, label: String(card), tone: tone?.(String(card)) }))
    : countPieces(obs.hand, 'hand', tone);
  return [{ id: 'hand', title: `Your hand (${seatName(names, viewer)})`, pieces, mine: true }];
}

// n face-down cards, shown as one stack with a count.
export function backs(n: number, label = 'card'): Piece[] {
  return n > 0 ? [{ label: n === 1 ? `1 ${label}` : `${n} ${label}s`, back: true }] : [];
}

export function whoseTurn(obs: Record<string, any>, names: string[]): string {
  const seat = typeof obs.to_move === 'number' ? obs.to_move : -1;
  return seat >= 0 ? `${seatName(names, seat)} to move` : '';
}
