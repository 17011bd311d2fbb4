import { useEffect, useMemo, useState } from 'preact/hooks';
import { fetchTableReplay, uploadReplay, type ReplayData } from '../api';
import { viewOf } from '../boards';
import { Board } from '../components/Board';
import { EndScreen } from '../components/EndScreen';
import { lastMoveMarks, seatName } from '../view/board';
import { handLines } from '../view/end';
import { GAME_NAMES } from '../view/names';
import { clampStep, stepCaption } from '../view/replay';

// A finished table (/replay/<table>) or an uploaded record (/replay), step by
// step, from any seat's view, the public view, or with every hand.
export function ReplayPage({ table }: { table: string | null }) {
  const [record, setRecord] = useState<string | null>(null);
  const [view, setView] = useState('all');
  const [data, setData] = useState<ReplayData | null>(null);
  const [step, setStep] = useState(0);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!table && !record) return;
    setError('');
    (table ? fetchTableReplay(table, view) : uploadReplay(record ?? '', view))
      .then((d) => {
        setData(d);
        setStep((s) => clampStep(s, d.frames.length));
      })
      .catch((e) => setError(e.message));
  }, [table, record, view]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!data || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if (e.key === 'ArrowRight') setStep((s) => clampStep(s + 1, data.frames.length));
      if (e.key === 'ArrowLeft') setStep((s) => clampStep(s - 1, data.frames.length));
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [data]);

  const names = useMemo(() => data?.seats.map((s) => s.name) ?? [], [data]);
  const frame = data?.frames[step];
  const layout = useMemo(
    () => (data && frame ? viewOf(data.game)?.layout(frame.observation, names, frame.seat) : null),
    [data, frame, names],
  );
  // The replay marks the move that made this step.
  const marks = useMemo(
    () => (layout && frame?.last ? lastMoveMarks(layout, [frame.last], names) : new Map<string, string[]>()),
    [layout, frame, names],
  );

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    try {
      JSON.parse(text);
    } catch {
      setError(`${file.name} is not JSON`);
      return;
    }
    setRecord(text);
    setStep(0);
  };

  return (
    <main class="table-page replay">
      <header class="table-header">
        <a href="/">← lobby</a>
        <h1>Replay{data ? `: ${GAME_NAMES[data.game] ?? data.game}` : ''}</h1>
        {!table && (
          <label>
            Record file (bellwether play --save){' '}
            <input
              type="file"
              id="record-file"
              accept=".json,application/json"
              onChange={(e) => upload((e.target as HTMLInputElement).files?.[0])}
            />
          </label>
        )}
        {data && (
          <label>
            View{' '}
            <select id="replay-view" value={view} onChange={(e) => setView((e.target as HTMLSelectElement).value)}>
              <option value="all">everything (all hands)</option>
              <option value="spectator">the public view</option>
              {data.seats.map((s) => (
                <option value={String(s.seat)}>{s.name}'s view</option>
              ))}
            </select>
          </label>
        )}
      </header>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p>{table ? 'Loading…' : 'Choose a record file to replay.'}</p>}
      {data && frame && layout && (
        <>
          <div class="replay-controls">
            <button id="replay-first" onClick={() => setStep(0)} aria-label="first step">
              |◀ first
            </button>
            <button
              id="replay-prev"
              onClick={() => setStep(clampStep(step - 1, data.frames.length))}
              aria-label="previous step"
            >
              ◀ back
            </button>
            <input
              id="replay-step"
              type="range"
              min={0}
              max={data.frames.length - 1}
              value={step}
              aria-label="step"
              onInput={(e) => setStep(Number((e.target as HTMLInputElement).value))}
            />
            <button
              id="replay-next"
              onClick={() => setStep(clampStep(step + 1, data.frames.length))}
              aria-label="next step"
            >
              forward ▶
            </button>
            <button id="replay-last" onClick={() => setStep(data.frames.length - 1)} aria-label="last step">
              last ▶|
            </button>
            <span id="replay-caption">{stepCaption(step, data, names)}</span>
          </div>
          <div class="table-body">
            <div class="play-area">
              {frame.result && (
                <EndScreen result={frame.result} names={names} observation={frame.observation} table={null} you={[]} />
              )}
              {frame.hands && (
                <section class="zone hands-all">
                  <h3>Every hand</h3>
                  <ul>
                    {handLines(frame.hands, names).map((h) => (
                      <li>{h}</li>
                    ))}
                  </ul>
                </section>
              )}
              <Board
                layout={layout}
                targets={new Map()}
                onPick={() => {}}
                onHint={() => {}}
                marks={marks}
                preview={null}
                onPreview={() => {}}
              />
            </div>
            <aside class="side">
              <div class="log">
                <h3>What happened at this step</h3>
                <ol>
                  {frame.events.map((e) => (
                    <li>{e}</li>
                  ))}
                </ol>
                {frame.current !== null && <p>Next to decide: {seatName(names, frame.current)}</p>}
              </div>
            </aside>
          </div>
        </>
      )}
    </main>
  );
}
