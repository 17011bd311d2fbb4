// The table's main column: the end screen and rematch, what happened since
// the person's last move, the board, and the moves that have no piece.
import type { MoveChoice } from '../hooks/useMoveChoice';
import type { Legal, StateFrame } from '../types';
import { buttonMoves, shownStatus, type Layout } from '../view/board';
import type { PeopleState } from '../view/people';
import type { Standing } from '../view/standing';
import { Board } from './Board';
import { DecisionBar } from './DecisionBar';
import { EndScreen } from './EndScreen';
import { Picker } from './Picker';
import { Rematch } from './Rematch';
import { SinceLastMove } from './SinceLastMove';
import { StandingStrip } from './StandingStrip';
import { StatusLines } from './StatusLines';

// The rematch's link: a page of its own (the router opens the new table).
const goTo = (url: string) => location.assign(url);

export function PlayArea(props: {
  table: string;
  frame: StateFrame;
  layout: Layout;
  standing: Standing | null;
  names: string[];
  you: number[];
  people: PeopleState;
  onRematch(): boolean;
  since: { lines: string[]; more: number };
  targets: Map<string, Legal[]>; // the moves playable now, by board key
  playable: Legal[];
  marks: Map<string, string[]>;
  choice: MoveChoice;
}) {
  const { frame, layout, names, you, choice } = props;
  const status = shownStatus(layout, frame.result !== null);
  return (
    <div class={`play-area ${frame.result ? 'over' : ''}`}>
      <h2 class="visually-hidden">The board</h2>
      {frame.result && (
        <EndScreen result={frame.result} names={names} observation={frame.observation} table={props.table} you={you} />
      )}
      {frame.result && (
        <Rematch people={props.people} names={names} seated={you.length > 0} onAsk={props.onRematch} onGo={goTo} />
      )}
      {props.standing && !frame.result && <StandingStrip standing={props.standing} you={you} />}
      <SinceLastMove since={props.since} />
      <StatusLines lines={status} />
      <div class="board-box">
        <Board
          layout={layout}
          targets={choice.followUps.size ? choice.followUps : props.targets}
          onPick={choice.pick}
          onHint={choice.setHint}
          marks={props.marks}
          preview={choice.preview}
          onPreview={choice.setPreview}
        />
        {choice.picking && choice.followUps.size === 0 && (
          <Picker
            picking={choice.picking}
            onBoard={false}
            onAct={choice.act}
            onCancel={() => choice.setPicking(null)}
          />
        )}
      </div>
      <DecisionBar
        moves={choice.picking ? [] : buttonMoves(props.playable)}
        layout={layout}
        onHint={choice.setHint}
        onPreview={choice.setPreview}
        onAct={choice.act}
      />
    </div>
  );
}
