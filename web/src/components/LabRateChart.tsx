// Win rates as bars, one row a seat or a level (view/lab_charts.ts): each
// with its 95% interval as an error bar and its rate in figures, against the
// fair share (one in that many players), dashed. A rate whose interval holds
// the fair share is no evidence of an edge.
import { rateChart, rateSummary, type RateIn } from '../view/lab_charts';
import { VerticalTicks } from './VerticalTicks';

export function LabRateChart(props: { id: string; title: string; rows: RateIn[]; fair: number | null; games: number }) {
  const { id, title, rows, fair } = props;
  const chart = rateChart(rows, fair);
  return (
    <figure class="lab-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <svg
        id={id}
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        role="img"
        aria-label={rateSummary(title, rows, fair, props.games)}
      >
        <VerticalTicks ticks={chart.ticks} frame={chart} />
        {chart.bars.map((b) => (
          <g class="rate">
            <text class="label" x={chart.left - 6} y={b.y + 4} text-anchor="end">
              {b.label}
            </text>
            <rect class="bar" x={b.x0} y={b.barY} width={Math.max(0, b.x - b.x0)} height={b.barHeight} />
            <line class="interval" x1={b.low} x2={b.high} y1={b.y} y2={b.y} />
            <line class="interval" x1={b.low} x2={b.low} y1={b.y - 5} y2={b.y + 5} />
            <line class="interval" x1={b.high} x2={b.high} y1={b.y - 5} y2={b.y + 5} />
            <text class="value" x={chart.width - 2} y={b.y + 4} text-anchor="end">
              {b.value}
            </text>
          </g>
        ))}
        {chart.fair && (
          <g class="fair">
            <line x1={chart.fair.at} x2={chart.fair.at} y1={chart.top - 4} y2={chart.bottom} />
            <text x={chart.fair.labelAt} y={chart.top - 7} text-anchor={chart.fair.anchor}>
              {chart.fair.label}
            </text>
          </g>
        )}
      </svg>
    </figure>
  );
}
