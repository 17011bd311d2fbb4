// Each seat's final scores (view/lab_charts.ts): whiskers from the lowest to
// the highest, a box over the middle half of the games with a line at the
// median, and a dot per score sized by how many games ended there.
import type { Distribution } from '../lab';
import { scoreChart, scoreSummary } from '../view/lab_charts';

export function LabScoreChart({ id, scores, labels }: { id: string; scores: Distribution[]; labels: string[] }) {
  const chart = scoreChart(scores, labels);
  const half = chart.boxHeight / 2;
  return (
    <figure class="lab-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Scores per seat</h3>
      <svg id={id} viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-label={scoreSummary(scores, labels)}>
        {chart.ticks.map((t) => (
          <g class="tick">
            <line x1={t.at} x2={t.at} y1={chart.top} y2={chart.bottom} />
            <text x={t.at} y={chart.bottom + 14} text-anchor="middle">
              {t.label}
            </text>
          </g>
        ))}
        {chart.rows.map((r) => (
          <g class="spread">
            <text class="label" x={chart.left - 6} y={r.y + 4} text-anchor="end">
              {r.label}
            </text>
            {r.box && (
              <>
                <line class="whisker" x1={r.box.min} x2={r.box.max} y1={r.y} y2={r.y} />
                <rect
                  class="box"
                  x={r.box.q1}
                  y={r.y - half}
                  width={Math.max(0, r.box.q3 - r.box.q1)}
                  height={chart.boxHeight}
                />
                <line class="median" x1={r.box.median} x2={r.box.median} y1={r.y - half} y2={r.y + half} />
              </>
            )}
            {r.dots.map((d) => (
              <circle class="dot" cx={d.x} cy={r.y} r={d.r}>
                <title>{d.words}</title>
              </circle>
            ))}
          </g>
        ))}
        <text class="axis-title" x={(chart.left + chart.right) / 2} y={chart.height - 3} text-anchor="middle">
          final score
        </text>
      </svg>
      <p class="small">
        Box: the middle half of the games; line: the median; dots: how many games ended at each score.
      </p>
    </figure>
  );
}
