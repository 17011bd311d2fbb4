// A player's rating in one game, from the newcomer's 0 through each rated
// game, as a line: oldest on the left. Plain SVG, with its numbers in words
// beside it for a screen reader, and the highest and lowest marked.
import type { RatedGame } from '../../account';

const WIDTH = 320;
const HEIGHT = 120;
const LEFT = 36; // room for the scale's numbers
const PAD = 8;

export function RatingChart({ games, label }: { games: RatedGame[]; label: string }) {
  if (games.length === 0) return null;
  // The history comes newest first; a newcomer's rating shows 0 (docs/ratings.md).
  const values = [0, ...[...games].reverse().map((g) => g.rating)];
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 2) [low, high] = [low - 1, high + 1];
  const x = (i: number) => LEFT + (i * (WIDTH - LEFT - PAD)) / (values.length - 1);
  const y = (v: number) => HEIGHT - PAD - ((v - low) * (HEIGHT - 2 * PAD)) / (high - low);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const last = values[values.length - 1];
  const summary = `${label}: ${games.length} rated game${games.length === 1 ? '' : 's'}, from 0 to ${last}`;
  return (
    <figure class="rating-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        <line class="zero" x1={LEFT} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} />
        <text x={LEFT - 4} y={y(high) + 4} text-anchor="end">
          {high.toFixed(0)}
        </text>
        <text x={LEFT - 4} y={y(low) + 4} text-anchor="end">
          {low.toFixed(0)}
        </text>
        <polyline points={line} />
        {values.slice(1).map((v, i) => (
          <circle cx={x(i + 1)} cy={y(v)} r="3" />
        ))}
      </svg>
      <figcaption>{summary}</figcaption>
    </figure>
  );
}
