// The hands shown at the end: every seat's, from the finished table's replay
// ("all" view), else what the final observation itself shows.
import type { Observation } from '../generated/observations';
import { seatName } from './board';

export const listCounts = (hand: unknown) =>
  Array.isArray(hand)
    ? hand.join(', ')
    : Object.entries((hand ?? {}) as Record<string, number>)
        .map(([k, n]) => (n > 1 ? `${n}× ${k}` : k))
        .join(', ');

export function handLines(hands: unknown[], names: string[]): string[] {
  return hands.map(
    (hand, seat) =>
      `${seatName(names, seat)}: ${hand === null || hand === undefined ? 'not shown' : listCounts(hand) || 'no cards'}`,
  );
}

export function revealedHands(obs: Observation, names: string[]): string[] {
  const out: string[] = [];
  const own = 'hand' in obs ? obs.hand : undefined;
  const seats: object[] = obs.seats ?? [];
  seats.forEach((seat, i) => {
    const hand = ('hand' in seat ? seat.hand : undefined) ?? (i === obs.viewer ? own : undefined);
    if (hand !== undefined) out.push(`${seatName(names, i)}: ${listCounts(hand) || 'no cards'}`);
  });
  if (out.length === 0 && own) out.push(`Your hand: ${listCounts(own) || 'no cards'}`);
  return out;
}
