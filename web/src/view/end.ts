// The hands shown at the end: every seat's, from the finished table's replay
// ("all" view), else what the final observation itself shows.
import { seatName } from './board';

export const listCounts = (hand: unknown) =>
  Array.isArray(hand) ? hand.join(', ') : Object.entries((hand ?? {}) as Record<string, number>).map(([k, n]) => (n > 1 ? `${n}× ${k}` : k)).join(', ');

export function handLines(hands: unknown[], names: string[]): string[] {
  return hands.map((hand, seat) => `${seatName(names, seat)}: ${hand === null || hand === undefined ? '—' : listCounts(hand) || 'empty'}`);
}

export function revealedHands(obs: Record<string, any>, names: string[]): string[] {
  const out: string[] = [];
  (obs.seats ?? []).forEach((seat: any, i: number) => {
    const hand = seat.hand ?? (i === obs.viewer ? obs.hand : undefined);
    if (hand !== undefined) out.push(`${seatName(names, i)}: ${listCounts(hand) || 'empty'}`);
  });
  if (out.length === 0 && obs.hand) out.push(`Your hand: ${listCounts(obs.hand) || 'empty'}`);
  return out;
}
