// One step of a replay: the board as that view saw it (with the move that
// made the step marked), every hand in the full view, the end screen at the
// end, and what happened at the step.
import type { ReplayData } from '../api';
import type { Layout } from '../view/board';
import { seatName } from '../view/board';
import { handLines } from '../view/end';
import { Board } from './Board';
import { EndScreen } from './EndScreen';

const nothing = () => {};

export function ReplayStep(props: {
  frame: ReplayData['frames'][number];
  layout: Layout;
  names: string[];
  marks: Map<string, string[]>;
}) {
  const { frame, names } = props;
  return (
    <div class="table-body">
      <div class="play-area">
        <h2 class="visually-hidden">The board at this step</h2>
        {frame.result && (
          <EndScreen result={frame.result} names={names} observation={frame.observation} table={null} you={[]} />
        )}
        {frame.hands && (
          <section class="zone hands-all">
            <h3>Every hand</h3>
            <ul>
              {handLines(frame.hands, names).map((h) => (
                <li>{h}</li>
              ))}
            </ul>
          </section>
        )}
        <Board
          layout={props.layout}
          targets={new Map()}
          onPick={nothing}
          onHint={nothing}
          marks={props.marks}
          preview={null}
          onPreview={nothing}
        />
      </div>
      <aside class="side">
        <h2 class="visually-hidden">This step</h2>
        <div class="log">
          <h3>What happened at this step</h3>
          <ol>
            {frame.events.map((e) => (
              <li>{e}</li>
            ))}
          </ol>
          {frame.current !== null && <p>Next to decide: {seatName(names, frame.current)}</p>}
        </div>
      </aside>
    </div>
  );
}
