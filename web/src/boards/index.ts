import type { GameId, Observation, ObservationByGame } from '../generated/observations';
import type { GameView } from '../view/board';
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

// Games whose number cards are drawn as plain numbers, without a picture.
const PLAIN_NUMBERS = new Set(['hustle', 'bye-bye']);

// The view of a game the server names (undefined for a game this front end
// does not know), its pieces with their pictures and what each card does.
export function viewOf(game: string): GameView<Observation> | undefined {
  if (!Object.prototype.hasOwnProperty.call(VIEWS, game)) return undefined;
  const view = VIEWS[game as GameId] as GameView<Observation>;
  const help = cardHelp(game);
  return {
    ...view,
    layout: (obs, names, viewer) => withHelp(withArt(view.layout(obs, names, viewer), PLAIN_NUMBERS.has(game)), help),
  };
}

// One line per game for the lobby (the server's list has names, not blurbs).
export const BLURBS: Record<string, string> = {
  'black-sheep': 'Lay animal cards beside three fields; whoever completes a side takes its figures into their corral.',
  'bye-bye': 'Draw blind from the other hands, dodge the Black Sheep, and collect triplets in your zoo.',
  hustle: 'Race along the dyke with secret number bids, dodging water; the runner-up wins, so do not run off the end.',
  'boom-bah': 'Guide your sheep over a field of hidden tiles into barns and your barnyard; some tiles are mines.',
  disguise: 'Build flocks of sheep, steal and swap cards, and cancel plays with a timely Nice Try.',
};
