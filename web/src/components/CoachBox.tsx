// The tutorial's coach: the line for this step, what a stray click was told,
// what just happened on the board, how far the learner is, and the way on
// (skip the moves that play themselves; start again at the end).
import { useMemo } from 'preact/hooks';
import type { TutorialState } from '../hooks/useTutorial';
import { coachLine, learnerSteps } from '../view/tutorial';

export function CoachBox({ state }: { state: TutorialState }) {
  const { tutorial, frame, step, last, move, learnerTurn, note } = state;
  const steps = useMemo(() => (tutorial ? learnerSteps(tutorial) : []), [tutorial]);
  if (!tutorial || !frame) return null;
  const done = steps.filter((s) => s < step).length;
  const watching = step >= tutorial.guided && step < last;
  return (
    <section class="coach" aria-label="coach">
      <h2 class="visually-hidden">Coach</h2>
      {done === 0 && tutorial.coach.start && coachLine(tutorial, step) !== tutorial.coach.start && (
        <p class="coach-intro">{tutorial.coach.start}</p>
      )}
      <p class="coach-line" role="status" aria-live="polite">
        {coachLine(tutorial, step)}
      </p>
      {learnerTurn && !move && (
        <p class="error" role="alert">
          This tutorial no longer matches the game: the move “{tutorial.record.actions[step]}” is not offered.
        </p>
      )}
      {note && (
        <p class="coach-note" role="alert">
          {note}
        </p>
      )}
      {frame.events.length > 0 && (
        <ul class="coach-events" aria-label="what just happened">
          {frame.events.map((e) => (
            <li>{e}</li>
          ))}
        </ul>
      )}
      <p class="coach-progress">
        {step >= last
          ? `You made all ${steps.length} of your moves.`
          : `Your moves: ${done} of ${steps.length}${learnerTurn ? ' · your turn: click what is lit up' : ''}`}
        {watching && (
          <>
            {' '}
            <button id="tutorial-skip" onClick={state.skip}>
              Skip to the end
            </button>
          </>
        )}
        {step >= last && (
          <>
            {' '}
            <button id="tutorial-again" onClick={state.restart}>
              Start again
            </button>
          </>
        )}
      </p>
    </section>
  );
}
