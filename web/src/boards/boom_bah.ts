// Boom Bah: the 7×7 field (start spaces round a 5×5 grid of tiles: hidden,
// safe, crater, mine, barns), every sheep, each player's barn, barnyard and
// graveyard, and your hand of action cards.
import type { BoomBahObservation } from '../generated/observations';
import { countPieces, seatName, type GameView, type GridCell, type Zone } from '../view/board';
import { seatColour, type ArtKind } from '../view/art';
import { counted } from '../view/names';
import { backs, handZone, SEAT_VIEW_NOT_DRAWN, turnStatus } from './common';

// Each phase of the observation in plain words, for the turn line (a test checks every phase the engine names).
export const BOOM_BAH_PHASES: Record<string, string> = {
  place: 'placing a sheep on a start space',
  actions: 'moving, playing cards or ending the turn',
  'wolf-window': 'a bump is coming: a Wolf may stop it',
  'mine-window': 'a land mine went off: Hero of the Herd or Am-Bah-Lance may answer',
  'eieino-window': 'a card was played: EIEI...No may answer it',
};

const COLUMNS = 'abcdefg';
const tone = (name: string) => `suit-${name.split(' ')[0].toLowerCase()}`;

export function cellFromCode(
  code: string,
  col: number,
  row: number,
  names: string[],
  under: Record<string, string>,
  colours: string[] = [],
): GridCell {
  const key = `cell:${COLUMNS[col]}${row + 1}`;
  const name = `${COLUMNS[col]}${row + 1}`;
  let label = '',
    title = '',
    cellTone = '',
    art: ArtKind | undefined;
  if (code.startsWith('S')) {
    const seat = Number(code.slice(1)) - 1;
    const colour = colours[seat] ?? '';
    label = `S${seat + 1}`;
    title = `${seatName(names, seat)}'s ${colour} sheep` + (under[name] ? ` (on ${under[name]})` : '');
    cellTone = `sheep colour-${colour}`;
    art = { kind: 'seat-sheep', ...seatColour(colour) };
  } else if (code.startsWith('B')) {
    const seat = Number(code.slice(1)) - 1;
    label = `B${seat + 1}`;
    title = `${colours[seat] ?? ''} barn of ${seatName(names, seat)}`;
    cellTone = `barn colour-${colours[seat] ?? ''}`;
    art = { kind: 'barn', ...seatColour(colours[seat]) };
  } else {
    const kinds: Record<string, [string, string, string, ArtKind?]> = {
      '--': ['', 'start space', 'start'],
      '??': ['?', 'face-down tile', 'hidden', { kind: 'tile' }],
      '..': ['·', 'safe', 'safe', { kind: 'safe' }],
      '**': ['✸', 'mine', 'mine', { kind: 'land-mine' }],
      xx: ['×', 'crater', 'crater', { kind: 'crater' }],
    };
    [label, title, cellTone, art] = kinds[code] ?? [code, code, ''];
  }
  return { key, label, tone: cellTone, title: `${name}: ${title}`, art };
}

export const boomBah: GameView<BoomBahObservation> = {
  layout(obs, names, viewer) {
    const under: Record<string, string> = obs.under_sheep ?? {};
    // Seat colours are the game's (red, blue, yellow, green), never the stylesheet's.
    const colours = (obs.seats ?? []).map((seat) => seat.colour);
    const grid = (obs.board ?? []).map((row, r) =>
      row.split(' ').map((code, c) => cellFromCode(code, c, r, names, under, colours)),
    );
    for (const cell of grid.flat()) if (obs.mine && cell.key === `cell:${obs.mine}`) cell.tone += ' pending-mine';
    const zones: Zone[] = [
      {
        id: 'field',
        title: 'The field',
        pieces: [],
        grid,
        note:
          `${obs.hidden_tiles ?? '?'} tiles still face down · draw pile: ${counted(obs.draw_pile ?? 0, 'card')} · sheep and barns carry their colour's letter: ` +
          colours.map((c, i) => `${seatColour(c).letter} ${seatName(names, i)} (${c})`).join(', '),
      },
    ];
    zones.push(...handZone(obs, names, viewer, tone));
    (obs.seats ?? []).forEach((seat, i) => {
      const mine = i === viewer;
      const barn = (seat.barn ?? [])
        .map((n, owner) => (n ? `${n} of ${seatName(names, owner)}'s` : ''))
        .filter(Boolean)
        .join(', ');
      zones.push({
        id: `seat-${i}`,
        title: (mine ? `You (${seatName(names, i)})` : seatName(names, i)) + ` — ${seat.colour}`,
        mine,
        active: obs.to_move === i,
        tone: `colour-${seat.colour}`,
        note:
          (mine
            ? `your colour is ${seat.colour}: each ${seat.colour} card and each Wild Wool in your hand at the end scores · `
            : '') +
          (seat.needs_refill ? 'draws up to a full hand at the end of the turn · ' : '') +
          `sheep to place ${seat.to_place} · barnyard ${seat.barnyard} · graveyard ${seat.graveyard}` +
          (barn ? ` · barn holds ${barn}` : ''),
        pieces: mine ? [] : seat.hand ? countPieces(seat.hand, undefined, tone) : backs(seat.hand_size),
      });
    });
    const status: string[] = [turnStatus(obs, names, BOOM_BAH_PHASES)];
    if (obs.actions_left) status.push(`${counted(obs.actions_left, 'action')} left this turn.`);
    if (obs.bump) status.push(`A sheep from ${obs.bump.from} is moving ${obs.bump.direction}: a Wolf may stop it.`);
    if (obs.mine) status.push(`Mine at ${obs.mine}.`);
    if (obs.card_in_question)
      status.push(
        `${seatName(names, obs.card_in_question.played_by)} played ${obs.card_in_question.card}` +
          (obs.card_in_question.eieino_played
            ? `, answered by ${counted(obs.card_in_question.eieino_played, 'EIEI...No', 'EIEI...Nos')}.`
            : '.'),
      );
    if (obs.end_triggered)
      status.push(
        'The end is triggered' +
          (obs.trigger_seat !== undefined ? ` by ${seatName(names, obs.trigger_seat)}` : '') +
          ': this is the last round.',
      );
    zones.push({ id: 'discards', title: 'Discard pile', pieces: countPieces(obs.discards, undefined, tone) });
    return { zones, status };
  },
  notDrawn: { ...SEAT_VIEW_NOT_DRAWN },
  phases: BOOM_BAH_PHASES,
  e2e: { focus: '[data-zone="hand"], [data-zone="field"] .grid' }, // the cards, and the field they act on
};
