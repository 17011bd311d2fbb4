// The table page before there is a board to draw: joining, connecting again,
// or refused by the server for good.
import type { TableConnectionState } from '../hooks/useTableConnection';

export function TableConnecting(props: { refused: boolean; error: string; status: TableConnectionState['status'] }) {
  if (props.refused) {
    return (
      <main class="table-page">
        <div class="refused" role="alert">
          <h2>This page cannot connect to the game server</h2>
          <p>
            The server refuses connections from this page's address, so the table cannot open. Reloading will not help:
            it is a setting of the server (or of the proxy in front of it) that whoever runs it must change. The server
            says:
          </p>
          <p class="refused-reason">{props.error}</p>
        </div>
        <p>
          <a href="/">← lobby</a>
        </p>
      </main>
    );
  }
  return (
    <main class="table-page">
      <p class="status">
        {props.error || (props.status === 'closed' ? 'Connecting to the server…' : 'Joining the table…')}
      </p>
      <p>
        <a href="/">← lobby</a>
      </p>
    </main>
  );
}
