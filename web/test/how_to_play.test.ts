/// <reference types="vite/client" />
// The how-to-play pages, as the page shows them, speak of the page: no
// terminal menu, no command-line options, no leftover markers. That every
// game has one is test/catalog.test.ts's.
import { describe, expect, it } from 'vitest';
import { forThePage } from '../src/view/markdown';

const pages: Record<string, string> = import.meta.glob('../../docs/rules/*.how-to-play.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('how to play, on the page', () => {
  for (const [path, text] of Object.entries(pages)) {
    it(path.split('/').pop()!, () => {
      const shown = forThePage(text);
      expect(shown).not.toMatch(/--param|The menu|<!--|bellwether /);
      expect(shown).toMatch(/Click/); // each page says how to play on the board
    });
  }
});
