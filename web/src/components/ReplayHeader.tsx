// The replay page's header: the record file to upload (when no table is
// named) and whose view of the game to show.
import type { ReplayData } from '../api';
import { shortNameOf, useGames } from '../games';

export function ReplayHeader(props: {
  table: string | null;
  data: ReplayData | null;
  view: string;
  onView(view: string): void;
  onUpload(file: File | undefined): void;
}) {
  const { data } = props;
  const { games } = useGames();
  return (
    <header class="table-header">
      <a href="/">← lobby</a>
      <h1>Replay{data ? `: ${shortNameOf(games, data.game)}` : ''}</h1>
      {!props.table && (
        <label>
          Record file (bellwether play --save){' '}
          <input
            type="file"
            id="record-file"
            accept=".json,application/json"
            onChange={(e) => props.onUpload((e.target as HTMLInputElement).files?.[0])}
          />
        </label>
      )}
      {data && (
        <label>
          View{' '}
          <select
            id="replay-view"
            value={props.view}
            onChange={(e) => props.onView((e.target as HTMLSelectElement).value)}
          >
            <option value="all">everything (all hands)</option>
            <option value="spectator">the public view</option>
            {data.seats.map((s) => (
              <option value={String(s.seat)}>{s.name}'s view</option>
            ))}
          </select>
        </label>
      )}
    </header>
  );
}
