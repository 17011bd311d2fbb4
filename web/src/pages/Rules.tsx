import { useEffect, useState } from 'preact/hooks';
import { fetchRules } from '../api';
import { hasTutorial, tutorialUrl } from '../tutorials';
import { markdownBlocks } from '../view/markdown';

export function RulesPage({ game, standalone }: { game: string; standalone?: boolean }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchRules(game)
      .then(setText)
      .catch((e) => setError(e.message));
  }, [game]);
  const blocks = text ? markdownBlocks(text) : [];
  return (
    <article class={`rules ${standalone ? 'panel standalone' : ''}`}>
      {standalone && (
        <p>
          <a href="/">← Bellwether lobby</a>
        </p>
      )}
      {hasTutorial(game) && (
        <p class="learn-link">
          New to it? {/* Beside a table's board, in a tab of its own: the game at the table goes on. */}
          <a href={tutorialUrl(game)} target={standalone ? undefined : '_blank'}>
            Learn to play: a guided first game
          </a>
        </p>
      )}
      {error && <p class="error">{error}</p>}
      {blocks.map((b) =>
        b.kind === 'h1' ? (
          <h1>{b.text}</h1>
        ) : b.kind === 'h2' ? (
          <h2>{b.text}</h2>
        ) : b.kind === 'list' ? (
          <ul>
            {b.items!.map((i) => (
              <li>{i}</li>
            ))}
          </ul>
        ) : (
          <p>{b.text}</p>
        ),
      )}
    </article>
  );
}
