// The vertical grid lines of a chart whose values run across, each labelled under the plot.
import type { ChartFrame, Tick } from '../view/lab_charts';

export function VerticalTicks({ ticks, frame }: { ticks: Tick[]; frame: ChartFrame }) {
  return (
    <>
      {ticks.map((t) => (
        <g class="tick">
          <line x1={t.at} x2={t.at} y1={frame.top} y2={frame.bottom} />
          <text x={t.at} y={frame.bottom + 14} text-anchor="middle">
            {t.label}
          </text>
        </g>
      ))}
    </>
  );
}
