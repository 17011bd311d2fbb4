// The running score above the board: each seat's public standing and, where
// the viewer can count it, the points if the game ended now (view/standing.ts).
import type { Standing } from '../view/standing';

export function StandingStrip(props: { standing: Standing; you: number[] }) {
  const { standing, you } = props;
  const anyPoints = standing.seats.some((seat) => seat.points !== undefined);
  return (
    <section class="standing" aria-labelledby="standing-title">
      <h3 id="standing-title" class="standing-title">
        Score now{anyPoints && ' (pts: if the game ended now)'} <span class="standing-what">· {standing.what}</span>
      </h3>
      <ul class="standing-seats">
        {standing.seats.map((seat) => (
          <li
            key={seat.seat}
            class={'standing-seat' + (seat.leads ? ' leads' : '') + (you.includes(seat.seat) ? ' mine' : '')}
          >
            <span class="standing-name">
              {seat.name}
              {seat.leads && <span class="standing-lead"> · would win now</span>}
            </span>
            <span class="standing-headline">
              {seat.headline}
              {seat.points !== undefined && <span class="standing-points"> · {seat.points} pts</span>}
            </span>
            {seat.details.length > 0 && <span class="standing-details">{seat.details.join(' · ')}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
