// One game of the lobby's list: what it is, and the way to a new table of it.
// Its full name heads the card; the button, where space is short, has the short name.
import { hasTutorial, tutorialUrl } from '../../tutorials';
import type { GameInfo } from '../../types';

export function GameCard({ game, chosen, onChoose }: { game: GameInfo; chosen: boolean; onChoose(): void }) {
  return (
    <li class={`game-card ${chosen ? 'chosen' : ''}`}>
      <h2>{game.name}</h2>
      <p>{game.blurb}</p>
      <p class="meta">
        {game.min_players}–{game.max_players} players · {game.params.length} options
      </p>
      <div class="row">
        <button class="primary" data-game={game.id} onClick={() => onChoose()}>
          Play {game.short_name}
        </button>
        <a href={`/rules/${game.id}`} target="_blank">
          How to play
        </a>
        {hasTutorial(game.id) && (
          <a class="learn" href={tutorialUrl(game.id)}>
            Learn to play
          </a>
        )}
      </div>
    </li>
  );
}
