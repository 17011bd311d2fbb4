// What the table page draws: the seat shown (useShownSeat) and its newest
// frame, the names at the table as they are now, and the frame's board.
import { useMemo } from 'preact/hooks';
import { viewOf } from '../boards';
import type { GameId, ObservationByGame } from '../generated/observations';
import { currentNames } from '../view/people';
import { standingOf } from '../view/standing';
import { anyFrame, keyOf } from '../view/table_state';
import type { TableConnectionState } from './useTableConnection';
import { useShownSeat } from './useShownSeat';

export function useTableView(connection: TableConnectionState) {
  const { joined, frames } = connection;
  const presence = connection.people.presence;
  const you = joined?.you ?? [];
  const hotseat = !!joined?.hotseat;
  const names = useMemo(() => currentNames(presence, joined?.seats.map((s) => s.name) ?? []), [joined, presence]);
  const first = anyFrame(connection);
  const { shown, handOver, endHandOver } = useShownSeat(you, first?.current ?? null, hotseat);
  const frame = frames.get(keyOf(shown)) ?? first;
  const view = joined ? viewOf(joined.game) : undefined;
  const layout = useMemo(
    () => (frame && view ? view.layout(frame.observation, names, frame.seat) : null),
    [frame, view, names],
  );
  const standing = useMemo(
    () =>
      frame && joined ? standingOf(joined.game as GameId, frame.observation as ObservationByGame[GameId], names) : null,
    [frame, joined, names],
  );
  return { you, hotseat, names, shown, handOver, endHandOver, frame, view, layout, standing };
}
