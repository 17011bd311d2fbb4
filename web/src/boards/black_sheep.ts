// Black Sheep: three fields (each with its figures and three sides of laid
// cards), the viewer's hand, every corral, the stock and the tasks.
import type { BlackSheepObservation } from '../generated/observations';
import { countPieces, seatName, type GameView, type Piece, type Zone } from '../view/board';
import { counted } from '../view/names';
import { backs, handZone, SEAT_VIEW_NOT_DRAWN, turnStatus } from './common';

// Each phase of the observation in plain words, for the turn line (a test checks every phase the engine names).
export const BLACK_SHEEP_PHASES: Record<string, string> = {
  'choose-field': 'choosing a field',
  place: 'placing cards',
  discard: 'discarding',
};

const FIELD_NAMES = ['white', 'grey', 'black'];
const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
const tone = (name: string) => `animal-${name.replace(/\s+/g, '-')}`;

// completed_at[p]: when seat p completed its side on the game's count (0: not yet); shown as the
// order on this field, which is what breaks a tie: "Ann 1st, Bob 2nd".
function completedOrder(field: { completed_at?: number[] }, names: string[]): string {
  const when = field.completed_at ?? [];
  const done = when.filter(Boolean).sort((a, b) => a - b);
  return when
    .map((at, p) => ({ at, p }))
    .filter(({ at }) => at > 0)
    .sort((a, b) => a.at - b.at)
    .map(({ at, p }) => `${seatName(names, p)} ${ordinal(done.indexOf(at) + 1)}`)
    .join(', ');
}

// A field's figures, then each side's cards with the seat whose side it is.
function fieldPieces(field: { figures?: string[]; sides?: string[][] }, names: string[]): Piece[] {
  const pieces: Piece[] = (field.figures ?? []).map((f) => ({ label: f, note: 'figure', tone: tone(f) }));
  (field.sides ?? []).forEach((side, s) => {
    for (const card of side) pieces.push({ label: card, note: `${seatName(names, s)}'s side`, tone: tone(card) });
  });
  return pieces;
}

// What is left to place on the chosen field this turn, by how many cards its
// side held when the turn began (empty: one or two; one: two; two: one), in
// plain words; null outside placing. Counts of zero say nothing and are left out.
function placingLine(obs: BlackSheepObservation): string | null {
  if (obs.phase !== 'place' || obs.chosen_field === undefined) return null;
  const start = obs.side_start ?? 0;
  const placed = obs.placed ?? 0;
  const most = start === 2 ? 1 : 2;
  const least = start === 0 ? 1 : most;
  const left = most - placed;
  if (left <= 0) return null;
  const field = `Field ${obs.chosen_field + 1}`;
  if (placed === 0) return `${field}: ${least < most ? `${least} or ${most} cards` : counted(most, 'card')} to place.`;
  const more = placed < least ? 'to place' : 'may follow';
  return `${field}: ${counted(placed, 'card')} placed; ${left} more ${more}.`;
}

export const blackSheep: GameView<BlackSheepObservation> = {
  layout(obs, names, viewer) {
    const zones: Zone[] = [];
    (obs.fields ?? []).forEach((live, i) => {
      const title = `Field ${i + 1} (${FIELD_NAMES[i] ?? ''})`;
      // The field the last move scored is shown as it stood, with its winner, until the next move.
      const scored = obs.scored?.field === i ? obs.scored : undefined;
      const field = scored ?? live;
      if (scored) {
        const winner = seatName(names, scored.winner);
        zones.push({
          id: `field-${i}`,
          title: `${title} — won by ${winner}`,
          key: `field:${i + 1}`,
          pieces: fieldPieces(field, names),
          // The order the sides were completed in breaks a tie between equal hands.
          note: `scored (${completedOrder(field, names) || 'no side completed'}): the figures go to ${winner}'s corral, the cards to the discard pile`,
          scored: `Won by ${winner}`,
        });
        return;
      }
      if (live.flipped) {
        zones.push({ id: `field-${i}`, title, key: `field:${i + 1}`, note: 'scored and turned over', pieces: [] });
        return;
      }
      const pieces = fieldPieces(field, names);
      const chosen = obs.chosen_field === i ? ' — being played to' : '';
      const done = completedOrder(field, names);
      zones.push({
        id: `field-${i}`,
        title: title + chosen,
        key: `field:${i + 1}`,
        pieces,
        note: done ? `sides completed: ${done}` : undefined,
        // The turn is the seat's (its corral carries the turn mark); the field
        // it plays to only has a border in the turn's colour.
        tone: obs.chosen_field === i ? 'chosen-field' : undefined,
      });
    });
    zones.push(...handZone(obs, names, viewer, tone));
    (obs.seats ?? []).forEach((seat, i) => {
      if (i === viewer) {
        zones.push({
          id: `seat-${i}`,
          title: `Your corral`,
          // Only the owner is sent its figures' values (face down for the others).
          pieces: countPieces(seat.corral, undefined, tone).map((p) => {
            const values = seat.corral_values?.[p.label];
            return values?.length ? { ...p, note: `worth ${values.join(' + ')}` } : p;
          }),
          mine: true,
          note: seat.score !== undefined ? `score ${seat.score}` : undefined,
          active: obs.to_move === i,
        });
        return;
      }
      zones.push({
        id: `seat-${i}`,
        title: seatName(names, i),
        key: `seat:${i}`,
        active: obs.to_move === i,
        note: `${seat.hand_size} cards in hand` + (seat.score !== undefined ? ` · score ${seat.score}` : ''),
        pieces: [
          ...backs(seat.hand_size),
          ...countPieces(seat.corral, undefined, tone).map((p) => ({ ...p, note: 'corral' })),
        ],
      });
    });
    const status = [turnStatus(obs, names, BLACK_SHEEP_PHASES), `Deck: ${counted(obs.deck ?? 0, 'card')}`];
    const placing = placingLine(obs);
    if (placing) status.push(placing);
    if (obs.community_tasks?.length) status.push(`Tasks: ${obs.community_tasks.join('; ')}`);
    const mine = viewer !== null ? obs.seats?.[viewer]?.secret_tasks : undefined;
    if (mine?.length) status.push(`Your secret task: ${mine.join('; ')}`);
    if (obs.end_game) status.push('The last round has begun.');
    zones.push({ id: 'stock', title: 'Figures in stock', pieces: countPieces(obs.stock, undefined, tone) });
    zones.push({ id: 'discard', title: 'Discard pile', pieces: countPieces(obs.discard, undefined, tone) });
    return { zones, status };
  },
  notDrawn: { ...SEAT_VIEW_NOT_DRAWN },
  phases: BLACK_SHEEP_PHASES,
  e2e: { focus: '[data-zone="hand"], .zone.chosen-field' }, // the cards, and the field they go to
};
