// The tutorial page's game: the tutorial file, its record replayed by the server
// from the learner's seat (POST /api/replay), the step shown, the scripted move
// the learner is to make, and the other seats' moves playing themselves.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { uploadReplay, type ReplayData } from '../api';
import { loadFastBots } from '../prefs';
import { loadTutorial } from '../tutorials';
import type { Legal } from '../types';
import { isLearnerStep, paceMs, redirectLine, scriptedMove, type Tutorial } from '../view/tutorial';

export function useTutorial(game: string) {
  const [tutorial, setTutorial] = useState<Tutorial | null>(null);
  const [data, setData] = useState<ReplayData | null>(null);
  const [error, setError] = useState('');
  const [step, setStep] = useState(0);
  const [armed, setArmed] = useState(false); // the first click of a two-click move was made
  const [note, setNote] = useState<string | null>(null); // what a click on another target was told

  useEffect(() => {
    loadTutorial(game)
      .then((t) => {
        setTutorial(t);
        return uploadReplay(JSON.stringify(t.record), String(t.learner));
      })
      .then(setData)
      .catch((e) => setError(e.message));
  }, [game]);

  const last = data ? data.frames.length - 1 : 0;
  const frame = data?.frames[step] ?? null;
  const learnerTurn = !!tutorial && isLearnerStep(tutorial, step);
  const move = useMemo(
    () => (tutorial && frame && learnerTurn ? scriptedMove(tutorial, step, frame.legal) : null),
    [tutorial, frame, learnerTurn, step],
  );
  const advance = useCallback(() => {
    setStep((s) => Math.min(s + 1, last));
    setArmed(false);
    setNote(null);
  }, [last]);

  // The other seats' moves (and every move after the guided part) play themselves.
  useEffect(() => {
    if (!tutorial || !data || learnerTurn || step >= last) return;
    const timer = setTimeout(advance, paceMs(step < tutorial.guided, loadFastBots()));
    return () => clearTimeout(timer);
  }, [tutorial, data, learnerTurn, step, last, advance]);

  // A click on the board or a button: the scripted move plays (a two-click move arms first);
  // any other move is answered with what the coach asked for.
  const pick = useCallback(
    (actions: Legal[]) => {
      if (!move) return;
      if (!actions.some((a) => a.text === move.text)) setNote(redirectLine(move));
      else if (move.target?.then && !armed) {
        setArmed(true);
        setNote(null);
      } else advance();
    },
    [move, armed, advance],
  );
  const skip = useCallback(() => {
    setStep(last);
    setNote(null);
  }, [last]);
  const restart = useCallback(() => {
    setStep(0);
    setArmed(false);
    setNote(null);
  }, []);

  return { tutorial, data, error, step, last, frame, learnerTurn, move, armed, note, pick, skip, restart };
}

export type TutorialState = ReturnType<typeof useTutorial>;
