// The pieces' pictures: small in-house SVG, no outside assets. Each picture
// differs in shape, not only colour, and the piece's name is always written
// beside it, so no piece is told apart by colour alone.
import type { ArtKind } from '../view/art';
import { ActionPictogram } from './ActionArt';
import { FieldPictogram } from './FieldArt';

const WOOL = [
  [10, 14],
  [16, 10],
  [23, 10],
  [29, 14],
  [30, 21],
  [24, 25],
  [16, 25],
  [9, 21],
];

function Sheep({ dark }: { dark?: boolean }) {
  const body = dark ? '#2b2b2b' : '#fbfbf6';
  const edge = dark ? '#a8a8a8' : '#6b6657'; // a light edge: a dark sheep stays visible on a dark card
  return (
    <g>
      <line x1="13" y1="24" x2="13" y2="33" stroke="#222" stroke-width="2.5" />
      <line x1="25" y1="24" x2="25" y2="33" stroke="#222" stroke-width="2.5" />
      {WOOL.map(([x, y]) => (
        <circle cx={x} cy={y} r="6" fill={body} stroke={edge} stroke-width="1" />
      ))}
      <ellipse cx="20" cy="18" rx="10" ry="7" fill={body} />
      <ellipse cx="34" cy="15" rx="5" ry="6.5" fill="#222" />
      <circle cx="35.5" cy="13.5" r="1.2" fill="#fff" />
    </g>
  );
}

// A shape and a letter for each animal or suit: square, triangle, circle, diamond, cloud.
function Token({ shape, letter, fill }: { shape: string; letter: string; fill: string }) {
  const common = { fill, stroke: '#333', 'stroke-width': 1.5 };
  const outline =
    shape === 'square' ? (
      <rect x="6" y="4" width="28" height="28" rx="3" {...common} />
    ) : shape === 'triangle' ? (
      <polygon points="20,3 37,33 3,33" {...common} />
    ) : shape === 'diamond' ? (
      <polygon points="20,2 37,18 20,34 3,18" {...common} />
    ) : (
      <circle cx="20" cy="18" r="15" {...common} />
    );
  return (
    <g>
      {outline}
      <text x="20" y="24" text-anchor="middle" font-size="15" font-weight="700" fill="#111">
        {letter}
      </text>
    </g>
  );
}

// A seat's sheep on a board: the sheep in the seat's colour, its colour's letter on its flank.
function SeatSheep({ fill, letter }: { fill: string; letter: string }) {
  return (
    <g>
      <line x1="13" y1="24" x2="13" y2="33" stroke="#222" stroke-width="2.5" />
      <line x1="25" y1="24" x2="25" y2="33" stroke="#222" stroke-width="2.5" />
      <ellipse cx="19" cy="18" rx="15" ry="11" fill={fill} stroke="#222" stroke-width="1.5" />
      <ellipse cx="34" cy="14" rx="5" ry="6.5" fill="#222" />
      <text x="18" y="23" text-anchor="middle" font-size="13" font-weight="700" fill="#111">
        {letter}
      </text>
    </g>
  );
}

export function Pictogram({ kind }: { kind: ArtKind }) {
  switch (kind.kind) {
    case 'seat-sheep':
      return <SeatSheep fill={kind.fill} letter={kind.letter} />;
    case 'barn':
    case 'tile':
    case 'safe':
    case 'land-mine':
    case 'crater':
    case 'water':
      return <FieldPictogram kind={kind} />;
    case 'sheep':
      return <Sheep />;
    case 'black-sheep':
      return <Sheep dark />;
    case 'token':
      return <Token shape={kind.shape} letter={kind.letter} fill={kind.fill} />;
    case 'stop': // a card that cancels: an octagon with a bar
      return (
        <g>
          <polygon points="13,2 27,2 37,12 37,26 27,35 13,35 3,26 3,12" fill="#b3261e" stroke="#5c0f0a" />
          <rect x="10" y="16" width="20" height="6" fill="#fff" />
        </g>
      );
    case 'bolt': // an Attack
      return <polygon points="23,1 8,20 18,20 14,35 32,13 21,13" fill="#f2c200" stroke="#5a4500" stroke-width="1.5" />;
    case 'action': // any other action card: a star
      return (
        <polygon
          points="20,2 24.5,13 36,13.5 27,21 30.5,33 20,26 9.5,33 13,21 4,13.5 15.5,13"
          fill="#7b5cc4"
          stroke="#3b2a66"
          stroke-width="1.2"
        />
      );
    case 'act':
      return <ActionPictogram glyph={kind.glyph} />;
    case 'bird': // Eagle, Magpie
      return <path d="M3 14 Q12 4 20 16 Q28 4 37 14 Q28 11 20 24 Q12 11 3 14 Z" fill="#5b4632" stroke="#2a1f14" />;
    case 'mound': // the Mole
      return (
        <g>
          <path d="M3 33 Q20 0 37 33 Z" fill="#8a6a45" stroke="#4a3620" />
          <circle cx="20" cy="20" r="3" fill="#222" />
        </g>
      );
    case 'wolf':
      return (
        <g>
          <polygon points="6,4 16,14 24,14 34,4 33,24 20,35 7,24" fill="#6e6e78" stroke="#2e2e36" />
          <circle cx="14" cy="20" r="2" fill="#ffd54a" />
          <circle cx="26" cy="20" r="2" fill="#ffd54a" />
        </g>
      );
  }
}

export function Art({ kind, small }: { kind: ArtKind; small?: boolean }) {
  return (
    <svg
      class={small ? 'art small' : 'art'}
      viewBox="0 0 40 36"
      width={small ? 22 : 34}
      height={small ? 20 : 30}
      aria-hidden="true"
      focusable="false"
    >
      <Pictogram kind={kind} />
    </svg>
  );
}
