// The figures under the charts, as plain tables a reader can copy: win rates
// per seat and per level, each seat's scores, and the game lengths.
import type { LabResults, RateRow } from '../../lab';
import { figureCell, intervalCell, rateCell } from '../../view/lab_numbers';
import { binWords, lengthBins, spreadOf } from '../../view/lab_stats';

function RateTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: (RateRow & { label: string })[];
}) {
  return (
    <table class="lab-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">Games</th>
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
            <td>{figureCell(r.games)}</td>
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

function ScoreTable({ scores }: { scores: LabResults['scores'] }) {
  return (
    <table class="lab-table">
      <caption>Scores per seat</caption>
      <thead>
        <tr>
          <th scope="col">Seat</th>
          <th scope="col">Lowest</th>
          <th scope="col">
            <abbr title="lower quartile: a quarter of the games scored this or less">Q1</abbr>
          </th>
          <th scope="col">Median</th>
          <th scope="col">
            <abbr title="upper quartile: a quarter of the games scored this or more">Q3</abbr>
          </th>
          <th scope="col">Highest</th>
          <th scope="col">Mean</th>
        </tr>
      </thead>
      <tbody>
        {scores.map((d, i) => {
          const s = spreadOf(d);
          return (
            <tr>
              <th scope="row">Seat {i + 1}</th>
              {s ? (
                [s.min, s.q1, s.median, s.q3, s.max, s.mean].map((v) => <td>{figureCell(v)}</td>)
              ) : (
                <td colSpan={6}>no games yet</td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function LengthTable({ results }: { results: LabResults }) {
  const bins = lengthBins(results.lengths);
  const spread = spreadOf(results.lengths);
  return (
    <table class="lab-table">
      <caption>
        Game length
        {spread &&
          `: ${figureCell(results.mean_actions)} actions on average, median ${spread.median}, from ${spread.min} to ${spread.max}`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Actions</th>
          <th scope="col">Games</th>
        </tr>
      </thead>
      <tbody>
        {bins.map((b) => (
          <tr>
            <th scope="row">{binWords(b)}</th>
            <td>{b.games}</td>
          </tr>
        ))}
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
        <LengthTable results={results} />
      </div>
    </section>
  );
}
