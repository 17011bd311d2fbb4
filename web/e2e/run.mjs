// End-to-end run in Debian's Chromium (playwright-core, never a downloaded
// browser): every game played to its end against bots by clicking the board,
// two players at one table who never see each other's hand, a reload and a
// server restart in mid-game, each game's tutorial to its end, the balance lab,
// screenshots, bundle size and click latency.
// It builds and serves its own copy of the page (vite --mode e2e, in a
// temporary folder): only that build has the window.__bw it reads.
// The shared steps are in harness.mjs, each scenario in scenarios/.
// The games are the ones the server lists (GET /api/games); --only GAME plays
// one of them, and only the scenarios that play that game.
// --games-only plays just that: every game (or the --only one) to its end, with the lobby.
//   node e2e/run.mjs [--binary build/release/bellwether] [--out DIR] [--only GAME] [--games-only]
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPage, endRun, servedGames, startRun, summarize } from './harness.mjs';
import * as accounts from './scenarios/accounts.mjs';
import * as friend from './scenarios/friend.mjs';
import * as games_to_end from './scenarios/games.mjs';
import * as hotseat from './scenarios/hotseat.mjs';
import * as lab from './scenarios/lab.mjs';
import { lobbyAtBothWidths } from './scenarios/lobby.mjs';
import * as pacing from './scenarios/pacing.mjs';
import * as people from './scenarios/people.mjs';
import * as tutorial from './scenarios/tutorial.mjs';
import * as two_players from './scenarios/two_players.mjs';

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const SCENARIOS = { hotseat, pacing, friend, two_players, people, accounts, tutorial, lab };
if (args.includes('--help') || args.includes('-h')) {
  console.log(`usage: node e2e/run.mjs [--binary PATH] [--out DIR] [--only GAME] [--games-only] [--scenario NAME]
  Builds the page, serves it with the given server binary and plays it in headless Chromium.
  --binary PATH    the bellwether server to run (default build/release/bellwether)
  --out DIR        where screenshots go (default web/e2e-out)
  --only GAME      play only this game and the scenarios that use it
  --games-only     every game (or the --only one) to its end on a phone, with the lobby, nothing else
  --scenario NAME  the lobby, then this one scenario and no game to its end (${Object.keys(SCENARIOS).join(', ')})`);
  process.exit(0);
}
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const binary = resolve(option('--binary', join(web, '..', 'build', 'release', 'bellwether')));
const out = resolve(option('--out', join(web, 'e2e-out')));
const only = option('--only', null);
const gamesOnly = args.includes('--games-only'); // every game to its end (on a phone) and nothing else
const scenarioName = option('--scenario', null);
if (scenarioName && !(scenarioName in SCENARIOS)) {
  console.error(`--scenario ${scenarioName}: no such scenario (${Object.keys(SCENARIOS).join(', ')})`);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'bw-e2e-'));
mkdirSync(out, { recursive: true });
const dist = join(work, 'dist');
const jsGzipped = buildPage(web, dist);
const run = await startRun({ web, binary, out, work, dist });
const started = Date.now();
// In this order, always: the seeded choices of moves follow one another through the scenarios.
// A scenario that throws ends the run there.
try {
  const games = await servedGames(run);
  run.games = games;
  if (only && !games.some((g) => g.id === only)) throw new Error(`--only ${only}: the server lists no such game`);
  // The scenarios that name particular games (their GAMES, with the reason beside each use):
  // a game the server no longer lists fails the run here, before anything is played.
  const scenarios = [hotseat, pacing, friend, two_players, people, accounts, tutorial, lab];
  for (const [file, named] of [['games.mjs', games_to_end.GAMES], ...scenarios.map((s) => [s.play.name, s.GAMES])]) {
    const missing = named.filter((id) => !games.some((g) => g.id === id));
    if (missing.length) throw new Error(`${file} plays ${missing.join(', ')}, which the server does not list`);
  }
  await lobbyAtBothWidths(run, games);
  if (scenarioName) await SCENARIOS[scenarioName].play(run);
  else {
    await games_to_end.everyGameToItsEnd(
      run,
      games.filter((g) => !only || g.id === only),
    );
    for (const scenario of gamesOnly ? [] : scenarios)
      if (!only || scenario.GAMES.includes(only)) await scenario.play(run);
  }
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
