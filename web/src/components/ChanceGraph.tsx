// Each seat's chance to win along the game (view/chance_graph.ts): a line in
// the seat's colour, 0/50/100% gridlines, a cursor at the replay's frame, and
// the marked moves as buttons laid over the lines. A click on the graph shows
// the nearest decision; a mark shows its own. The SVG stretches to any width
// while the labels and buttons, being HTML, keep their size.
import type { JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import type { GameAnalysis } from '../analysis';
import { MARKS, MARK_SYMBOLS, UNLUCKY_WORDS, frameOfDecision, nearestDecision } from '../view/analysis';
import { seatFill } from '../view/art';
import { seatName } from '../view/board';
import { chanceLines, frameAtX, graphMarks, graphSummary, xOf } from '../view/chance_graph';

const GRID = [100, 50, 0];

export function ChanceGraph(props: {
  analysis: GameAnalysis;
  names: string[];
  frame: number;
  last: number;
  onStep(frame: number): void;
}) {
  const { analysis, names, last, onStep } = props;
  const cursor = xOf(props.frame, last);
  // Only the cursor and the mark at the replay's frame follow each step; the rest is the analysis's.
  const drawn = useMemo(
    () => ({
      lines: chanceLines(analysis, last),
      marks: graphMarks(analysis, last, names),
      summary: graphSummary(analysis, names),
    }),
    [analysis, last, names],
  );
  const onClick = (e: JSX.TargetedMouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const i = nearestDecision(analysis, frameAtX((e.clientX - box.left) / box.width, last));
    if (i >= 0) onStep(frameOfDecision(analysis.decisions[i]));
  };
  return (
    <figure class="chance-graph">
      <div class="graph-box">
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-label={drawn.summary} onClick={onClick}>
          {GRID.map((g) => (
            <line class="grid" x1="0" x2="100" y1={100 - g} y2={100 - g} vector-effect="non-scaling-stroke" />
          ))}
          {drawn.lines.map((l) => (
            <g key={l.seat}>
              <polyline class="casing" points={l.points} vector-effect="non-scaling-stroke" />
              <polyline class="chance" points={l.points} stroke={seatFill(l.seat)} vector-effect="non-scaling-stroke" />
            </g>
          ))}
          <line class="cursor" x1={cursor} x2={cursor} y1="0" y2="100" vector-effect="non-scaling-stroke" />
        </svg>
        {GRID.map((g) => (
          <span class="grid-label" style={{ top: `${100 - g}%` }} aria-hidden="true">
            {g}%
          </span>
        ))}
        {drawn.marks.map((m) => (
          <button
            key={m.decision}
            type="button"
            class={`mark ${m.kind}${m.frame === props.frame ? ' here' : ''}`}
            style={{ left: `${m.x}%`, top: `${m.y}%`, '--seat': seatFill(m.seat) }}
            aria-label={m.label}
            title={m.label}
            onClick={() => onStep(m.frame)}
          >
            {m.kind === 'unlucky' ? '' : MARK_SYMBOLS[m.kind]}
          </button>
        ))}
      </div>
      <figcaption>
        <ul class="graph-legend">
          {Array.from({ length: analysis.players }, (_, seat) => (
            <li>
              <span class="swatch" style={{ background: seatFill(seat) }} aria-hidden="true" />
              {seatName(names, seat)}
            </li>
          ))}
        </ul>
        <p class="small">
          {MARKS.map((m) => `${MARK_SYMBOLS[m]} ${m} · `).join('')}○ unlucky: {UNLUCKY_WORDS}
        </p>
      </figcaption>
    </figure>
  );
}
