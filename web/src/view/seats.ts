// The lobby's seat choices and how they become a create request.
export interface SeatChoice {
  value: string;
  label: string;
}

export const SEAT_CHOICES: SeatChoice[] = [
  { value: 'you', label: 'You' },
  { value: 'here', label: 'Another person at this screen (hot-seat)' },
  { value: 'friend', label: 'A friend, by link' },
  { value: 'open', label: 'Anyone signed in (an open seat, taken from the lobby)' },
  { value: 'easy', label: 'Bot: easy (rules of thumb, answers at once)' },
  { value: 'medium', label: 'Bot: medium (a short search)' },
  { value: 'hard', label: 'Bot: hard (the full search, about 0.1 s a move)' },
  { value: 'random', label: 'Bot: random (any legal move, for testing)' },
];

export interface SeatPlan {
  seats: { agent: string; open?: boolean }[];
  hotseat: boolean;
  friends: number[];
  mine: number[];
  open: number[];
}

const PEOPLE = ['you', 'here', 'friend', 'open'];

// "you" and "here" seats are played on this page; "friend" seats get an invite link; "open" seats
// get none: anyone signed in takes them from the lobby (docs/protocol.md, "Open seats").
export function planSeats(choices: string[]): SeatPlan {
  const seats = choices.map((c) =>
    c === 'open' ? { agent: 'human', open: true } : { agent: PEOPLE.includes(c) ? 'human' : c },
  );
  const at = (...which: string[]) => choices.flatMap((c, i) => (which.includes(c) ? [i] : []));
  const mine = at('you', 'here');
  return { seats, hotseat: mine.length > 1, friends: at('friend'), mine, open: at('open') };
}

export function defaultSeats(count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'you' : 'medium'));
}
