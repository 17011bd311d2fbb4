// The games this server offers, as GET /api/games lists them (the catalog,
// src/games/catalog.hpp): ids, names, blurbs, player counts and parameters.
// Asked for once per page and shared by every component that names a game.
import { useEffect, useState } from 'preact/hooks';
import { fetchGames } from './api';
import type { GameInfo } from './types';

let asked: Promise<GameInfo[]> | null = null;

// The list, asked for on first use; a failed request is asked again next time.
export function loadGames(): Promise<GameInfo[]> {
  if (!asked)
    asked = fetchGames().catch((e) => {
      asked = null;
      throw e;
    });
  return asked;
}

export interface GamesState {
  games: GameInfo[]; // empty while loading or after a failure
  loading: boolean;
  error: string; // why the list could not be had, '' when it could
}

export function useGames(): GamesState {
  const [state, setState] = useState<GamesState>({ games: [], loading: true, error: '' });
  useEffect(() => {
    let live = true;
    loadGames()
      .then((games) => live && setState({ games, loading: false, error: '' }))
      .catch((e) => live && setState({ games: [], loading: false, error: String(e?.message ?? e) }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

// How a game is named where space is short (a table's header, the tab, a row
// of the lobby): its short name, or its id until the list has come (or when
// the server did not list it).
export function shortNameOf(games: GameInfo[], id: string): string {
  return games.find((g) => g.id === id)?.short_name ?? id;
}

// A game's short name (shortNameOf) where a page knows only its id; undefined without one.
export function useShortName(id: string | undefined): string | undefined {
  const { games } = useGames();
  return id === undefined ? undefined : shortNameOf(games, id);
}

// "Five sheep games", from the server's list (before it has come: "Sheep games").
const NUMBER_WORDS = ',One,Two,Three,Four,Five,Six,Seven,Eight,Nine,Ten,Eleven,Twelve'.split(',');
export function gamesInWords(count: number): string {
  if (count === 0) return 'Sheep games';
  return `${NUMBER_WORDS[count] ?? count} sheep ${count === 1 ? 'game' : 'games'}`;
}
