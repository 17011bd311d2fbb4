// Learn to play (/rules/<game>?learn): a guided first game on a fixed deal. The board is
// the table's own (Board, DecisionBar, the end screen); the coach's line says what
// to do; only the scripted move plays, lit up on the board; the other seats' moves
// play themselves. Nothing is sent to a table: the server only replays the record.
import { useMemo } from 'preact/hooks';
import { viewOf } from '../boards';
import { Board } from '../components/Board';
import { CoachBox } from '../components/CoachBox';
import { DecisionBar } from '../components/DecisionBar';
import { EndScreen } from '../components/EndScreen';
import { StatusLines } from '../components/StatusLines';
import { useShortName } from '../games';
import { useTutorial, type TutorialState } from '../hooks/useTutorial';
import type { Legal } from '../types';
import { attach, buttonMoves, lastMoveMarks, shownStatus } from '../view/board';
import { guideKey } from '../view/tutorial';

const nothing = () => {};
const NO_MOVES: Legal[] = [];

function TutorialBoard({ game, state }: { game: string; state: TutorialState }) {
  const { tutorial, data, frame, move, armed, learnerTurn } = state;
  const names = useMemo(() => data?.seats.map((s) => s.name) ?? [], [data]);
  const layout = useMemo(
    () => (frame ? (viewOf(game)?.layout(frame.observation, names, frame.seat) ?? null) : null),
    [game, frame, names],
  );
  // The other seats' moves are marked where they acted; the learner knows their own.
  const marks = useMemo(
    () =>
      layout && frame?.last && frame.last.seat !== frame.seat
        ? lastMoveMarks(layout, [frame.last], names, frame.seat)
        : new Map<string, string[]>(),
    [layout, frame, names],
  );
  const legal = learnerTurn && frame ? frame.legal : NO_MOVES;
  const guide = move ? guideKey(move, armed) : null;
  // Once the first click of a two-click move is made, only its second click is offered.
  const targets = useMemo(
    () =>
      !layout
        ? new Map<string, Legal[]>()
        : armed && move && guide
          ? new Map([[guide, [move]]])
          : attach(layout, legal),
    [layout, legal, armed, move, guide],
  );
  if (!tutorial || !frame || !layout) return null;
  const status = shownStatus(layout, frame.result !== null);
  return (
    <div class={`play-area ${frame.result ? 'over' : ''}`}>
      <h2 class="visually-hidden">The board</h2>
      {frame.result && (
        <EndScreen
          result={frame.result}
          names={names}
          observation={frame.observation}
          table={null}
          you={[tutorial.learner]}
          next={{ href: `/?new=${game}`, text: 'Play a real game' }}
        />
      )}
      <StatusLines lines={status} />
      <div class="board-box">
        <Board
          layout={layout}
          targets={targets}
          onPick={(_key, actions) => state.pick(actions)}
          onHint={nothing}
          marks={marks}
          preview={null}
          onPreview={nothing}
          guide={guide}
        />
      </div>
      <DecisionBar
        moves={armed ? NO_MOVES : buttonMoves(legal)}
        layout={layout}
        onHint={nothing}
        onPreview={nothing}
        onAct={(a) => state.pick([a])}
        guide={move && !guideKey(move, false) ? move.text : null}
      />
    </div>
  );
}

export function TutorialPage({ game }: { game: string }) {
  const state = useTutorial(game);
  const name = useShortName(game) ?? game;
  return (
    <main class="table-page tutorial" data-game={game}>
      <header class="table-header">
        <a href="/">← lobby</a>
        <h1>Learn to play: {name}</h1>
        <a href={`/rules/${game}`}>How to play</a>
      </header>
      {state.error && (
        <p class="error" role="alert">
          {state.error}
        </p>
      )}
      {!state.data && !state.error && <p>Setting the table…</p>}
      {state.data && (
        <div class="table-body tutorial-body">
          <CoachBox state={state} />
          <TutorialBoard game={game} state={state} />
        </div>
      )}
    </main>
  );
}
