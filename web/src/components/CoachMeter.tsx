// The win meter at a table of bots: a switch, then every seat's chance to win
// after each move, read on the server from what this person can see (the
// coach), or from what everybody can see (a spectator).
import type { MeterFrame } from '../types';
import { meterRows, meterSummary } from '../view/meter';

export function CoachMeter(props: {
  on: boolean;
  reading: MeterFrame | null;
  version: number; // the table's version on screen: an older reading is marked as being updated
  names: string[];
  spectator: boolean;
  onToggle(on: boolean): void;
}) {
  const { on, reading, spectator } = props;
  const rows = reading ? meterRows(reading, props.names) : [];
  const updating = on && (!reading || reading.version < props.version);
  return (
    <section class="coach-meter" aria-labelledby="coach-meter-title">
      <h3 id="coach-meter-title">{spectator ? 'Chances' : 'Coach'}</h3>
      <label>
        <input
          id="coach-meter-on"
          type="checkbox"
          checked={on}
          onChange={(e) => props.onToggle(e.currentTarget.checked)}
        />{' '}
        Show each seat's chance to win
      </label>
      {on && (
        <small class="coach-note">
          From what {spectator ? 'everybody' : 'you'} can see: the hidden cards dealt again many times and played out by
          rules of thumb.
        </small>
      )}
      {on && rows.length === 0 && <p class="coach-wait">Reading the table…</p>}
      {rows.length > 0 && (
        <ul
          class={updating ? 'meter-rows updating' : 'meter-rows'}
          aria-busy={updating}
          aria-label={meterSummary(rows)}
        >
          {rows.map((row) => (
            <li class={row.you ? 'you' : undefined} data-seat={row.seat} data-chance={row.percent}>
              <span class="meter-name">{row.you ? `${row.name} (you)` : row.name}</span>
              <span class="meter-bar" aria-hidden="true">
                <span style={{ width: `${row.percent}%` }} />
              </span>
              <span class="meter-percent">{row.percent}%</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
