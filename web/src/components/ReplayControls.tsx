// Stepping through a replay: first, back, a slider, forward, last, and what the step was.
import type { ReplayData } from '../api';
import { clampStep, stepCaption } from '../view/replay';

export function ReplayControls(props: { data: ReplayData; names: string[]; step: number; onStep(step: number): void }) {
  const { data, step, onStep } = props;
  const frames = data.frames.length;
  return (
    <div class="replay-controls">
      <button id="replay-first" onClick={() => onStep(0)} aria-label="first step">
        |◀ first
      </button>
      <button id="replay-prev" onClick={() => onStep(clampStep(step - 1, frames))} aria-label="previous step">
        ◀ back
      </button>
      <input
        id="replay-step"
        type="range"
        min={0}
        max={frames - 1}
        value={step}
        aria-label="step"
        onInput={(e) => onStep(Number((e.target as HTMLInputElement).value))}
      />
      <button id="replay-next" onClick={() => onStep(clampStep(step + 1, frames))} aria-label="next step">
        forward ▶
      </button>
      <button id="replay-last" onClick={() => onStep(frames - 1)} aria-label="last step">
        last ▶|
      </button>
      <span id="replay-caption">{stepCaption(step, data, props.names)}</span>
    </div>
  );
}
