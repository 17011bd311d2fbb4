// At the end: ask for a rematch, or accept one a player asked for. Whoever
// asks or accepts is taken to the new table with their seat; spectators may
// follow it.
import { useEffect } from 'preact/hooks';
import type { PeopleState } from '../view/people';

export function Rematch(props: {
  people: PeopleState;
  names: string[];
  seated: boolean;
  onAsk(): boolean;
  onGo(url: string): void;
}) {
  const { rematch, myRematch } = props.people;
  const { onGo } = props;
  useEffect(() => {
    if (myRematch) onGo(myRematch);
  }, [myRematch, onGo]);
  const askers = rematch?.accepted.map((s) => props.names[s] ?? `P${s + 1}`) ?? [];
  return (
    <div class="rematch" role="group" aria-label="rematch">
      {myRematch ? (
        <p>Going to the new table…</p>
      ) : props.seated ? (
        <>
          {askers.length > 0 && <p>{askers.join(' and ')} asked for a rematch.</p>}
          <button class="primary" id="rematch" onClick={() => props.onAsk()}>
            {askers.length ? 'Accept the rematch' : 'Rematch'}
          </button>
          <span class="small"> the same game and seats, a new deal</span>
        </>
      ) : (
        rematch && (
          <p>
            {askers.join(' and ')} started a rematch: <a href={rematch.spectator}>watch it</a>
          </p>
        )
      )}
    </div>
  );
}
