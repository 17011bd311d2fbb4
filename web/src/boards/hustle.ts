// Hustle: the dyke as two boards of 100 squares (water and clover pads marked
// in words), each sheep on its square, lifesavers, the bid cards face down
// until they are revealed, the imp and the cherub.
import type { HustleObservation } from '../generated/observations';
import { seatName, type GameView, type TrackSquare, type Zone } from '../view/board';
import { counted } from '../view/names';
import { gameOver, SEAT_VIEW_NOT_DRAWN, turnStatus } from './common';

// Each phase of the observation in plain words, for the turn line (a test checks every phase the engine names).
export const HUSTLE_PHASES: Record<string, string> = {
  bid: 'laying a bid',
  pads: 'clover pads, then the move',
  'change-scope': 'Change Scope: by how much',
  relay: 'relay: which side goes up',
  'take-pad': 'taking a clover pad',
};

const SQUARES_PER_BOARD = 100;

export function dykeSquares(obs: HustleObservation, names: string[]): TrackSquare[] {
  const squares: TrackSquare[] = [];
  (obs.boards ?? []).forEach((_, b) => {
    const water = new Set<number>(obs.water?.[b] ?? []);
    for (let i = 0; i < SQUARES_PER_BOARD; i++)
      squares.push({ n: b * SQUARES_PER_BOARD + i, water: water.has(i), sheep: [] });
  });
  (obs.seats ?? []).forEach((seat, p) =>
    squares[seat.square]?.sheep.push({ name: seatName(names, p), mark: String(p + 1) }),
  );
  return squares;
}

export const hustle: GameView<HustleObservation> = {
  layout(obs, names, viewer) {
    const zones: Zone[] = [];
    zones.push({
      id: 'dyke',
      title: `The dyke (${(obs.boards ?? []).join(' + ')})`,
      pieces: [],
      track: dykeSquares(obs, names),
      note: 'fields 0–99 of the first board, then 0–99 of the second; waves mark water; each sheep carries its seat number. The runner-up wins.',
    });
    (obs.seats ?? []).forEach((seat, i) => {
      const mine = i === viewer;
      const roles = [obs.imp === i ? 'holds the imp' : '', obs.cherub === i ? 'holds the cherub' : '']
        .filter(Boolean)
        .join(', ');
      const bid =
        seat.bid !== undefined
          ? [{ label: `bid ${seat.bid}`, note: seat.has_bid ? 'laid' : 'being laid' }]
          : seat.cards_laid
            ? [
                {
                  label: counted(seat.cards_laid, 'card'),
                  back: true,
                  note: seat.has_bid ? 'bid laid' : 'laying a bid',
                },
              ]
            : [];
      const hand = mine
        ? (seat.hand ?? []).map((card) => ({ key: `hand:${card}`, label: String(card), tone: 'set' }))
        : [
            {
              label: seat.hand?.length ? `cards left: ${seat.hand.join(' ')}` : 'no cards left',
              tone: 'flock',
              plate: true,
            },
          ];
      zones.push({
        id: `seat-${i}`,
        title: mine ? `You (${seatName(names, i)})` : seatName(names, i),
        mine,
        dock: mine, // the bid and the cards it is laid from
        active: obs.to_move === i,
        note:
          `sheep ${i + 1} · ` +
          (seat.square < 0
            ? 'off the dyke'
            : `${seat.square >= SQUARES_PER_BOARD ? 'second' : 'first'} board, field ${seat.square % SQUARES_PER_BOARD}`) +
          ` · ${counted(seat.lifesavers, 'lifesaver')}` +
          (roles ? ` · ${roles}` : '') +
          ((seat.pads ?? []).length ? ` · pads: ${seat.pads.join(', ')}` : '') +
          (seat.scope !== undefined ? ` · scope ${seat.scope}` : '') +
          (seat.out_at !== undefined ? ` · out of the race (moment ${seat.out_at}; later counts higher)` : '') +
          (seat.discard?.length ? ` · played: ${seat.discard.join(' ')}` : ''),
        pieces: [...bid, ...hand],
      });
    });
    // Who started the round belongs to a round in progress; at the end the turn line only says it is over.
    const started = gameOver(obs) ? '' : ` (${seatName(names, obs.start_player ?? 0)} started the round)`;
    const status = [
      turnStatus(obs, names, HUSTLE_PHASES) + started,
      `Round ${obs.round ?? 1}.`,
      'Lay number cards face down as your bid; they are revealed together and your sheep moves by the number.',
    ];
    if (obs.pad_supply?.length) status.push(`Clover pads left: ${obs.pad_supply.length}`);
    if (obs.run_back) status.push(`Run Back pads played on this move: ${obs.run_back} back.`);
    if (obs.pending_change) status.push(`A Change Scope pad of ±${obs.pending_change} waits for its change.`);
    return { zones, status };
  },
  notDrawn: { ...SEAT_VIEW_NOT_DRAWN },
  phases: HUSTLE_PHASES,
  plainNumbers: true, // the bid cards are numbers and nothing else
  // A person's game is a few bids: the middle comes early. A bid is made from the
  // hand, looking at where the sheep stand on the dyke.
  e2e: { middleAfter: 2, focus: '.zone.mine .pieces, .track .square.occupied' },
};
