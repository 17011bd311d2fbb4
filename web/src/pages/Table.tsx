import { useCallback, useMemo, useState } from 'preact/hooks';
import { HandOver } from '../components/HandOver';
import { PlayArea } from '../components/PlayArea';
import { TableConnecting } from '../components/TableConnecting';
import { TableHeader } from '../components/TableHeader';
import { TableNotices } from '../components/TableNotices';
import { TableSide } from '../components/TableSide';
import { useShortName } from '../games';
import { useE2eTiming } from '../hooks/useE2eTiming';
import { useLastMoves } from '../hooks/useLastMoves';
import { useMoveChoice } from '../hooks/useMoveChoice';
import { useRememberTable } from '../hooks/useRememberTable';
import { useSinceMark } from '../hooks/useSinceMark';
import { useTableConnection } from '../hooks/useTableConnection';
import { useTableView } from '../hooks/useTableView';
import { useTurnAlerts } from '../hooks/useTurnAlerts';
import type { Legal } from '../types';
import { attach, seatName } from '../view/board';
import { logOf } from '../view/table_state';
import { RulesPage } from './Rules';

// No moves to play (a hand-over or a reconnection waits): one array, so that what is made from it is kept.
const NO_MOVES: Legal[] = [];

// "How to play" beside the board.
function RulesAside({ game }: { game: string }) {
  return (
    <aside class="rules-side">
      <RulesPage game={game} />
    </aside>
  );
}

export function TablePage({ table, token }: { table: string; token: string | null }) {
  const connection = useTableConnection(table, token);
  const { joined, status, act: send } = connection;
  const online = status === 'open';
  const { you, hotseat, names, shown, handOver, endHandOver, frame, view, layout, standing } = useTableView(connection);
  const playable = frame && !handOver && online ? frame.legal : NO_MOVES;
  const targets = useMemo(() => (layout ? attach(layout, playable) : new Map<string, Legal[]>()), [layout, playable]);
  useRememberTable(table, token, joined?.game, you);
  const gameName = useShortName(joined?.game); // until the list comes (or if it cannot): the game's id
  const { alertChoice, chooseAlerts } = useTurnAlerts(frame, you, gameName, online);
  const { marks, clearLastMoves } = useLastMoves(frame, layout, names);
  const log = logOf(connection, shown);
  const { since, expectOwnMove } = useSinceMark(frame, log);
  const noteClick = useE2eTiming(frame?.version);
  const [showRules, setShowRules] = useState(false);
  const play = useCallback(
    (action: Legal) => {
      if (!frame) return;
      clearLastMoves();
      noteClick();
      expectOwnMove();
      send(frame.version, action.id, you.length > 1 ? frame.seat : null); // which seat, where several are held
    },
    [frame, you.length, send, clearLastMoves, noteClick, expectOwnMove],
  );
  const choice = useMoveChoice(playable, play);

  if (!joined || !frame || !layout)
    return <TableConnecting refused={connection.refused} error={connection.error} status={status} />;
  if (handOver && shown !== null) return <HandOver name={seatName(names, shown)} onReady={endHandOver} />;
  return (
    <main class="table-page" data-game={joined.game}>
      <TableHeader
        title={gameName ?? joined.game}
        who={frame.seat === null ? 'watching' : `you are ${seatName(names, frame.seat)}`}
        showRules={showRules}
        onShowRules={setShowRules}
        fast={connection.fast}
        onFast={connection.setFast}
        alerts={alertChoice}
        onAlerts={chooseAlerts}
        status={status}
      />
      <TableNotices connection={connection} frame={frame} names={names} you={you} hotseat={hotseat} />
      <div class={`table-body ${showRules ? 'with-rules' : ''}`}>
        <PlayArea
          table={table}
          frame={frame}
          layout={layout}
          standing={standing}
          names={names}
          you={you}
          people={connection.people}
          onRematch={connection.rematch}
          since={since}
          targets={targets}
          playable={playable}
          marks={marks}
          choice={choice}
        />
        <TableSide
          connection={connection}
          joined={joined}
          frame={frame}
          you={you}
          hotseat={hotseat}
          hasView={!!view}
          targets={targets}
          choice={choice}
          log={log}
          shown={shown}
        />
        {showRules && <RulesAside game={joined.game} />}
      </div>
    </main>
  );
}
