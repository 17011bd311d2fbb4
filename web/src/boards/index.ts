import type { GameId, Observation, ObservationByGame } from '../generated/observations';
import type { E2EPlan, GameView } from '../view/board';
import { blackSheep } from './black_sheep';
import { boomBah } from './boom_bah';
import { byeBye } from './bye_bye';
import { disguise } from './disguise';
import { hustle } from './hustle';
import { withArt } from '../view/art';
import { cardHelp, withHelp } from '../view/card_help';

export const VIEWS: { [G in GameId]: GameView<ObservationByGame[G]> } = {
  'black-sheep': blackSheep,
  'bye-bye': byeBye,
  hustle,
  'boom-bah': boomBah,
  disguise,
};

// The view of a game the server names (undefined for a game this front end
// does not know), its pieces with their pictures and what each card does.
export function viewOf(game: string): GameView<Observation> | undefined {
  if (!Object.prototype.hasOwnProperty.call(VIEWS, game)) return undefined;
  const view = VIEWS[game as GameId] as GameView<Observation>;
  const help = cardHelp(game);
  return {
    ...view,
    layout: (obs, names, viewer) => withHelp(withArt(view.layout(obs, names, viewer), view.plainNumbers), help),
  };
}

// What the end-to-end run needs to know of each game this page knows, read
// from the page (window.__bw.games, main.tsx): how to play it to its end, and
// whether its cards carry what they do (a cards file, and cards that are more
// than numbers).
const E2E_PLAN: E2EPlan = { seats: ['you', 'random', 'random'], middleAfter: 6, focus: '[data-zone="hand"]' };
export function e2eGames(): Record<string, E2EPlan & { cardHelp: boolean }> {
  return Object.fromEntries(
    Object.entries(VIEWS).map(([game, view]) => [
      game,
      { ...E2E_PLAN, ...view.e2e, cardHelp: cardHelp(game).size > 0 && !view.plainNumbers },
    ]),
  );
}
