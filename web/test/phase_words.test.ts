// The turn line names each phase in words: every phase the engine can put in an
// observation (its `phase_name` in C++) has words on its board, so a new phase
// cannot reach the page as a bare id such as "trade-give".
import { describe, expect, it } from 'vitest';
import { VIEWS } from '../src/boards';
import { turnStatus } from '../src/boards/common';

const sources: Record<string, string> = import.meta.glob('../../src/games/*/observation.cpp', {
  query: '?raw',
  import: 'default',
  eager: true,
});

// The phase ids one game's observation.cpp writes (the strings of its phase_name).
function enginePhases(folder: string): string[] {
  const source = sources[`../../src/games/${folder}/observation.cpp`];
  if (!source) throw new Error(`no src/games/${folder}/observation.cpp`);
  const body = source.match(/const char\* phase_name\(Phase phase\) \{([\s\S]*?)\n\}/);
  if (!body) throw new Error(`no phase_name in ${folder}/observation.cpp`);
  return [...body[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]).filter((id) => id !== 'game-over' && id !== '?');
}

describe('phase words', () => {
  for (const [game, view] of Object.entries(VIEWS)) {
    const folder = game.replace(/-/g, '_'); // src/games/<id>/ (docs/architecture.md, "Adding a game")
    const words = view.phases;
    it(`${game}: every phase the engine names has words, and no words are left over`, () => {
      const phases = enginePhases(folder);
      expect(phases.length).toBeGreaterThan(2);
      expect(Object.keys(words).sort()).toEqual([...phases].sort());
    });
  }

  // Disguise, whose ids (trade-give) read least like the words.
  it('the turn line shows the words, not the id', () => {
    const line = turnStatus({ turn: 2, active: 1, phase: 'trade-give' }, ['Ann', 'Bob'], VIEWS.disguise.phases);
    expect(line).toBe("Turn 3 · Bob's turn · trading: a card to the Field");
    expect(line).not.toMatch(/trade.give/);
  });
});
