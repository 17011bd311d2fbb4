import type { Result } from '../types';
import { seatName } from '../view/board';
import { revealedHands } from '../view/end';

export function EndScreen({ result, names, observation, table }: { result: Result; names: string[]; observation: Record<string, any>; table: string }) {
  const hands = revealedHands(observation, names);
  return (
    <section class="end-screen" aria-label="result">
      <h2>{result.winners.length ? `${result.winners.map((w) => seatName(names, w)).join(' and ')} ${result.winners.length > 1 ? 'win' : 'wins'}!` : 'Nobody wins.'}</h2>
      <p class="explanation">{result.explanation}</p>
      <table class="scores">
        <thead><tr><th>Player</th><th>Score</th><th>How it adds up</th></tr></thead>
        <tbody>
          {result.scores.map((score, seat) => (
            <tr class={result.winners.includes(seat) ? 'winner' : ''}>
              <td>{seatName(names, seat)}{result.winners.includes(seat) ? ' 🏆' : ''}</td>
              <td>{score}</td>
              <td>{(result.breakdown[seat] ?? []).length ? result.breakdown[seat].map((l) => `${l.category}: ${l.points}`).join(' · ') : 'nothing scored'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hands.length > 0 && <div class="hands"><h3>Hands at the end</h3><ul>{hands.map((h) => <li>{h}</li>)}</ul></div>}
      <p><a class="button" href={`/api/tables/${table}/record`} download={`${table}.json`}>Download the record</a> <a class="button primary" href="/">New game</a></p>
    </section>
  );
}
