/// <reference types="vite/client" />
// The tutorials, one file per game (<game>.json, made by tools/make-tutorial.mjs), each
// loaded only when its page opens: the lobby's bundle carries none of them.
import type { Tutorial } from '../view/tutorial';

const FILES = import.meta.glob<Tutorial>('./*.json', { import: 'default' });

const fileOf = (game: string) => `./${game}.json`;

// Where a game's tutorial is: the how-to-play page's address, which every server gives the page
// (src/server/http/static_files.cpp lists the page's routes), asking for the guided game instead.
export const tutorialUrl = (game: string): string => `/rules/${game}?learn`;

// Whether a game has a tutorial (the lobby and "How to play" link to it).
export const hasTutorial = (game: string): boolean => fileOf(game) in FILES;

export function loadTutorial(game: string): Promise<Tutorial> {
  const load = FILES[fileOf(game)];
  return load ? load() : Promise.reject(new Error(`no tutorial for ${game}`));
}
