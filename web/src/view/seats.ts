// The lobby's seat choices and how they become a create request.
export interface SeatChoice {
  value: string;
  label: string;
}

export const SEAT_CHOICES: SeatChoice[] = [
  { value: 'you', label: 'You' },
  { value: 'here', label: 'Another person at this screen (hot-seat)' },
  { value: 'friend', label: 'A friend, by link' },
  { value: 'easy', label: 'Bot: easy (rules of thumb, answers at once)' },
  { value: 'medium', label: 'Bot: medium (a short search)' },
  { value: 'hard', label: 'Bot: hard (the full search, about 0.1 s a move)' },
  { value: 'random', label: 'Bot: random (any legal move, for testing)' },
];

export interface SeatPlan {
  seats: { agent: string }[];
  hotseat: boolean;
  friends: number[];
  mine: number[];
}

// "you" and "here" seats are played on this page; "friend" seats get an invite link.
export function planSeats(choices: string[]): SeatPlan {
  const seats = choices.map((c) => ({ agent: c === 'you' || c === 'here' || c === 'friend' ? 'human' : c }));
  const mine = choices.flatMap((c, i) => (c === 'you' || c === 'here' ? [i] : []));
  const friends = choices.flatMap((c, i) => (c === 'friend' ? [i] : []));
  return { seats, hotseat: mine.length > 1, friends, mine };
}

export function defaultSeats(count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'you' : 'medium'));
}
