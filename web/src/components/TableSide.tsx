// The table's side column: a choice between moves, the list of moves (with
// undo), the coach's meter at a table of bots, the log and the chat.
import type { TableConnectionState } from '../hooks/useTableConnection';
import type { MoveChoice } from '../hooks/useMoveChoice';
import type { JoinedFrame, Legal, StateFrame } from '../types';
import { undoOffered } from '../view/turn';
import { currentNames } from '../view/people';
import { ChatPanel } from './ChatPanel';
import { CoachMeter } from './CoachMeter';
import { MoveLog } from './MoveLog';
import { MovesPanel } from './MovesPanel';
import { Picker } from './Picker';

export function TableSide(props: {
  connection: TableConnectionState;
  joined: JoinedFrame;
  frame: StateFrame;
  you: number[];
  hotseat: boolean;
  hasView: boolean; // the game has a board view (every game the server plays should)
  targets: Map<string, Legal[]>;
  choice: MoveChoice;
  log: string[];
  shown: number | null;
}) {
  const { connection, joined, frame, you, choice } = props;
  const online = connection.status === 'open';
  const undo = () => {
    connection.clearError();
    connection.undo(frame.version);
  };
  return (
    <aside class="side">
      <h2 class="visually-hidden">Moves, log and chat</h2>
      {choice.picking && choice.followUps.size > 0 && (
        <Picker picking={choice.picking} onBoard onAct={choice.act} onCancel={() => choice.setPicking(null)} />
      )}
      {!frame.result && props.hasView && (
        <MovesPanel
          legal={online ? frame.legal : []}
          onBoard={props.targets}
          keys={choice.keys}
          hint={choice.hint}
          onHint={choice.setHint}
          onAct={choice.act}
          onUndo={undoOffered(joined.seats, you, props.hotseat) ? undo : null}
        />
      )}
      {joined.meter && !frame.result && (
        <CoachMeter
          on={connection.meterOn}
          reading={connection.meter}
          version={frame.version}
          spectator={you.length === 0}
          names={currentNames(
            connection.people.presence,
            joined.seats.map((s) => s.name),
          )}
          onToggle={connection.setMeterOn}
        />
      )}
      <MoveLog log={props.log} shown={props.shown} />
      {joined.chat && <ChatPanel lines={connection.people.chat} canWrite={you.length > 0} onSend={connection.chat} />}
    </aside>
  );
}
