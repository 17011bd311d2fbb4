// Bye-Bye Black Sheep: your hand of set cards and specials, every zoo, the
// watering hole, and the other hands (size, specials, cards known to be there).
import type { ByeByeObservation } from '../generated/observations';
import { countPieces, seatName, type GameView, type Zone } from '../view/board';
import { counted } from '../view/names';
import { backs, gameOver, handZone, SEAT_VIEW_NOT_DRAWN, turnStatus } from './common';

// Each phase of the observation in plain words, for the turn line (a test checks every phase the engine names).
export const BYE_BYE_PHASES: Record<string, string> = {
  'pick-special': 'choosing a special card',
  draw: 'drawing or stopping',
  'eagle-target': 'Eagle: whom to ask',
  'eagle-set': 'Eagle: which set',
  'mole-pick': 'Mole: taking a card',
  'magpie-steal': 'Magpie: stealing from a zoo',
  'white-place': 'White Sheep: a card to the zoo',
  'mother-draw': 'Mother Sheep: taking the top card',
  'zoo-place': 'putting cards in the zoo',
};

const tone = (name: string) => (/^\d+$/.test(name) ? 'set' : name === 'Black Sheep' ? 'black' : 'special');

export const byeBye: GameView<ByeByeObservation> = {
  layout(obs, names, viewer) {
    const zones: Zone[] = [];
    zones.push({
      id: 'watering-hole',
      title: 'Watering hole',
      note: `draw pile: ${obs.draw_pile ?? '?'}`,
      pieces: (obs.watering_hole ?? []).map((card) => ({ label: card, tone: tone(card) })),
    });
    zones.push(...handZone(obs, names, viewer, tone));
    if (obs.wolf_stash)
      zones.push({
        id: 'wolf-stash',
        title: `The Wolf's stash (${seatName(names, obs.wolf_stash.seat)})`,
        note: 'set cards the Wolf took from the watering hole',
        pieces: countPieces(obs.wolf_stash.cards, undefined, tone),
      });
    (obs.seats ?? []).forEach((seat, i) => {
      const zoo = countPieces(seat.zoo, `zoo:${i}`, tone).map((p) => ({ ...p, note: 'zoo' }));
      if (i === viewer) {
        zones.push({ id: `seat-${i}`, title: 'Your zoo', pieces: zoo, mine: true, active: obs.to_move === i });
        return;
      }
      const known = Object.entries(seat.known_in_hand ?? {})
        .map(([k, n]) => `${n}× ${k}`)
        .join(', ');
      const lacks = (seat.known_absent ?? []).length ? ` · has no set ${seat.known_absent.join(', ')}` : '';
      zones.push({
        id: `seat-${i}`,
        title: seatName(names, i),
        key: `seat:${i}`,
        active: obs.to_move === i,
        note: `${seat.hand_size} cards, ${seat.specials_in_hand} special` + (known ? ` · known: ${known}` : '') + lacks,
        pieces: [...backs(seat.hand_size), ...zoo],
      });
    });
    // Who started belongs to a game in progress; at the end the turn line only says it is over.
    const started = gameOver(obs) ? '' : ` (${seatName(names, obs.start_player ?? 0)} started)`;
    const status: string[] = [turnStatus(obs, names, BYE_BYE_PHASES) + started];
    if (obs.draws_this_turn) status.push(`${counted(obs.draws_this_turn, 'card')} drawn this turn.`);
    if (obs.pending_seat !== undefined) status.push(`Waiting on ${seatName(names, obs.pending_seat)}'s hand.`);
    if (obs.magpie_in_play) status.push('The Thieving Magpie is in play.');
    if (obs.quiet_turns) status.push(`${counted(obs.quiet_turns, 'turn')} without a change in any zoo.`);
    if (obs.special_pool && Object.keys(obs.special_pool).length)
      status.push(
        `Specials left to pick: ${Object.entries(obs.special_pool)
          .map(([k, n]) => `${n}× ${k}`)
          .join(', ')}.`,
      );
    if (obs.picks?.length) status.push(`Picked so far: ${obs.picks.join(', ')}.`);
    if (obs.target_triplets) status.push(`First to ${obs.target_triplets} triplets in the zoo wins.`);
    if (obs.zoo_allowance)
      status.push(`You may put ${counted(obs.zoo_allowance, 'more card', 'more cards')} into your zoo.`);
    return { zones, status };
  },
  notDrawn: { ...SEAT_VIEW_NOT_DRAWN },
  phases: BYE_BYE_PHASES,
  plainNumbers: true, // the number cards are numbers and nothing else
};
