// The hands the final observation shows (the game decides what it reveals).
import { seatName } from './board';

const listCounts = (hand: unknown) =>
  Array.isArray(hand) ? hand.join(', ') : Object.entries((hand ?? {}) as Record<string, number>).map(([k, n]) => (n > 1 ? `${n}× ${k}` : k)).join(', ');

export function revealedHands(obs: Record<string, any>, names: string[]): string[] {
  const out: string[] = [];
  (obs.seats ?? []).forEach((seat: any, i: number) => {
    const hand = seat.hand ?? (i === obs.viewer ? obs.hand : undefined);
    if (hand !== undefined) out.push(`${seatName(names, i)}: ${listCounts(hand) || 'empty'}`);
  });
  if (out.length === 0 && obs.hand) out.push(`Your hand: ${listCounts(obs.hand) || 'empty'}`);
  return out;
}
