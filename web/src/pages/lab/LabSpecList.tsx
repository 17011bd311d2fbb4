// What a job plays, as its page shows it: the game, the options changed from
// their defaults, the level in each seat, the number of games and the seed.
import type { LabSpec } from '../../lab';
import type { GameInfo } from '../../types';
import { changedParams } from '../../view/lab_form';

export function LabSpecList({ spec, game }: { spec: LabSpec; game: GameInfo | undefined }) {
  const changed = changedParams(spec.params, game);
  return (
    <dl class="lab-spec">
      <dt>Game</dt>
      <dd>{game?.name ?? spec.game}</dd>
      <dt>Options</dt>
      <dd>
        {changed.length === 0 ? (
          'all at their defaults'
        ) : (
          <ul>
            {changed.map(([name, value]) => (
              <li>
                {name.replace(/_/g, ' ')}: <code>{value}</code>
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>Seats</dt>
      <dd>
        <ol class="lab-spec-seats">
          {spec.seats.map((level) => (
            <li>{level}</li>
          ))}
        </ol>
      </dd>
      <dt>Games</dt>
      <dd>{spec.games}</dd>
      <dt>Seed</dt>
      <dd>{spec.seed}</dd>
    </dl>
  );
}
