// The running score: what the table can see of each seat's standing now, and
// where the rules count points, the points "if the game ended now". Computed
// from the viewer's own observation only, so it shows nothing the viewer may
// not see: in Black Sheep the values in another corral stay hidden until the
// end, in Boom Bah the cards in another hand.
import type { GameId, ObservationByGame } from '../generated/observations';
import { seatName } from './board';
import { counted } from './names';

export interface SeatStanding {
  seat: number;
  name: string;
  headline: string; // the figure that decides the game, e.g. "3 of 5 flocks"
  details: string[];
  points?: number; // the score if the game ended now, where the viewer can count it all
  // Who would win if the game ended now, compared in order (points, then the
  // tie-break); absent where the viewer cannot count it or the rules have none.
  rank?: number[];
  leads: boolean;
}

export interface Standing {
  what: string; // what the headline counts, for the strip's label
  seats: SeatStanding[];
}

type StandingOf<G extends GameId> = (obs: ObservationByGame[G], names: string[]) => Standing;

// ---------------------------------------------------------------- Black Sheep (docs/rules/black-sheep.md, Final scoring)

const ANIMALS = ['black sheep', 'cow', 'horse', 'pig', 'rooster', 'sheep'];
const BONUS_POINTS = 6;

// The bonus cards each seat holds now (base game): strictly the most figures of
// an animal, and one per complete set of all six. Counts are public.
function bonusCards(corrals: Record<string, number>[]): { majorities: string[][]; sets: number[] } {
  const majorities = corrals.map((): string[] => []);
  for (const animal of ANIMALS) {
    const counts = corrals.map((corral) => corral[animal] ?? 0);
    const most = Math.max(...counts);
    if (most > 0 && counts.filter((n) => n === most).length === 1) majorities[counts.indexOf(most)].push(animal);
  }
  const sets = corrals.map((corral) => Math.min(...ANIMALS.map((animal) => corral[animal] ?? 0)));
  return { majorities, sets };
}

function corralPoints(values: Record<string, number[]>): number {
  let points = 0;
  for (const [animal, list] of Object.entries(values)) {
    const sum = list.reduce((a, b) => a + b, 0);
    points += animal === 'black sheep' ? -sum : sum;
  }
  return points;
}

const blackSheep: StandingOf<'black-sheep'> = (obs, names) => {
  const corrals = obs.seats.map((seat) => seat.corral ?? {});
  const tasks = (obs.community_tasks?.length ?? 0) > 0 || obs.seats.some((seat) => seat.secret_tasks);
  const { majorities, sets } = bonusCards(corrals);
  const seats = obs.seats.map((seat, i) => {
    const figures = Object.values(corrals[i]).reduce((a, b) => a + b, 0);
    const details: string[] = [];
    if (!tasks) {
      if (majorities[i].length) details.push(`bonus: most ${majorities[i].join(', ')}`);
      if (sets[i]) details.push(`bonus: ${counted(sets[i], 'complete set')}`);
      if (!majorities[i].length && !sets[i]) details.push('no bonus card');
    }
    // An empty corral's values are known to all: there are none.
    const values = seat.corral_values ?? (figures === 0 ? {} : undefined);
    let points: number | undefined = seat.score;
    if (points === undefined && values && !tasks)
      points = corralPoints(values) + BONUS_POINTS * (majorities[i].length + sets[i]);
    if (points === undefined) details.push(tasks ? 'tasks score at the end' : 'corral values hidden');
    const rank = points === undefined ? undefined : [points, figures]; // a tie goes to more figures
    return {
      seat: i,
      name: seatName(names, i),
      headline: counted(figures, 'figure'),
      details,
      points,
      rank,
      leads: false,
    };
  });
  return { what: tasks ? 'figures in the corral' : 'figures in the corral, 6-point bonus cards held now', seats };
};

// ---------------------------------------------------------------- Bye-Bye Black Sheep (docs/rules/bye-bye.md, Winning)

const byeBye: StandingOf<'bye-bye'> = (obs, names) => ({
  what: `triplets (${obs.target_triplets} win)`,
  seats: obs.seats.map((seat, i) => {
    const zoo = seat.zoo ?? {};
    const triplets = Object.values(zoo).filter((n) => n >= 3).length;
    const cards = Object.values(zoo).reduce((a, b) => a + b, 0);
    return {
      seat: i,
      name: seatName(names, i),
      headline: `${triplets} of ${obs.target_triplets} triplets`,
      details: [counted(cards, 'card') + ' in the zoo'],
      rank: [triplets, cards], // when nobody can finish: most triplets, then most zoo cards
      leads: false,
    };
  }),
});

// ---------------------------------------------------------------- Sheep Hustle (docs/rules/hustle.md)

const hustle: StandingOf<'hustle'> = (obs, names) => ({
  what: 'the race',
  seats: obs.seats.map((seat, i) => ({
    seat: i,
    name: seatName(names, i),
    headline: seat.out_at !== undefined ? 'out of the race' : `square ${seat.square}`,
    details: [counted(seat.lifesavers, 'lifesaver')],
    leads: false,
  })),
});

// ---------------------------------------------------------------- Sheep Boom Bah (docs/rules/boom-bah.md, Scoring)

// A card of the seat's colour, or Wild Wool, scores a point if it is still in hand at the end.
function handPoints(hand: Record<string, number>, colour: string): number {
  let points = 0;
  for (const [card, n] of Object.entries(hand)) if (card === 'Wild Wool' || card.startsWith(`${colour} `)) points += n;
  return points;
}

const boomBah: StandingOf<'boom-bah'> = (obs, names) => ({
  what: 'points if it ended now',
  seats: obs.seats.map((seat, i) => {
    const own = seat.barn[i] ?? 0;
    const others = seat.barn.reduce((a, b) => a + b, 0) - own;
    const board = seat.barnyard + 2 * others + 3 * own - seat.graveyard;
    const hand = i === obs.viewer ? obs.hand : seat.hand;
    const details = [
      `barn ${own + others}`,
      `barnyard ${seat.barnyard}`,
      `graveyard ${seat.graveyard}`,
      hand ? `hand +${handPoints(hand, seat.colour)}` : `+ ${counted(seat.hand_size, 'hidden card')}`,
    ];
    const points = hand ? board + handPoints(hand, seat.colour) : undefined;
    const rank = points === undefined ? undefined : [points, own + others]; // a tie goes to the fuller barn
    return {
      seat: i,
      name: seatName(names, i),
      headline: `${board} on the board`,
      details,
      points,
      rank,
      leads: false,
    };
  }),
});

// ---------------------------------------------------------------- Sheep in Disguise (docs/rules/disguise.md, Flocks and winning)

const disguise: StandingOf<'disguise'> = (obs, names) => ({
  what: `flocks (${obs.target_flocks} with none exposed win)`,
  seats: obs.seats.map((seat, i) => {
    const flocks = seat.flocks ?? [];
    const exposed = flocks.filter((flock) => flock.exposed).length;
    return {
      seat: i,
      name: seatName(names, i),
      headline: `${flocks.length} of ${obs.target_flocks} flocks`,
      details: exposed ? [`${exposed} exposed`] : [],
      leads: false,
    };
  }),
});

const STANDINGS: { [G in GameId]: StandingOf<G> } = {
  'black-sheep': blackSheep,
  'bye-bye': byeBye,
  hustle,
  'boom-bah': boomBah,
  disguise,
};

// The leaders if the game ended now, where every seat can be ranked and
// they are not all level; otherwise nobody is marked (a partial count would mislead).
function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function markLeaders(standing: Standing): Standing {
  const ranks = standing.seats.map((seat) => seat.rank);
  if (ranks.some((rank) => rank === undefined)) return standing;
  const best = (ranks as number[][]).reduce((a, b) => (compareRanks(a, b) >= 0 ? a : b));
  if (ranks.every((rank) => compareRanks(rank as number[], best) === 0)) return standing; // all level: nobody leads
  return {
    ...standing,
    seats: standing.seats.map((seat) => ({ ...seat, leads: compareRanks(seat.rank as number[], best) === 0 })),
  };
}

export function standingOf<G extends GameId>(game: G, obs: ObservationByGame[G], names: string[]): Standing | null {
  const of = STANDINGS[game] as StandingOf<G> | undefined;
  if (!of || !obs.seats) return null;
  return markLeaders(of(obs, names));
}
