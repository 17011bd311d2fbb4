// Which picture each piece gets (components/Art.tsx), by what is written on it:
// pure data, so the boards' layouts stay testable without a browser.
import type { ActionGlyph } from '../components/ActionArt';
import type { Layout } from './board';

export type ArtKind =
  | { kind: 'sheep' | 'black-sheep' | 'stop' | 'bolt' | 'action' | 'bird' | 'mound' | 'wolf' }
  | { kind: 'token'; shape: 'square' | 'triangle' | 'circle' | 'diamond'; letter: string; fill: string }
  // Boom Bah's field and Hustle's dyke: a seat's sheep or barn (its colour and the colour's letter),
  // a face-down tile, a safe tile, a land mine, a crater, water.
  | { kind: 'seat-sheep'; letter: string; fill: string }
  | { kind: 'barn'; letter: string; fill: string }
  | { kind: 'tile' | 'safe' | 'land-mine' | 'crater' | 'water' }
  // Sheep in Disguise's action cards, each with its own picture (components/ActionArt.tsx).
  | { kind: 'act'; glyph: ActionGlyph };

// Which action card has which picture, by the first word of its name.
const ACTION_GLYPHS: Record<string, ActionGlyph> = {
  draw: 'draw',
  take: 'draw',
  steal: 'grab',
  gimme: 'grab',
  yoink: 'grab',
  yank: 'grab',
  restock: 'restock',
  dig: 'dig',
  expose: 'eye',
};

// Black Sheep's animals and Boom Bah's suits: a shape and a letter each (the
// palette is Okabe and Ito's, readable with every common colour-vision deficiency).
const ANIMALS: Record<string, ArtKind> = {
  cow: { kind: 'token', shape: 'square', letter: 'C', fill: '#e69f00' },
  horse: { kind: 'token', shape: 'triangle', letter: 'H', fill: '#56b4e9' },
  pig: { kind: 'token', shape: 'circle', letter: 'P', fill: '#f0a3c0' },
  rooster: { kind: 'token', shape: 'diamond', letter: 'R', fill: '#d55e00' },
  sheep: { kind: 'sheep' },
  'black sheep': { kind: 'black-sheep' },
};
const SUITS: Record<string, ArtKind> = {
  red: { kind: 'token', shape: 'triangle', letter: 'R', fill: '#d55e00' },
  blue: { kind: 'token', shape: 'square', letter: 'B', fill: '#56b4e9' },
  yellow: { kind: 'token', shape: 'circle', letter: 'Y', fill: '#f0e442' },
  green: { kind: 'token', shape: 'diamond', letter: 'G', fill: '#009e73' },
};

// A seat colour the game names (Boom Bah's red, blue, yellow, green) as a fill and a letter.
export function seatColour(colour: string | undefined): { fill: string; letter: string } {
  const suit = SUITS[colour ?? ''];
  return suit?.kind === 'token' ? { fill: suit.fill, letter: suit.letter } : { fill: '#fbfbf6', letter: '' };
}

// A seat's colour where the game names none (Hustle's sheep on the dyke), by
// seat: Okabe and Ito's palette again, each with dark ink for its number.
const SEAT_FILLS = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#cc79a7', '#d55e00'];
export function seatFill(seat: number): string {
  return SEAT_FILLS[seat % SEAT_FILLS.length];
}

export function artOf(label: string): ArtKind | undefined {
  const name = label.toLowerCase();
  if (ANIMALS[name]) return ANIMALS[name];
  if (name === 'nice try' || name.includes('eiei')) return { kind: 'stop' };
  if (name.startsWith('attack')) return { kind: 'bolt' };
  if (name.includes('wolf')) return { kind: 'wolf' };
  if (name === 'eagle' || name === 'magpie') return { kind: 'bird' };
  if (name === 'mole') return { kind: 'mound' };
  if (/^\d+$/.test(name) || /sheep|viking|wool/.test(name))
    return name.includes('black') ? { kind: 'black-sheep' } : { kind: 'sheep' };
  const suit = SUITS[name.split(' ')[0]];
  if (suit) return suit;
  const glyph = ACTION_GLYPHS[name.replace(/^play /, '').split(' ')[0]]; // "play Gimme": the card in play
  if (glyph) return { kind: 'act', glyph };
  if (/^play /.test(name) || /hero|lance/.test(name)) return { kind: 'action' };
  return undefined;
}

// Every face-up piece of a layout with its picture (a game's numbers, such as
// Hustle's cards, stay plain digits: `plainNumbers`).
export function withArt(layout: Layout, plainNumbers = false): Layout {
  for (const zone of layout.zones)
    for (const piece of zone.pieces)
      if (!piece.back && piece.art === undefined && !(plainNumbers && /^\d+$/.test(piece.label)))
        piece.art = artOf(piece.label);
  return layout;
}
