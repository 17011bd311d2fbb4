// How long the games ran, in actions, as a histogram (view/lab_charts.ts),
// with the mean marked: a long tail is where games stall.
import type { Distribution } from '../lab';
import { lengthChart, lengthSummary } from '../view/lab_charts';
import { lengthBins, spreadOf } from '../view/lab_stats';

export function LabLengthChart({ id, lengths, mean }: { id: string; lengths: Distribution; mean: number | null }) {
  const bins = lengthBins(lengths);
  const chart = lengthChart(bins, mean);
  return (
    <figure class="lab-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Game length</h3>
      <svg
        id={id}
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        role="img"
        aria-label={lengthSummary(spreadOf(lengths), bins)}
      >
        {chart.yTicks.map((t) => (
          <g class="tick">
            <line x1={chart.left} x2={chart.right} y1={t.at} y2={t.at} />
            <text x={chart.left - 5} y={t.at + 4} text-anchor="end">
              {t.label}
            </text>
          </g>
        ))}
        {chart.bars.map((b) => (
          <rect class="bin" x={b.x} y={b.y} width={b.width} height={b.height}>
            <title>{b.words}</title>
          </rect>
        ))}
        {chart.xTicks.map((t) => (
          <text class="tick-label" x={t.at} y={chart.bottom + 14} text-anchor="middle">
            {t.label}
          </text>
        ))}
        <text class="axis-title" x={(chart.left + chart.right) / 2} y={chart.height - 3} text-anchor="middle">
          actions per game (bars: games)
        </text>
        {chart.mean && (
          <g class="mean">
            <line x1={chart.mean.at} x2={chart.mean.at} y1={chart.top - 4} y2={chart.bottom} />
            <text x={chart.mean.at} y={chart.top - 7} text-anchor={chart.mean.anchor}>
              {chart.mean.label}
            </text>
          </g>
        )}
      </svg>
    </figure>
  );
}
