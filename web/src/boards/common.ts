// Pieces shared by several games' layouts.
import { countPieces, seatName, type Piece, type Zone } from '../view/board';
import { counted } from '../view/names';

// The viewer's own hand (a count map) as clickable pieces ("hand:<card>").
export function handZone(
  obs: { hand?: Record<string, number> },
  names: string[],
  viewer: number | null,
  tone?: (name: string) => string | undefined,
): Zone[] {
  if (viewer === null || !obs.hand) return [];
  return [
    {
      id: 'hand',
      title: `Your hand (${seatName(names, viewer)})`,
      pieces: countPieces(obs.hand, 'hand', tone),
      mine: true,
    },
  ];
}

// n face-down cards, shown as one stack with a count.
export function backs(n: number, label = 'card'): Piece[] {
  return n > 0 ? [{ label: counted(n, label), back: true }] : [];
}
