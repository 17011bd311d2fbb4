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
      dock: true,
    },
  ];
}

// n face-down cards, shown as one stack with a count.
export function backs(n: number, label = 'card'): Piece[] {
  return n > 0 ? [{ label: counted(n, label), back: true }] : [];
}

// Whether the observation is of a finished game (every game's phase id for it ends in "over").
export const gameOver = (obs: { phase?: string }) => !!obs.phase && /over$/.test(obs.phase);

// The turn in one line: its number, whose it is and what is being decided:
// the observation's phase in the board's own words (`phaseWords`), never its id.
export function turnStatus(
  obs: { turn?: number; active?: number; phase?: string },
  names: string[],
  phaseWords: Record<string, string>,
): string {
  if (gameOver(obs))
    return obs.turn !== undefined ? `The game is over after ${counted(obs.turn + 1, 'turn')}.` : 'The game is over.';
  const parts = [];
  if (obs.turn !== undefined) parts.push(`Turn ${obs.turn + 1}`);
  if (obs.active !== undefined) parts.push(`${seatName(names, obs.active)}'s turn`);
  if (obs.phase && phaseWords[obs.phase]) parts.push(phaseWords[obs.phase]);
  return parts.join(' · ');
}

// Fields every game's observation has that no board draws.
export const SEAT_VIEW_NOT_DRAWN: Record<string, string> = {
  winners: 'the end screen names the winners, with the scores and why they won',
};
