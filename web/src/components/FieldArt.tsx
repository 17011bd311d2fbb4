// The pictures of the boards' fields: Boom Bah's tiles (face down, and turned
// over: grass, a land mine, a crater, a barn in its owner's colour) and the
// water of Hustle's dyke. Drawn in the pieces' 40×36 box (Art.tsx); the
// tile's face colour is its cell's (styles/field.css).
import type { ArtKind } from '../view/art';

export type FieldKind = Extract<ArtKind, { kind: 'barn' | 'tile' | 'safe' | 'land-mine' | 'crater' | 'water' }>;

export function FieldPictogram({ kind }: { kind: FieldKind }) {
  switch (kind.kind) {
    case 'barn': // a barn in the seat's colour, its letter on the door
      return (
        <g>
          <polygon points="4,16 20,4 36,16 36,34 4,34" fill={kind.fill} stroke="#222" stroke-width="1.5" />
          <rect x="13" y="19" width="14" height="15" fill="#fff" stroke="#222" />
          <text x="20" y="31" text-anchor="middle" font-size="11" font-weight="700" fill="#111">
            {kind.letter}
          </text>
        </g>
      );
    case 'tile': // face down: the tiles' back, a woven square with a round seal
      return (
        <g>
          <rect x="5" y="3" width="30" height="30" rx="4" fill="none" stroke="#8f7d4a" stroke-width="1.2" />
          <path d="M5 13 L15 3 M5 23 L25 3 M5 33 L35 3 M15 33 L35 13 M25 33 L35 23" stroke="#a8955f" />
          <circle cx="20" cy="18" r="5.5" fill="#efe3bd" stroke="#8f7d4a" stroke-width="1.2" />
        </g>
      );
    case 'safe': // turned over, safe: grass and a daisy
      return (
        <g>
          <path
            d="M5 32 Q7 20 9 32 M9 32 Q12 16 14 32 M20 32 Q22 22 24 32 M24 32 Q27 15 29 32 M30 32 Q33 21 35 32"
            fill="none"
            stroke="#2f6f2a"
            stroke-width="2.2"
          />
          <circle cx="17" cy="11" r="3.2" fill="#fff" stroke="#8a7a20" />
          <circle cx="17" cy="11" r="1.2" fill="#e0b000" />
        </g>
      );
    case 'land-mine': // a round mine with spikes
      return (
        <g>
          <path
            d="M20 3 V9 M20 27 V33 M5 18 H11 M29 18 H35 M9 7 L13 11 M31 7 L27 11 M9 29 L13 25 M31 29 L27 25"
            stroke="#111"
            stroke-width="2.5"
          />
          <circle cx="20" cy="18" r="9" fill="#222" />
          <circle cx="17" cy="15" r="2" fill="#ddd" />
        </g>
      );
    case 'crater': // a hole with a burst rim
      return (
        <g>
          <polygon
            points="20,4 24,12 33,9 29,17 37,22 28,25 30,33 21,28 14,34 13,26 4,25 10,18 5,10 14,12"
            fill="#e0a030"
            stroke="#6b3d00"
          />
          <ellipse cx="20" cy="20" rx="8" ry="6" fill="#3a2c20" />
        </g>
      );
    case 'water': // waves
      return (
        <path
          d="M3 14 Q8 9 13 14 T23 14 T33 14 T43 14 M3 24 Q8 19 13 24 T23 24 T33 24 T43 24"
          fill="none"
          stroke="#1f5f99"
          stroke-width="2.5"
        />
      );
  }
}
