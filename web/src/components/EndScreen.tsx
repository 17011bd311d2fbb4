import { useEffect, useState } from 'preact/hooks';
import { fetchTableReplay } from '../api';
import type { Observation } from '../generated/observations';
import type { Result } from '../types';
import { seatName } from '../view/board';
import { handLines, revealedHands } from '../view/end';

// Each seat's score and how it adds up, the winners marked.
function ScoreTable({ result, who }: { result: Result; who(seat: number): string }) {
  return (
    <table class="scores">
      <thead>
        <tr>
          <th>Player</th>
          <th>Score</th>
          <th>How it adds up</th>
        </tr>
      </thead>
      <tbody>
        {result.scores.map((score, seat) => (
          <tr class={result.winners.includes(seat) ? 'winner' : ''}>
            <td>
              {who(seat)}
              {result.winners.includes(seat) ? ' ★ winner' : ''}
            </td>
            <td>{score}</td>
            <td>
              {(result.breakdown[seat] ?? []).length
                ? result.breakdown[seat].map((l) => `${l.category}: ${l.points}`).join(' · ')
                : 'nothing scored'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function EndScreen({
  result,
  names,
  observation,
  table,
  you,
  next = { href: '/', text: 'New game' },
}: {
  result: Result;
  names: string[];
  observation: Observation;
  table: string | null;
  you: number[];
  next?: { href: string; text: string }; // the way on (a tutorial's: a real game of it)
}) {
  // Every hand, from the finished table's replay; the final observation's until it arrives.
  const [finalHands, setFinalHands] = useState<unknown[] | null>(null);
  useEffect(() => {
    if (!table) return;
    fetchTableReplay(table, 'all')
      .then((r) => setFinalHands(r.frames[r.frames.length - 1].hands ?? []))
      .catch(() => {});
  }, [table]);
  const allHands = finalHands && handLines(finalHands, names);
  const hands = allHands ?? revealedHands(observation, names);
  const who = (seat: number) =>
    you.length === 1 && you[0] === seat ? `You (${seatName(names, seat)})` : seatName(names, seat);
  return (
    <section class="end-screen" aria-label="result">
      <h2>
        {result.winners.length
          ? `${result.winners.map(who).join(' and ')} ${result.winners.length > 1 || (you.length === 1 && result.winners[0] === you[0]) ? 'win' : 'wins'}!`
          : 'Nobody wins.'}
      </h2>
      <p class="explanation">{result.explanation}</p>
      <ScoreTable result={result} who={who} />
      {hands.length > 0 && (
        <div class="hands">
          <h3>
            {allHands ? 'Every hand at the end' : hands.length === 1 ? 'Your hand at the end' : 'Hands at the end'}
          </h3>
          <ul>
            {hands.map((h) => (
              <li>{h}</li>
            ))}
          </ul>
        </div>
      )}
      <p>
        {table && (
          <>
            <a class="button" href={`/replay/${table}`}>
              Replay this game
            </a>{' '}
            <a class="button" href={`/api/tables/${table}/record`} download={`${table}.json`}>
              Download the record
            </a>
          </>
        )}{' '}
        <a class="button primary" href={next.href}>
          {next.text}
        </a>
      </p>
    </section>
  );
}
