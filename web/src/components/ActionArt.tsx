// The pictures of Sheep in Disguise's action cards (view/art.ts names them):
// each a shape of its own, drawn in the action cards' purple, so that a hand
// of actions is not a row of the same star.
export type ActionGlyph = 'draw' | 'grab' | 'restock' | 'dig' | 'eye';

const INK = { fill: 'none', stroke: '#3b2a66', 'stroke-width': 2 };

export function ActionPictogram({ glyph }: { glyph: ActionGlyph }) {
  switch (glyph) {
    case 'draw': // Draw 2, Take 2: two cards fanned
      return (
        <g>
          <rect
            x="6"
            y="7"
            width="17"
            height="24"
            rx="2"
            fill="#c9b8f0"
            stroke="#3b2a66"
            transform="rotate(-12 14 19)"
          />
          <rect
            x="17"
            y="5"
            width="17"
            height="24"
            rx="2"
            fill="#7b5cc4"
            stroke="#3b2a66"
            transform="rotate(10 25 17)"
          />
          <path d="M25 12 V22 M20 17 H30" stroke="#fff" stroke-width="2.5" />
        </g>
      );
    case 'grab': // Steal, Gimme, Yoink, Yank: a card pulled your way
      return (
        <g>
          <rect x="22" y="4" width="14" height="20" rx="2" fill="#7b5cc4" stroke="#3b2a66" />
          <path d="M24 28 Q14 32 7 22" {...INK} stroke-width="2.5" />
          <polygon points="3,25 7,16 12,24" fill="#3b2a66" />
        </g>
      );
    case 'restock': // Restock: two arrows round
      return (
        <g>
          <path d="M9 18 A11 11 0 0 1 29 11" {...INK} stroke-width="3" />
          <path d="M31 18 A11 11 0 0 1 11 25" {...INK} stroke-width="3" />
          <polygon points="32,5 33,15 24,12" fill="#3b2a66" />
          <polygon points="8,31 7,21 16,24" fill="#3b2a66" />
        </g>
      );
    case 'dig': // Dig: a spade
      return (
        <g>
          <path d="M20 3 V20" stroke="#5b4632" stroke-width="3" />
          <path d="M15 3 H25" stroke="#5b4632" stroke-width="3" />
          <path d="M12 19 H28 V25 Q20 35 12 25 Z" fill="#7b5cc4" stroke="#3b2a66" stroke-width="1.5" />
        </g>
      );
    case 'eye': // Expose: an open eye
      return (
        <g>
          <path d="M3 18 Q20 2 37 18 Q20 34 3 18 Z" fill="#fff" stroke="#3b2a66" stroke-width="2" />
          <circle cx="20" cy="18" r="6.5" fill="#7b5cc4" />
          <circle cx="20" cy="18" r="2.5" fill="#1d1430" />
        </g>
      );
  }
}
