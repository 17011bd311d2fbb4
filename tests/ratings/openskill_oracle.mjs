#!/usr/bin/env node
// The ratings oracle (ctest ratings_oracle; docs/ratings.md): random
// free-for-all results rated twice, by our C++ (rate_json, src/ratings/) and
// by npm's openskill (pinned in web/package.json), an implementation written
// independently of ours, and compared number by number.
//
//   node openskill_oracle.mjs --binary RATE_JSON --web WEB_DIR [--games N] [--seed S]
//
// Each of three settings (the defaults, a high kappa that the variance floor
// reaches, a wide beta with a large tau) rates N games of 2 to 8 players:
// prior ratings drawn at random (a fifth of them newcomers), ranks strict,
// with ties and gaps, in two groups, or all level. Every mu and sigma must
// agree to 1e-12 of max(1, |openskill's value|); they differ by about 1e-14,
// from sums taken in another order. Exits 1 on any difference, and also when
// the games drawn miss a kind they are meant to cover.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const TOLERANCE = 1e-12;
const NEWCOMER = { mu: 25, sigma: 25 / 3 };
const SETTINGS = [
  { name: 'defaults', beta: 25 / 6, kappa: 1e-4, tau: 25 / 300 },
  { name: 'kappa floor', beta: 2, kappa: 0.9, tau: 0 },
  { name: 'wide beta, large tau', beta: 8, kappa: 1e-3, tau: 1.5 },
];

const { values: args } = parseArgs({
  options: {
    binary: { type: 'string' },
    web: { type: 'string' },
    games: { type: 'string', default: '300' },
    seed: { type: 'string', default: '49' },
  },
});
if (!args.binary || !args.web) {
  console.error('usage: node openskill_oracle.mjs --binary RATE_JSON --web WEB_DIR [--games N] [--seed S]');
  process.exit(2);
}

// openskill from web/'s packages, the version web/package.json pins (npm ci there installs it).
function loadOpenskill(webDir) {
  const pinned = JSON.parse(readFileSync(path.join(webDir, 'package.json'), 'utf8')).devDependencies.openskill;
  const fromWeb = createRequire(path.join(webDir, 'package.json'));
  let installed;
  try {
    installed = JSON.parse(readFileSync(path.join(webDir, 'node_modules/openskill/package.json'), 'utf8')).version;
  } catch {
    throw new Error(`openskill is not installed in ${webDir}/node_modules: run npm ci there`);
  }
  if (installed !== pinned)
    throw new Error(`openskill ${installed} is installed but web/package.json pins ${pinned}: run npm ci in web/`);
  return {
    version: installed,
    rate: fromWeb('openskill').rate,
    plackettLuce: fromWeb('openskill/models').plackettLuce,
  };
}

// xorshift32 (Marsaglia): the same games for the same seed on every machine.
function makeRandom(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
  return { uniform: (low, high) => low + (high - low) * next(), below: (n) => Math.floor(next() * n) };
}

function randomRanks(random, n) {
  const kind = random.below(8);
  if (kind < 3) {
    const order = Array.from({ length: n }, (_, i) => i + 1); // strict: a shuffled 1..n
    for (let i = n - 1; i > 0; i--) {
      const j = random.below(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order;
  }
  if (kind < 6) return Array.from({ length: n }, () => 1 + random.below(n)); // ties and gaps
  if (kind === 6) return Array.from({ length: n }, () => 1 + random.below(2)); // two groups (or one)
  return Array.from({ length: n }, () => 3); // all level
}

function randomGames(random, count) {
  const games = [];
  for (let g = 0; g < count; g++) {
    const n = 2 + random.below(7);
    const before = Array.from({ length: n }, () =>
      random.below(5) === 0 ? [NEWCOMER.mu, NEWCOMER.sigma] : [random.uniform(-20, 70), random.uniform(0.05, 12)],
    );
    games.push({ before, ranks: randomRanks(random, n) });
  }
  return games;
}

function rateInCpp(binary, model, games) {
  const run = spawnSync(binary, [], { input: JSON.stringify({ model, games }), encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`${binary} exited with ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout).after;
}

// The same settings spelled out on openskill's side: Plackett-Luce, our beta,
// kappa (its epsilon) and tau, tau applied (it is only when given and not 0),
// no limit on sigma rising; gamma is its default, sigma_i / c, as ours.
function rateInOpenskill(openskill, model, games) {
  const options = { model: openskill.plackettLuce, beta: model.beta, epsilon: model.kappa, tau: model.tau };
  Object.assign(options, { limitSigma: false, preventSigmaIncrease: false });
  return games.map((game) => {
    const teams = game.before.map(([mu, sigma]) => [{ mu, sigma }]);
    return openskill.rate(teams, { ...options, rank: game.ranks }).map(([{ mu, sigma }]) => [mu, sigma]);
  });
}

function compare(setting, games, ours, theirs, tally) {
  for (let g = 0; g < games.length; g++) {
    for (let i = 0; i < games[g].before.length; i++) {
      for (const [k, field] of [
        [0, 'mu'],
        [1, 'sigma'],
      ]) {
        const a = ours[g][i][k];
        const b = theirs[g][i][k];
        const abs = Math.abs(a - b);
        const rel = abs / Math.max(1, Math.abs(b));
        tally.maxAbs[field] = Math.max(tally.maxAbs[field], abs);
        tally.maxRel = Math.max(tally.maxRel, rel);
        if (!(rel <= TOLERANCE)) {
          tally.failures.push(
            `${setting.name}, game ${g} ${JSON.stringify(games[g])}: player ${i}'s ${field} ${a} here, ${b} in openskill`,
          );
        }
      }
      const [, sigma] = games[g].before[i];
      const shrink = theirs[g][i][1] ** 2 / (sigma ** 2 + setting.tau ** 2);
      if (Math.abs(shrink - setting.kappa) <= 1e-9 * setting.kappa) tally.floored[setting.name] += 1;
    }
  }
}

function cover(games, tally) {
  for (const { before, ranks } of games) {
    tally.byPlayers[before.length] = (tally.byPlayers[before.length] ?? 0) + 1;
    const distinct = new Set(ranks).size;
    if (distinct === ranks.length) tally.strict += 1;
    else if (distinct === 1) tally.allLevel += 1;
    else tally.someTied += 1;
    tally.ratings += before.length;
  }
}

function main() {
  const openskill = loadOpenskill(path.resolve(args.web));
  const random = makeRandom(Number(args.seed));
  const tally = {
    ...{ games: 0, ratings: 0, byPlayers: {}, strict: 0, someTied: 0, allLevel: 0 },
    ...{ maxAbs: { mu: 0, sigma: 0 }, maxRel: 0, failures: [], floored: {} },
  };
  for (const setting of SETTINGS) {
    const games = randomGames(random, Number(args.games));
    const model = { beta: setting.beta, kappa: setting.kappa, tau: setting.tau };
    tally.floored[setting.name] = 0;
    compare(setting, games, rateInCpp(args.binary, model, games), rateInOpenskill(openskill, model, games), tally);
    cover(games, tally);
    tally.games += games.length;
  }
  const counts = Object.entries(tally.byPlayers).map(([n, c]) => `${n}p ${c}`);
  console.log(`openskill ${openskill.version} (Plackett-Luce) against bw::ratings, seed ${args.seed}:`);
  console.log(`  ${tally.games} games (${counts.join(', ')}), ${tally.ratings} ratings`);
  console.log(`  ${tally.strict} strict orders, ${tally.someTied} with ties, ${tally.allLevel} all level`);
  console.log(`  kappa floor reached: ${JSON.stringify(tally.floored)}`);
  console.log(`  max |diff| mu ${tally.maxAbs.mu.toExponential(2)}, sigma ${tally.maxAbs.sigma.toExponential(2)}`);
  console.log(`  max relative diff ${tally.maxRel.toExponential(2)} (tolerance ${TOLERANCE})`);
  const thin = [];
  if (tally.someTied === 0 || tally.strict === 0 || tally.allLevel === 0) thin.push('an order kind is missing');
  if (Object.keys(tally.byPlayers).length !== 7) thin.push('a player count of 2-8 is missing');
  if (tally.floored['kappa floor'] === 0) thin.push('no rating reached the kappa floor');
  for (const line of tally.failures.slice(0, 10)) console.error(`DIFFERS: ${line}`);
  if (tally.failures.length > 0) console.error(`${tally.failures.length} numbers differ`);
  for (const line of thin) console.error(`TOO THIN: ${line}`);
  process.exit(tally.failures.length > 0 || thin.length > 0 ? 1 : 0);
}

main();
