// The new-table form of the chosen game, and the table once it is made.
import { useNewTableForm } from '../../hooks/useNewTableForm';
import type { GameInfo } from '../../types';
import { Created } from './Created';
import { PlayersFields } from './PlayersFields';
import { TimeFields } from './TimeFields';
import { VariantFields } from './VariantFields';

export function Creator({ game, onCreated }: { game: GameInfo; onCreated?: () => void }) {
  const form = useNewTableForm(game, onCreated);
  return (
    <div class="creator">
      <PlayersFields game={game} form={form} />
      <TimeFields form={form} />
      <VariantFields game={game} form={form} />
      <button class="primary" id="create" onClick={form.create}>
        Create the table
      </button>
      {form.error && (
        <p class="error" role="alert">
          {form.error}
        </p>
      )}
      {form.reply && <Created reply={form.reply} friends={form.plan.friends} />}
    </div>
  );
}
