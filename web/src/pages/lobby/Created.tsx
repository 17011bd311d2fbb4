// A table just made: the friends' invite links and the watch-only link to
// copy, the open seats (no link: taken from the lobby), and the way to the table.
import type { CreateReply } from '../../api';
import { CopyButton } from './CopyButton';

export function Created({ reply, friends }: { reply: CreateReply; friends: number[] }) {
  const own = reply.hotseat?.url ?? reply.invites.find((i) => !friends.includes(i.seat ?? -1))?.url;
  return (
    <div class="created" role="status">
      <h3>Table {reply.table} is ready</h3>
      {friends.map((seat) => {
        const link = reply.invites.find((i) => i.seat === seat);
        return (
          link && (
            <p>
              Send this link to the friend at seat P{seat + 1}:{' '}
              <input
                readOnly
                class="link"
                value={location.origin + link.url}
                onFocus={(e) => (e.target as HTMLInputElement).select()}
              />{' '}
              <CopyButton text={location.origin + link.url} />
            </p>
          )
        );
      })}
      {(reply.seats ?? [])
        .filter((s) => s.open)
        .map((s) => (
          <p class="open-seat-note" data-seat={s.seat}>
            Seat {s.name} is open: it has no link. Anyone signed in may take it from the lobby's Open tables.
          </p>
        ))}
      <p>
        Watch-only link:{' '}
        <input
          readOnly
          class="link"
          value={location.origin + reply.spectator.url}
          onFocus={(e) => (e.target as HTMLInputElement).select()}
        />{' '}
        <CopyButton text={location.origin + reply.spectator.url} />
      </p>
      {own ? (
        <a class="button primary" href={own} id="go-to-table">
          Go to the table
        </a>
      ) : (
        <a class="button" href={reply.spectator.url}>
          Watch the table
        </a>
      )}
    </div>
  );
}
