// The figures under the charts, as plain tables a reader can copy: win rates
// per seat and per level, each seat's scores, and the game lengths.
import type { Distribution, LabResults, RateRow } from '../../lab';
import { plural } from '../../view/lab_charts';
import { figureCell, intervalCell, rateCell } from '../../view/lab_numbers';
import { gamesIn, spreadOf } from '../../view/lab_stats';

// Games are a column only where they differ (a level in two seats plays twice the games); else the caption says them.
function RateTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: (RateRow & { label: string })[];
}) {
  const games = rows[0]?.games ?? 0;
  const same = rows.every((r) => r.games === games);
  return (
    <table class="lab-table">
      <caption>
        {caption}
        {same && ` (${plural(games, 'game')} each)`}
      </caption>
      <thead>
        <tr>
          <th scope="col" class="row-head">
            {first}
          </th>
          {!same && <th scope="col">Games</th>}
          <th scope="col">Wins</th>
          <th scope="col">Win rate</th>
          <th scope="col">95% interval</th>
          <th scope="col">Mean score</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            <th scope="row">{r.label}</th>
            {!same && <td>{figureCell(r.games)}</td>}
            <td>{figureCell(r.wins)}</td>
            <td>{rateCell(r.win_rate)}</td>
            <td>{intervalCell(r.ci95)}</td>
            <td>{figureCell(r.mean_score)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const SPREAD_COLUMNS = (
  <>
    <th scope="col">Lowest</th>
    <th scope="col">
      <abbr title="lower quartile: a quarter of the games at this or less">Q1</abbr>
    </th>
    <th scope="col">Median</th>
    <th scope="col">
      <abbr title="upper quartile: a quarter of the games at this or more">Q3</abbr>
    </th>
    <th scope="col">Highest</th>
    <th scope="col">Mean</th>
  </>
);

function SpreadCells({ d }: { d: Distribution }) {
  const s = spreadOf(d);
  if (!s) return <td colSpan={6}>no games yet</td>;
  return (
    <>
      {[s.min, s.q1, s.median, s.q3, s.max, s.mean].map((v) => (
        <td>{figureCell(v)}</td>
      ))}
    </>
  );
}

function ScoreTable({ scores }: { scores: LabResults['scores'] }) {
  return (
    <table class="lab-table">
      <caption>Scores per seat</caption>
      <thead>
        <tr>
          <th scope="col" class="row-head">
            Seat
          </th>
          {SPREAD_COLUMNS}
        </tr>
      </thead>
      <tbody>
        {scores.map((d, i) => (
          <tr>
            <th scope="row">Seat {i + 1}</th>
            <SpreadCells d={d} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// The histogram's shape is the chart's; the table gives its figures.
function LengthTable({ lengths }: { lengths: Distribution }) {
  return (
    <table class="lab-table">
      <caption>Game length in actions, over {plural(gamesIn(lengths), 'game')}</caption>
      <thead>
        <tr>{SPREAD_COLUMNS}</tr>
      </thead>
      <tbody>
        <tr>
          <SpreadCells d={lengths} />
        </tr>
      </tbody>
    </table>
  );
}

export function LabNumbers({ results }: { results: LabResults }) {
  const seats = results.seats.map((s, i) => ({ ...s, label: `Seat ${i + 1}` }));
  const levels = results.agents.map((a) => ({ ...a, label: a.agent }));
  return (
    <section class="panel lab-numbers" aria-labelledby="lab-numbers-title">
      <h2 id="lab-numbers-title">The numbers</h2>
      {results.shared_games > 0 && (
        <p>{results.shared_games} of the games were shared wins: a win shared by k seats counts 1/k to each of them.</p>
      )}
      <div class="lab-tables">
        <RateTable caption="Win rate per seat" first="Seat" rows={seats} />
        <RateTable caption="Win rate per level" first="Level" rows={levels} />
        <ScoreTable scores={results.scores} />
        <LengthTable lengths={results.lengths} />
      </div>
    </section>
  );
}
