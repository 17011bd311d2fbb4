// Which picture each piece gets (components/Art.tsx), by what is written on it:
// pure data, so the boards' layouts stay testable without a browser.
import type { Layout } from './board';

export type ArtKind =
  | { kind: 'sheep' | 'black-sheep' | 'stop' | 'bolt' | 'action' | 'bird' | 'mound' | 'wolf' }
  | { kind: 'token'; shape: 'square' | 'triangle' | 'circle' | 'diamond'; letter: string; fill: string }
  // Boom Bah's field and Hustle's dyke: a seat's sheep or barn (its colour and the colour's letter),
  // a face-down tile, a safe tile, a land mine, a crater, water.
  | { kind: 'seat-sheep' | 'barn'; letter: string; fill: string }
  | { kind: 'tile' | 'safe' | 'land-mine' | 'crater' | 'water' };

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
  if (/^(draw 2|steal|gimme|yoink|take 2|restock|yank|dig|expose|play )/.test(name) || /hero|lance/.test(name))
    return { kind: 'action' };
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
