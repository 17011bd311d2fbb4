// Each seat's final scores (view/lab_charts.ts): a small histogram a seat on
// one scale, each bar the share of that seat's games ending on that score,
// and a diamond at the seat's mean. A seat whose bars sit to the right scores
// more; a wide spread is a swingy game.
import type { Distribution } from '../lab';
import { scoreChart, scoreSummary } from '../view/lab_charts';
import { VerticalTicks } from './VerticalTicks';

const DIAMOND = 4;

export function LabScoreChart({ id, scores, labels }: { id: string; scores: Distribution[]; labels: string[] }) {
  const chart = scoreChart(scores, labels);
  return (
    <figure class="lab-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Scores per seat</h3>
      <svg id={id} viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-label={scoreSummary(scores, labels)}>
        <VerticalTicks ticks={chart.ticks} frame={chart} />
        {chart.rows.map((r) => (
          <g class="spread">
            <text class="label" x={chart.left - 6} y={r.baseline - 4} text-anchor="end">
              {r.label}
            </text>
            <line class="floor" x1={chart.left} x2={chart.right} y1={r.baseline} y2={r.baseline} />
            {r.bars.map((b) => (
              <rect class="bin" x={b.x} y={b.y} width={b.width} height={b.height}>
                <title>{b.words}</title>
              </rect>
            ))}
            {r.mean !== null && (
              <path
                class="mean-mark"
                d={`M${r.mean} ${r.baseline - DIAMOND}l${DIAMOND} ${DIAMOND}l-${DIAMOND} ${DIAMOND}l-${DIAMOND} -${DIAMOND}z`}
              />
            )}
          </g>
        ))}
        <text class="axis-title" x={(chart.left + chart.right) / 2} y={chart.height - 3} text-anchor="middle">
          final score
        </text>
      </svg>
      <p class="small">Each bar: the share of that seat's games that ended on that score. ◆ the seat's mean.</p>
    </figure>
  );
}
