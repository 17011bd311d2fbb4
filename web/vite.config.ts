import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The catalog as a binary lists it (`bellwether games --json`), for the unit tests
// (test/catalog.test.ts): BELLWETHER_EXE (ctest.sh unit BINARY sets it), else
// ../build/release/bellwether; null when there is neither.
function catalogFromBinary(): { binary: string; games: { id: string }[] } | null {
  const binary = resolve(process.env.BELLWETHER_EXE || '../build/release/bellwether');
  if (!existsSync(binary)) return null;
  return { binary, games: JSON.parse(execFileSync(binary, ['games', '--json'], { encoding: 'utf8' })) };
}

// The built files go to web/dist, which `bellwether serve --static web/dist` serves.
// `--mode e2e` builds the end-to-end run's copy, with its instrumentation (src/e2e_stats.ts).
export default defineConfig(({ mode }) => ({
  define: { __BW_E2E__: JSON.stringify(mode === 'e2e') },
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', reportCompressedSize: true },
  // The unit tests read the golden playthroughs (real observations, test/drawn.test.ts) and the
  // how-to-play pages (test/how_to_play.test.ts) and each game's phase names (test/phase_words.test.ts);
  // test/tutorial.test.ts compares the coach's lines with the rulebooks beside the repository
  // (../shared/rules, where present); nothing else outside web/.
  server: { fs: { allow: ['.', '../tests/playthroughs', '../docs/rules', '../src/games', '../../shared/rules'] } },
  test: {
    include: ['test/**/*.test.ts'],
    provide: { catalog: mode === 'test' ? catalogFromBinary() : null },
  },
}));
