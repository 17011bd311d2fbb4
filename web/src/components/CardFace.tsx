// A card's picture, the upper part of every card of every game (one shape:
// 5:7, cards.css): a framed face with the kind's glyph large (Art.tsx), or,
// for a card that is a number (Hustle's 0–9, a bid), the number itself; a
// face-down card shows its back. The name stays written under it in text.
import type { Piece } from '../view/board';
import { Pictogram } from './Art';

// The number a card without a picture shows large: its last number ("7", "bid 63"), else its first letter.
export function faceMark(label: string): string {
  const number = /(\d+)$/.exec(label);
  return number ? number[1] : label.trim().charAt(0).toUpperCase();
}

// A card's name, free to break after "..." (EIEI...No) where a card is too narrow for it whole.
export function CardName({ label }: { label: string }) {
  const parts = label.split('...');
  return <>{parts.map((part, i) => (i < parts.length - 1 ? [part, '...', <wbr />] : part))}</>;
}

function Back() {
  return (
    <g class="card-back">
      <path d="M6 12 L16 4 M6 24 L28 4 M6 36 L40 6 M10 42 L44 12 M22 42 L44 24 M34 42 L44 34" />
      <path d="M6 34 L16 42 M6 22 L28 42 M6 10 L40 40 M10 4 L44 34 M22 4 L44 22 M34 4 L44 12" />
      <circle cx="25" cy="23" r="9" />
    </g>
  );
}

export function CardFace({ piece }: { piece: Piece }) {
  const mark = faceMark(piece.label);
  return (
    <svg class="card-art" viewBox="0 0 50 46" aria-hidden="true" focusable="false">
      <rect class="card-frame" x="2" y="2" width="46" height="42" rx="5" />
      {piece.back ? (
        <Back />
      ) : piece.art ? (
        <g transform="translate(5 5)">
          <Pictogram kind={piece.art} />
        </g>
      ) : (
        <text class="card-mark" x="25" y="31" text-anchor="middle" font-size={mark.length > 1 ? 20 : 26}>
          {mark}
        </text>
      )}
    </svg>
  );
}
