// A finished analysis beside the replay: the win-chance graph, what it says
// about the move at the replay's step, the turning points (each a button that
// takes the replay there) and each seat's marked moves.
import type { GameAnalysis } from '../analysis';
import { hereWords, tallies, tallyWords, turningPoints } from '../view/analysis';
import { seatName } from '../view/board';
import { lastFrame } from '../view/chance_graph';
import { ChanceGraph } from './ChanceGraph';

export function AnalysisFindings(props: {
  analysis: GameAnalysis;
  names: string[];
  frame: number;
  actions: number;
  onStep(frame: number): void;
}) {
  const { analysis, names, frame, onStep } = props;
  const here = hereWords(analysis, frame, props.actions, names);
  const turns = turningPoints(analysis, names);
  return (
    <div class="analysis-findings">
      <ChanceGraph
        analysis={analysis}
        names={names}
        frame={frame}
        last={lastFrame(analysis, props.actions)}
        onStep={onStep}
      />
      <div class="analysis-words">
        {here && <p class="analysis-here">{here}</p>}
        {turns.length > 0 && (
          <>
            <h3>Turning points</h3>
            <ol class="turning-points">
              {turns.map((t) => (
                <li key={t.decision}>
                  <button
                    type="button"
                    aria-current={t.frame === frame ? 'step' : undefined}
                    onClick={() => onStep(t.frame)}
                  >
                    {t.words}
                  </button>
                </li>
              ))}
            </ol>
          </>
        )}
        <h3>Marked moves</h3>
        <ul class="tallies">
          {tallies(analysis).map((t, seat) => (
            <li>{tallyWords(t, seatName(names, seat))}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
