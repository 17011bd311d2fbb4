// End-to-end run in Debian's Chromium (playwright-core, never a downloaded
// browser): every game played to its end against bots by clicking the board,
// two players at one table who never see each other's hand, a reload and a
// server restart in mid-game, screenshots, bundle size and click latency.
// It builds and serves its own copy of the page (vite --mode e2e, in a
// temporary folder): only that build has the window.__bw it reads.
// The shared steps are in harness.mjs, each scenario in scenarios/.
//   node e2e/run.mjs [--binary build/release/bellwether] [--out DIR] [--only GAME]
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPage, endRun, startRun, summarize } from './harness.mjs';
import { friendByLink } from './scenarios/friend.mjs';
import { everyGameToItsEnd } from './scenarios/games.mjs';
import { hotSeat } from './scenarios/hotseat.mjs';
import { lobbyAtBothWidths } from './scenarios/lobby.mjs';
import { pacing } from './scenarios/pacing.mjs';
import { peopleAtATimedTable } from './scenarios/people.mjs';
import { twoPlayers } from './scenarios/two_players.mjs';

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const binary = resolve(option('--binary', join(web, '..', 'build', 'release', 'bellwether')));
const out = resolve(option('--out', join(web, 'e2e-out')));
const only = option('--only', null);
const GAMES = ['black-sheep', 'bye-bye', 'hustle', 'boom-bah', 'disguise'].filter((g) => !only || g === only);

const work = mkdtempSync(join(tmpdir(), 'bw-e2e-'));
mkdirSync(out, { recursive: true });
const dist = join(work, 'dist');
const jsGzipped = buildPage(web, dist);
const run = await startRun({ web, binary, out, work, dist });
const started = Date.now();
// In this order, always: the seeded choices of moves follow one another through the scenarios.
// A scenario that throws ends the run there.
try {
  await lobbyAtBothWidths(run);
  await everyGameToItsEnd(run, GAMES);
  if (!only || only === 'bye-bye') await hotSeat(run);
  if (!only || only === 'bye-bye') await pacing(run);
  if (!only || only === 'bye-bye') await friendByLink(run);
  if (!only || only === 'disguise') await twoPlayers(run);
  if (!only || only === 'bye-bye') await peopleAtATimedTable(run);
} catch (e) {
  run.results.failures.push(String(e?.stack ?? e));
  console.log(`FAIL ${e?.stack ?? e}`);
} finally {
  await endRun(run);
}

summarize(run, jsGzipped, (Date.now() - started) / 1000);
const { failures } = run.results;
if (failures.length) {
  console.log(`${failures.length} failure(s)`);
  process.exit(1);
}
console.log('all end-to-end checks passed');
