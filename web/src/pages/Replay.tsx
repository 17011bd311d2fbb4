import { useMemo } from 'preact/hooks';
import { viewOf } from '../boards';
import { AnalysisPanel } from '../components/AnalysisPanel';
import { ReplayControls } from '../components/ReplayControls';
import { ReplayHeader } from '../components/ReplayHeader';
import { ReplayStep } from '../components/ReplayStep';
import { useAnalysis } from '../hooks/useAnalysis';
import { useReplay } from '../hooks/useReplay';
import { lastMoveMarks } from '../view/board';
import { clampStep } from '../view/replay';

// A finished table (/replay/<table>) or an uploaded record (/replay), step by
// step, from any seat's view, the public view, or with every hand; a finished
// table's with its post-game analysis (an uploaded record has none to ask for).
export function ReplayPage({ table }: { table: string | null }) {
  const { data, view, setView, step, setStep, error, upload } = useReplay(table);
  const analysis = useAnalysis(table);
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

  return (
    <main class="table-page replay">
      <ReplayHeader table={table} data={data} view={view} onView={setView} onUpload={upload} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p>{table ? 'Loading…' : 'Choose a record file to replay.'}</p>}
      {data && frame && layout && (
        <>
          <ReplayControls data={data} names={names} step={step} onStep={setStep} />
          {table && (
            <AnalysisPanel
              state={analysis}
              names={names}
              frame={step}
              actions={data.frames.length - 1}
              onStep={(frame) => setStep(clampStep(frame, data.frames.length))}
            />
          )}
          <ReplayStep frame={frame} layout={layout} names={names} marks={marks} />
        </>
      )}
    </main>
  );
}
