// Pure decisions of the table page: which seat to show, what the header says,
// whether a hot-seat hand-over is due.
import type { StateFrame } from '../types';
import { seatName } from './board';

// The seat whose view the page shows: the deciding seat when this page holds
// it (hot-seat), else the one shown before, else the first held.
export function shownSeat(you: number[], current: number | null, previous: number | null): number | null {
  if (you.length === 0) return null;
  if (current !== null && you.includes(current)) return current;
  if (previous !== null && you.includes(previous)) return previous;
  return you[0];
}

// `connected` false: the page shows the last frame it had but cannot act on it.
export function turnLine(frame: StateFrame, names: string[], you: number[], connected = true): string {
  if (frame.result) return 'The game is over.';
  if (!connected) return 'Reconnecting… your moves come back with the connection.';
  if (frame.current === null) return '';
  const active = typeof frame.observation.active === 'number' ? frame.observation.active : frame.current;
  if (you.includes(frame.current)) {
    if (active !== frame.current) return `Your decision now, during ${seatName(names, active)}'s turn.`;
    return you.length > 1 ? `${seatName(names, frame.current)}: your turn.` : 'Your turn.';
  }
  return `Waiting for ${seatName(names, frame.current)}.`;
}

// A decision out of turn (a Nice Try window, a Wolf or EIEI...No reaction).
export function outOfTurnPrompt(frame: StateFrame, names: string[]): string | null {
  if (frame.seat === null || frame.current !== frame.seat || frame.legal.length === 0) return null;
  const active = frame.observation.active;
  if (typeof active !== 'number' || active === frame.seat) return null;
  const obs = frame.observation;
  const inPlay =
    'in_play' in obs ? obs.in_play?.play : 'card_in_question' in obs ? obs.card_in_question?.card : undefined;
  const what = inPlay
    ? `${seatName(names, active)} plays ${String(inPlay).replace(/^play /, '')}.`
    : `It is ${seatName(names, active)}'s turn.`;
  return `${what} You may answer now — or pass.`;
}

// Undo is offered where every seat this page does not hold is a bot, and not
// at a hot-seat table (one person's undo would take back another's move).
export function undoOffered(seats: { seat: number; agent: string }[], you: number[], hotseat = false): boolean {
  return !hotseat && you.length > 0 && seats.every((s) => you.includes(s.seat) || s.agent !== 'human');
}

// The hot-seat hand-over screen is due when the page moves to another person's seat.
export function handOverDue(hotseat: boolean, shownBefore: number | null, shownNow: number | null): boolean {
  return hotseat && shownBefore !== null && shownNow !== null && shownBefore !== shownNow;
}

// What happened since the person's last move, for the summary above the board:
// the log lines after `mark` (the log's length once their move was shown), the
// newest `max` of them with a count of the rest.
export function sinceLastMove(log: string[], mark: number | null, max = 6): { lines: string[]; more: number } {
  if (mark === null || mark >= log.length) return { lines: [], more: 0 };
  const lines = log.slice(mark).filter((line) => !line.startsWith('— Your turn'));
  return { lines: lines.slice(-max), more: Math.max(0, lines.length - max) };
}
