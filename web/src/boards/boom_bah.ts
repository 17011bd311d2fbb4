// Boom Bah: the 7×7 field (start spaces round a 5×5 grid of tiles: hidden,
// safe, crater, mine, barns), every sheep, each player's barn, barnyard and
// graveyard, and your hand of action cards.
import type { BoomBahObservation } from '../generated/observations';
import { countPieces, seatName, type GameView, type GridCell, type Zone } from '../view/board';
import { backs, handZone } from './common';

const COLUMNS = 'abcdefg';
const tone = (name: string) => `suit-${name.split(' ')[0].toLowerCase()}`;

export function cellFromCode(
  code: string,
  col: number,
  row: number,
  names: string[],
  under: Record<string, string>,
): GridCell {
  const key = `cell:${COLUMNS[col]}${row + 1}`;
  const name = `${COLUMNS[col]}${row + 1}`;
  let label = '',
    title = '',
    cellTone = '';
  if (code.startsWith('S')) {
    const seat = Number(code.slice(1)) - 1;
    label = `S${seat + 1}`;
    title = `${seatName(names, seat)}'s sheep` + (under[name] ? ` (on ${under[name]})` : '');
    cellTone = `sheep seat-${seat}`;
  } else if (code.startsWith('B')) {
    label = `B${code.slice(1)}`;
    title = `barn of ${seatName(names, Number(code.slice(1)) - 1)}`;
    cellTone = 'barn';
  } else {
    const kinds: Record<string, [string, string, string]> = {
      '--': ['', 'start space', 'start'],
      '??': ['?', 'face-down tile', 'hidden'],
      '..': ['·', 'safe', 'safe'],
      '**': ['✸', 'mine', 'mine'],
      xx: ['×', 'crater', 'crater'],
    };
    [label, title, cellTone] = kinds[code] ?? [code, code, ''];
  }
  return { key, label, tone: cellTone, title: `${name}: ${title}` };
}

const STEPS: Record<string, [number, number]> = {
  north: [0, -1],
  'north-east': [1, -1],
  east: [1, 0],
  'south-east': [1, 1],
  south: [0, 1],
  'south-west': [-1, 1],
  west: [-1, 0],
  'north-west': [-1, -1],
};

// "move c4 north-east" names the cell it heads for: d3 (row 1 is the top row).
export function moveDestination(text: string): string | null {
  const m = /^move ([a-g])(\d) ([a-z-]+)$/.exec(text);
  const step = m ? STEPS[m[3]] : undefined;
  if (!m || !step) return null;
  const col = COLUMNS.indexOf(m[1]) + step[0],
    row = Number(m[2]) + step[1];
  return col >= 0 && col < COLUMNS.length && row >= 1 && row <= COLUMNS.length ? `cell:${COLUMNS[col]}${row}` : null;
}

export const boomBah: GameView<BoomBahObservation> = {
  followUpOf: moveDestination,
  layout(obs, names, viewer) {
    const under: Record<string, string> = obs.under_sheep ?? {};
    const grid = (obs.board ?? []).map((row, r) =>
      row.split(' ').map((code, c) => cellFromCode(code, c, r, names, under)),
    );
    for (const cell of grid.flat()) if (obs.mine && cell.key === `cell:${obs.mine}`) cell.tone += ' pending-mine';
    const zones: Zone[] = [
      {
        id: 'field',
        title: 'The field',
        pieces: [],
        grid,
        note: `${obs.hidden_tiles ?? '?'} tiles still face down · S1…S4 = sheep of P1…P4, B = barn`,
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
        title: mine ? `You (${seatName(names, i)})` : seatName(names, i),
        mine,
        active: obs.to_move === i,
        note:
          `sheep to place ${seat.to_place} · barnyard ${seat.barnyard} · graveyard ${seat.graveyard}` +
          (barn ? ` · barn holds ${barn}` : ''),
        pieces: mine ? [] : seat.hand ? countPieces(seat.hand, undefined, tone) : backs(seat.hand_size),
      });
    });
    const status: string[] = [];
    if (obs.actions_left) status.push(`${obs.actions_left} action(s) left this turn.`);
    if (obs.bump) status.push(`A sheep from ${obs.bump.from} is moving ${obs.bump.direction}: a Wolf may stop it.`);
    if (obs.mine) status.push(`Mine at ${obs.mine}.`);
    if (obs.card_in_question)
      status.push(`${seatName(names, obs.card_in_question.played_by)} played ${obs.card_in_question.card}.`);
    if (obs.end_triggered) status.push('The end is triggered: this is the last round.');
    return { zones, status };
  },
  targetOf(text) {
    let m = /^place a sheep on ([a-g]\d)$/.exec(text) ?? /^move ([a-g]\d) /.exec(text);
    if (m) return `cell:${m[1]}`;
    m = /^(?:play|discard) (.+)$/.exec(text);
    return m ? `hand:${m[1]}` : null;
  },
};
