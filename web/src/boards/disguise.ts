// Disguise: your hand, the Field, every flock in front of its player, the
// discard pile, and a Nice Try chain shown as a stack.
import type { DisguiseObservation } from '../generated/observations';
import { countPieces, seatName, type GameView, type Piece, type Zone } from '../view/board';
import { counted } from '../view/names';
import { backs, handZone, SEAT_VIEW_NOT_DRAWN, turnStatus } from './common';

// Each phase of the observation in plain words, for the turn line (a test checks every phase the engine names).
export const DISGUISE_PHASES: Record<string, string> = {
  main: 'play, trade, buy or draw',
  'trade-take': 'trading: a card from the Field',
  'trade-give': 'trading: a card to the Field',
  'buy-pay': 'buying: the pair to pay',
  'buy-take': 'buying: a card from the Field',
  'wild-pick': 'building a Wild Flock',
  'pay-cards': 'paying off an Expose',
  'choose-target': 'choosing an opponent',
  'gimme-mode': 'Gimme: named card or their choice',
  'choose-flock': 'choosing a flock',
  'nice-try': 'Nice Try may answer',
  'gimme-give': 'Gimme: the card to give',
  'yoink-pick': 'Yoink: which card',
  'dig-pick': 'Dig: a card from the discards',
  'take2-pick': 'Take 2: cards from the Field',
  'attack-pass': 'Attack: everyone passes a card left',
};

const tone = (name: string) => (/Sheep|Viking/.test(name) ? 'set' : name === 'Nice Try' ? 'black' : 'special');

type Flock = DisguiseObservation['seats'][number]['flocks'][number];

// "Sheep 5 flock", "Wild Flock": the observation names a flock by its type.
const flockName = (type: string) => (type === 'Wild Flock' ? type : `${type} flock`);

// Each flock is a target ("flock:<owner>:<type>"): Yoink, Yank and Expose aim at it.
function flockPieces(flocks: Flock[], owner: number): Piece[] {
  return flocks.map((flock) => ({
    key: `flock:${owner}:${flock.type}`,
    label: flockName(flock.type),
    note: (flock.sheep ? flock.sheep.join(', ') : '') + (flock.exposed ? ' · exposed' : ''),
    tone: flock.exposed ? 'exposed' : 'flock',
    plate: true,
  }));
}

// An Attack's hand-off: whose Attack it is, which way the cards go, and who
// is still choosing (the deciding seat changes while the active seat stays).
function attackStatus(obs: DisguiseObservation, names: string[], viewer: number | null): string[] {
  const direction = /right/.test(obs.attack ?? '') ? 'right' : 'left';
  const lines = [
    `Turn ${obs.turn + 1} · ${seatName(names, obs.active)}'s turn · ${obs.attack}: every player passes one card to the ${direction}.`,
  ];
  if (obs.to_move === viewer) lines.push('Choose the card you pass.');
  else if (obs.to_move !== undefined) lines.push(`${seatName(names, obs.to_move)} is choosing a card to pass.`);
  const chosen = (obs.seats ?? []).flatMap((seat, i) => (seat.has_passed ? [seatName(names, i)] : []));
  if (chosen.length) lines.push(`Chosen already: ${chosen.join(', ')}.`);
  return lines;
}

// A buy's pair, an Expose's payment or a Wild Flock is laid face up a card
// at a time: the table sees it before the move is complete.
const LAID_FOR: Record<string, string> = {
  buy: 'pays for a Field card',
  'pay-off': 'pays off an Expose',
  'wild-flock': 'lays down a Wild Flock',
};

function laidZone(laid: NonNullable<DisguiseObservation['laid']>, who: string): Zone {
  return {
    id: 'laid',
    title: `${who} ${LAID_FOR[laid.for] ?? laid.for}`,
    pieces: countPieces(laid.cards, undefined, tone),
    active: true,
  };
}

export const disguise: GameView<DisguiseObservation> = {
  layout(obs, names, viewer) {
    const zones: Zone[] = [];
    if (obs.in_play) {
      const depth = obs.nice_try_depth ?? 0;
      const cards = obs.in_play.cards > 1 ? ` (${obs.in_play.cards} cards)` : '';
      const stack: Piece[] = [
        { label: obs.in_play.play, note: `by ${seatName(names, obs.active)}${cards}`, tone: 'special' },
      ];
      for (let i = 0; i < depth; i++)
        stack.push({ label: 'Nice Try', note: i % 2 === 0 ? 'cancels it' : 'cancels the Nice Try', tone: 'black' });
      zones.push({
        id: 'chain',
        title: 'On the table now (Nice Try chain)',
        pieces: stack,
        active: true,
        note:
          (depth % 2 === 0
            ? 'the play stands unless someone says Nice Try'
            : 'the play is cancelled unless someone answers') +
          (obs.asked !== undefined ? ` · ${seatName(names, obs.asked)} is asked` : '') +
          (obs.answering !== undefined ? ` · last card by ${seatName(names, obs.answering)}` : ''),
      });
    }
    if (obs.laid) zones.push(laidZone(obs.laid, seatName(names, obs.active)));
    zones.push({
      id: 'field',
      title: 'The Field',
      note: `draw pile: ${obs.draw_pile ?? '?'}`,
      pieces: (obs.field ?? []).map((card) => ({ key: `field:${card}`, label: card, tone: tone(card) })),
    });
    zones.push(...handZone(obs, names, viewer, tone));
    (obs.seats ?? []).forEach((seat, i) => {
      const flocks = flockPieces(seat.flocks ?? [], i);
      if (i === viewer) {
        zones.push({
          id: `seat-${i}`,
          title: 'Your flocks',
          pieces: flocks,
          mine: true,
          active: obs.to_move === i,
          note: `${obs.target_flocks} flocks win`,
        });
        return;
      }
      const known = Object.entries(seat.known_in_hand ?? {})
        .map(([k, n]) => `${n}× ${k}`)
        .join(', ');
      zones.push({
        id: `seat-${i}`,
        title: seatName(names, i),
        key: `seat:${i}`,
        active: obs.to_move === i,
        note:
          counted(seat.hand_size, 'card') +
          (known ? ` · known: ${known}` : '') +
          (seat.has_passed ? ' · has chosen a card to pass' : ''),
        pieces: [...backs(seat.hand_size), ...flocks],
      });
    });
    zones.push({ id: 'discard', title: 'Discard pile', pieces: countPieces(obs.discard, 'discard', tone) });
    const status =
      obs.phase === 'attack-pass' ? attackStatus(obs, names, viewer) : [turnStatus(obs, names, DISGUISE_PHASES)];
    if (obs.traded) status.push(`${seatName(names, obs.active)} has traded with the Field this turn.`);
    if (obs.target !== undefined) status.push(`Aimed at ${seatName(names, obs.target)}.`);
    if (obs.flock) status.push(`Aimed at ${seatName(names, obs.flock.owner)}'s ${flockName(obs.flock.type)}.`);
    if (obs.gimme) status.push(`Gimme asks for ${obs.gimme}.`);
    if (obs.passing) status.push(`You have set aside ${obs.passing} to pass.`);
    return { zones, status };
  },
  notDrawn: { ...SEAT_VIEW_NOT_DRAWN },
  // Two players (a third mostly adds Nice Try windows to pass) against the easy
  // bot, which is Disguise's heuristic (docs/agents.md, Levels): two random
  // players take 1,979 actions a game on average (sim, 400 games), against the
  // heuristic 326, which keeps the end-to-end run to a few minutes.
  e2e: { seats: ['you', 'easy'], focus: '[data-zone="hand"], [data-zone="field"]' },
  phases: DISGUISE_PHASES,
};
