/// <reference types="vite/client" />
// Every card a game's observations name (in the golden playthroughs) has its
// line in docs/rules/<game>.cards.md, and a picture that is a shape, not
// only a colour; the page's layouts carry both to the pieces.
import { describe, expect, it } from 'vitest';
import { viewOf } from '../src/boards';
import { artOf } from '../src/view/art';
import { cardHelp, helpFor } from '../src/view/card_help';

// The games with a docs/rules/<game>.cards.md (a game of plain numbered cards has none).
const GAMES_WITH_CARDS = Object.keys(
  import.meta.glob('../../docs/rules/*.cards.md', { query: '?raw', import: 'default', eager: true }),
).map((path) => path.split('/').pop()!.replace('.cards.md', ''));

const goldens: Record<string, string> = import.meta.glob('../../tests/playthroughs/*.txt', {
  query: '?raw',
  import: 'default',
  eager: true,
});

// The card names a game's observations use: keys of hands and discard piles, and Field cards.
function cardNames(game: string): Set<string> {
  const out = new Set<string>();
  for (const text of Object.values(goldens)) {
    if (!text.startsWith(`game ${game}\n`)) continue;
    for (const line of text.split('\n')) {
      if (!line.startsWith('obs ')) continue;
      const obs = JSON.parse(line.slice(line.indexOf('{')));
      for (const key of ['hand', 'discard', 'discards']) if (obs[key]) Object.keys(obs[key]).forEach((k) => out.add(k));
      for (const card of Array.isArray(obs.field) ? obs.field : []) out.add(card);
    }
  }
  return out;
}

// Sheep types and set numbers are plain cards: their name says it all.
const plain = (name: string) => /^\d+$/.test(name) || /^(Sheep \d|Viking|Dad Sheep)$/.test(name);

describe('what each card does', () => {
  it('some games have a cards file', () => {
    expect(GAMES_WITH_CARDS.length).toBeGreaterThan(0);
  });
  for (const game of GAMES_WITH_CARDS) {
    it(`${game}: every card named in play has its line`, () => {
      const help = cardHelp(game);
      const names = [...cardNames(game)];
      expect(names.length).toBeGreaterThan(4);
      const missing = names.filter((n) => !plain(n) && !helpFor(help, n));
      expect(missing).toEqual([]);
    });
  }

  // Boom Bah's cards come in colours, Disguise's are played by a verb: the two ways a label differs from its line.
  it('boom bah: a card in a colour finds the line of its kind', () => {
    expect(helpFor(cardHelp('boom-bah'), 'blue Wolf')).toMatch(/bump/);
    expect(helpFor(cardHelp('disguise'), 'play Steal')).toMatch(/random card/);
  });

  it('pictures differ in shape, never only in colour', () => {
    const animals = ['cow', 'horse', 'pig', 'rooster'].map((a) => artOf(a));
    const shapes = animals.map((a) => (a?.kind === 'token' ? `${a.shape}/${a.letter}` : a?.kind));
    expect(new Set(shapes).size).toBe(4);
    const suits = ['red Wolf', 'blue Hero of the Herd', 'yellow Am-Bah-Lance', 'green Hero of the Herd'].map(artOf);
    expect(suits.map((a) => a?.kind)).toEqual(['wolf', 'token', 'token', 'token']);
    expect(artOf('Nice Try')?.kind).toBe('stop');
    expect(artOf('Attack (pass left)')?.kind).toBe('bolt');
  });

  it("Disguise's action cards are not all one star: drawing, grabbing, restocking, digging, exposing", () => {
    const glyphs = ['Draw 2', 'Take 2', 'Steal', 'Gimme', 'Yoink', 'Yank', 'Restock', 'Dig', 'Expose'].map((name) => {
      const art = artOf(name);
      return art?.kind === 'act' ? art.glyph : art?.kind;
    });
    expect(glyphs).toEqual(['draw', 'draw', 'grab', 'grab', 'grab', 'grab', 'restock', 'dig', 'eye']);
    expect(artOf('play Gimme')).toEqual({ kind: 'act', glyph: 'grab' }); // the card in play keeps its picture
  });

  // Disguise: its hand holds both an Action card (with a line) and a plain Sheep card.
  it('the layouts give the pieces their line and picture', () => {
    const view = viewOf('disguise')!;
    const obs = JSON.parse(
      Object.values(goldens)
        .find((t) => t.startsWith('game disguise\n'))!
        .split('\n')
        .find((l) => l.startsWith('obs P1 '))!
        .slice(7),
    );
    const hand = view
      .layout({ ...obs, hand: { Steal: 1, 'Sheep 3': 2 } }, ['Ann', 'Bob'], 0)
      .zones.find((z) => z.id === 'hand')!;
    const steal = hand.pieces.find((p) => p.label === 'Steal')!;
    expect(steal.help).toMatch(/random card/);
    expect(steal.art).toEqual({ kind: 'act', glyph: 'grab' });
    expect(hand.pieces.find((p) => p.label === 'Sheep 3')?.art?.kind).toBe('sheep');
  });
});
