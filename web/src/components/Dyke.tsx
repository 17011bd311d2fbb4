// Hustle's dyke as printed: each board a grass-green strip of numbered
// fields, the water fields drawn as water, each sheep a token in its seat's
// colour with the seat's number (styles/dyke.css). On a phone only the rows
// near a sheep show, each run of the others folded into one line, until the
// person asks for the whole dyke (issue 50: the dyke took two screens and the
// bid cards sat below it).
import { useState } from 'preact/hooks';
import type { TrackSquare } from '../view/board';
import { dykeBoards } from '../view/dyke';
import { seatFill } from '../view/art';
import { Art } from './Art';

function Square({ sq, preview, far }: { sq: TrackSquare; preview: string | null; far: boolean }) {
  const cls = `square ${sq.water ? 'water' : ''} ${sq.sheep.length ? 'occupied' : ''} ${preview === `square:${sq.n}` ? 'preview' : ''} ${far ? 'far' : ''}`;
  return (
    <div
      class={cls}
      title={`field ${sq.n % 100}${sq.water ? ', water' : ''}${sq.sheep.length ? `: ${sq.sheep.map((s) => s.name).join(', ')}` : ''}`}
    >
      <span class="n">{sq.n % 100}</span>
      {sq.sheep.map((s) => (
        <span class="sheep-token" data-piece={`sheep:${s.name}`} title={`${s.name}'s sheep`}>
          <Art kind={{ kind: 'seat-sheep', fill: seatFill(Number(s.mark) - 1), letter: s.mark }} small />
        </span>
      ))}
    </div>
  );
}

export function Dyke({ track, preview }: { track: TrackSquare[]; preview: string | null }) {
  const [whole, setWhole] = useState(false);
  return (
    <>
      <div class={`track ${whole ? 'whole' : ''}`}>
        {dykeBoards(track).map((board) => (
          <div class="dyke-board">
            <div class="track-board">{board.name}</div>
            <div class="dyke-fields">
              {board.lines.map((line) =>
                line.kind === 'fold' ? (
                  <div class="track-fold">
                    ⋯ fields {line.from}–{line.to}
                  </div>
                ) : (
                  line.squares.map((sq) => <Square sq={sq} preview={preview} far={!line.near} />)
                ),
              )}
            </div>
          </div>
        ))}
        <div
          class={`square track-end ${preview === 'square:off' ? 'preview' : ''}`}
          title="past the last field the sheep is out"
        >
          off the end
        </div>
      </div>
      <button class="dyke-whole" aria-pressed={whole} onClick={() => setWhole(!whole)}>
        {whole ? 'Only the rows near the sheep' : 'The whole dyke'}
      </button>
    </>
  );
}
