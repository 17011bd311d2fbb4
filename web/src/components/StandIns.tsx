// Seats a bot plays for someone gone: the person's own, with the button to
// take it back, or else a note for each other such seat.
import type { PresenceFrame } from '../types';
import { standInLines, stoodIn } from '../view/people';

export function StandIns({ presence, you, onBack }: { presence: PresenceFrame | null; you: number[]; onBack(): void }) {
  const mine = stoodIn(presence, you);
  if (mine) {
    return (
      <div class="stood-in" role="alert">
        A bot is playing your seat: you {mine === 'clock' ? 'ran out of time' : 'were away on your turn'}.{' '}
        <button class="primary" id="take-back" onClick={() => onBack()}>
          Take my seat back
        </button>
      </div>
    );
  }
  return (
    <>
      {standInLines(presence).map((line) => (
        <p class="stand-in-note small" role="status">
          {line}
        </p>
      ))}
    </>
  );
}
