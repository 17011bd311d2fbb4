// The balance lab's form (/lab): the choices (from the address when a page
// sent the person back with a spec, else the first game's defaults), what is
// wrong with them, and run(), which starts the job and goes to its page.
import { useState } from 'preact/hooks';
import { startLabJob, labJobPath } from '../lab';
import type { GameInfo, GameParam } from '../types';
import {
  choicesFromQuery,
  defaultChoices,
  formProblems,
  labRequest,
  withGame,
  withParam,
  withSeatCount,
  type LabChoices,
  type LabLimits,
} from '../view/lab_form';
import { startRefusalWords } from '../view/lab_status';

export function useLabForm(games: GameInfo[], limits: LabLimits) {
  const { levels } = limits;
  const [choices, setChoices] = useState<LabChoices>(
    () => choicesFromQuery(location.search, games, levels) ?? defaultChoices(games[0], levels),
  );
  const [tried, setTried] = useState(false); // Run was pressed: the problems are listed by the button too
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState('');
  const game = games.find((g) => g.id === choices.game) ?? games[0];
  const problems = formProblems(game, limits, choices);

  const change = (next: (c: LabChoices) => LabChoices) => {
    setChoices(next);
    setRefusal('');
  };
  const chooseGame = (id: string) => {
    const chosen = games.find((g) => g.id === id);
    if (chosen) change((c) => withGame(c, chosen, levels));
  };
  const setSeatCount = (count: number) => change((c) => ({ ...c, seats: withSeatCount(c.seats, count, levels) }));
  const setSeat = (seat: number, level: string) =>
    change((c) => ({ ...c, seats: c.seats.map((l, i) => (i === seat ? level : l)) }));
  const setParam = (param: GameParam, value: string) =>
    change((c) => ({ ...c, params: withParam(c.params, param, value) }));
  const setGames = (games: string) => change((c) => ({ ...c, games }));
  const setSeed = (seed: string) => change((c) => ({ ...c, seed }));

  const run = async () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    setRefusal('');
    try {
      const { id } = await startLabJob(labRequest(choices));
      location.assign(labJobPath(id));
    } catch (e) {
      setRefusal(startRefusalWords(e));
      setSending(false);
    }
  };

  return {
    game,
    choices,
    problems,
    tried,
    sending,
    refusal,
    chooseGame,
    setSeatCount,
    setSeat,
    setParam,
    setGames,
    setSeed,
    run,
  };
}

export type LabForm = ReturnType<typeof useLabForm>;
