// Who is at the table, under the header: each seat's person here or away, the
// bots, a seat a bot plays for someone gone, how many watch, and each clock.
import { useEffect, useState } from 'preact/hooks';
import type { PresenceFrame } from '../types';
import { clockText, timeLeft, type Clocks } from '../view/people';

function useTick(on: boolean, ms: number): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(performance.now()), ms);
    return () => clearInterval(timer);
  }, [on, ms]);
  return on ? now : performance.now();
}

export function PeopleBar({ presence, clocks }: { presence: PresenceFrame; clocks: Clocks | null }) {
  const now = useTick(clocks?.running !== null && clocks?.running !== undefined, 200);
  return (
    <p class="presence small" aria-label="who is at the table">
      {presence.seats.map((s) => {
        const bot = s.agent !== 'human';
        const state = bot ? 'bot' : s.stand_in ? 'stood-in' : s.connected ? 'here' : 'away';
        const left = clocks && !bot ? timeLeft(clocks, s.seat, now) : null;
        return (
          <span class={`presence-${state}`} data-seat={s.seat}>
            {state === 'here' ? '● ' : state === 'away' || state === 'stood-in' ? '○ ' : ''}
            {s.name}
            {state === 'bot' ? ' (bot)' : state === 'away' ? ' (away)' : state === 'stood-in' ? ' (a bot plays)' : ''}
            {left !== null && (
              <span
                class={`clock ${clocks?.running === s.seat ? 'running' : ''} ${left < 10000 ? 'low' : ''}`}
                aria-label={`${s.name}'s time left`}
              >
                {clockText(left)}
              </span>
            )}
          </span>
        );
      })}
      {presence.spectators > 0 && <span>{presence.spectators} watching</span>}
    </p>
  );
}
