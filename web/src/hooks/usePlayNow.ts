// The person's Play now ticket (docs/protocol.md, "Play now"): asked for
// when the lobby opens (a reload while waiting shows the wait again), asked
// again every second while waiting, and followed to the table once seated.
// The server keeps answering `seated` after that, so on opening the lobby a
// seat is followed only when this tab was waiting; else, while its table
// still plays, it is offered as a link beside the form.
import { useEffect, useState } from 'preact/hooks';
import { fetchTable } from '../api';
import { askPlayNow, cancelPlayNow, fetchPlayNow, type PlayNowRequest, type Seated, type Ticket } from '../meeting';
import { loadPlayNowWaiting, savePlayNowWaiting } from '../prefs';

const POLL_MS = 1000;

export interface PlayNowState {
  ticket: Ticket | null; // null while asking
  playing: Seated | null; // an earlier Play now seat whose table still plays
  now: number; // unix ms, every second while waiting: the panel's counter
  error: string; // the server's refusal, in its words
  busy: boolean; // a request of the person's is on its way
  start(request: PlayNowRequest): void;
  cancel(): void;
}

// A seat at a table that has ended since is no reason to go there.
async function stillPlaying(t: Seated): Promise<boolean> {
  const table = await fetchTable(t.table, '').catch(() => null);
  return table !== null && !table.finished;
}

export function usePlayNow(signedIn: boolean): PlayNowState {
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [playing, setPlaying] = useState<Seated | null>(null);

  const take = (t: Ticket) => {
    setTicket(t);
    savePlayNowWaiting(t.state === 'waiting');
    if (t.state === 'seated') location.assign(t.url);
  };
  const refused = (e: unknown) => setError((e as Error).message);

  useEffect(() => {
    if (!signedIn) return;
    const opened = async () => {
      const t = await fetchPlayNow();
      if (t.state !== 'seated' || loadPlayNowWaiting()) return take(t);
      setTicket({ state: 'none' });
      if (await stillPlaying(t)) setPlaying(t);
    };
    opened().catch(() => setTicket({ state: 'none' })); // a server without Play now: the form, whose button says why
  }, [signedIn]);

  const waiting = ticket?.state === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    let asking = false;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (asking) return;
      asking = true;
      fetchPlayNow()
        .then((t) => {
          setError('');
          take(t);
        })
        .catch(refused)
        .finally(() => (asking = false));
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  const act = (call: () => Promise<Ticket>) => {
    setError('');
    setBusy(true);
    setNow(Date.now());
    call()
      .then(take)
      .catch(refused)
      .finally(() => setBusy(false));
  };
  return {
    ticket,
    playing,
    now,
    error,
    busy,
    start: (request) => act(() => askPlayNow(request)),
    cancel: () => act(cancelPlayNow),
  };
}
