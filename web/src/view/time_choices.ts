// The lobby's time controls and what happens to a person who leaves: each
// choice as the create request spells it (docs/protocol.md, "Clocks and leaving").
export interface TimeChoice {
  value: string;
  label: string;
  request: { time?: { per_move: number } | { base: number; increment: number }; away_after?: number };
}

export const TIME_CHOICES: TimeChoice[] = [
  { value: 'none', label: 'No clock', request: {} },
  { value: 'move-30', label: '30 seconds a move', request: { time: { per_move: 30 } } },
  { value: 'move-60', label: '1 minute a move', request: { time: { per_move: 60 } } },
  { value: 'clock-5-5', label: '5 minutes each, +5 s a move', request: { time: { base: 300, increment: 5 } } },
  { value: 'clock-15-10', label: '15 minutes each, +10 s a move', request: { time: { base: 900, increment: 10 } } },
  // Turn-based: people come and go over a day; only the clock hands a seat to a bot.
  { value: 'day-1', label: 'Turn-based: 1 day a move', request: { time: { per_move: 86400 }, away_after: 0 } },
  { value: 'day-3', label: 'Turn-based: 3 days a move', request: { time: { per_move: 259200 }, away_after: 0 } },
];

export const AWAY_CHOICES = [
  { seconds: 30, label: 'after 30 seconds away' },
  { seconds: 120, label: 'after 2 minutes away' },
  { seconds: 600, label: 'after 10 minutes away' },
];

// The fields to add to a create request for a time choice, an away time and the stand-in bot.
export function timeRequest(
  choice: string,
  awaySeconds: number,
  standIn: string,
): { time?: TimeChoice['request']['time']; away_after: number; stand_in: string } {
  const found = TIME_CHOICES.find((c) => c.value === choice) ?? TIME_CHOICES[0];
  return {
    ...(found.request.time ? { time: found.request.time } : {}),
    away_after: found.request.away_after ?? awaySeconds,
    stand_in: standIn,
  };
}

export const isTurnBased = (choice: string) => choice.startsWith('day-');
