/// <reference types="vite/client" />
// Every game of the catalog is known to this front end: a game added to
// src/games/catalog.hpp fails here, naming what the page still lacks, until
// its web step is done (docs/architecture.md, "Adding a game"), and a game
// taken out fails here until its leftovers go.
//
// The list is the binary's own (`bellwether games --json`, given by ctest as
// BELLWETHER_EXE; vite.config.ts runs it). Without a binary it is the games of
// src/generated/observations.ts, which web_observation_types checks against one.
import { describe, expect, inject, it } from 'vitest';
import { VIEWS, viewOf } from '../src/boards';
import { OBSERVATION_FIELDS } from '../src/generated/observations';

declare module 'vitest' {
  export interface ProvidedContext {
    catalog: { binary: string; games: { id: string }[] } | null;
  }
}

const rawFiles = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([path, text]) => [path.split('/').pop()!, text]));
const howToPlay = rawFiles(
  import.meta.glob('../../docs/rules/*.how-to-play.md', { query: '?raw', import: 'default', eager: true }),
);
const cardFiles = rawFiles(
  import.meta.glob('../../docs/rules/*.cards.md', { query: '?raw', import: 'default', eager: true }),
);
const goldens = [
  ...rawFiles(import.meta.glob('../../tests/playthroughs/*.txt', { query: '?raw', import: 'default', eager: true })),
];

const provided = inject('catalog');
const source = provided ? `bellwether games --json (${provided.binary})` : 'src/generated/observations.ts';
const catalog = provided ? provided.games.map((g) => g.id) : Object.keys(OBSERVATION_FIELDS);

// What the page needs of one game, as the problems found; [] when it has everything.
function missingFor(game: string): string[] {
  const problems: string[] = [];
  if (!viewOf(game))
    problems.push(`no board view: web/src/boards/${game.replace(/-/g, '_')}.ts in VIEWS (boards/index.ts)`);
  if (!Object.prototype.hasOwnProperty.call(OBSERVATION_FIELDS, game))
    problems.push(
      'no observation type: regenerate web/src/generated/observations.ts (node tools/gen-observation-types.mjs)',
    );
  if (!howToPlay.has(`${game}.how-to-play.md`)) problems.push(`no how-to-play page: docs/rules/${game}.how-to-play.md`);
  if (!goldens.some(([, text]) => text.split('\n').includes(`game ${game}`)))
    problems.push(`no golden playthrough (tests/playthroughs/${game}-*.txt) for test/drawn.test.ts`);
  return problems;
}

describe(`every game of the catalog, from ${source}`, () => {
  it('lists games', () => {
    expect(catalog.length).toBeGreaterThan(0);
  });
  for (const game of catalog) {
    it(`${game}: the page has what it needs`, () => {
      expect(missingFor(game), `${game} is in the catalog but the web front end lacks`).toEqual([]);
    });
  }
  it('knows no game the catalog does not list', () => {
    const known = new Set(catalog);
    const held: [string, string][] = [
      ...Object.keys(VIEWS).map((g): [string, string] => [g, `a board view (VIEWS) for ${g}`]),
      ...[...howToPlay.keys(), ...cardFiles.keys()].map((f): [string, string] => [f.split('.')[0], `docs/rules/${f}`]),
    ];
    expect(held.filter(([game]) => !known.has(game)).map(([, what]) => what)).toEqual([]);
  });
});
