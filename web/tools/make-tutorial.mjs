// Makes (or remakes) a tutorial file, web/src/tutorials/<game>.json: the engine's
// heuristic bots play one seeded game, the server replays it from the learner's
// seat, and the file gets the record, who made each move (actors) and the coach
// lines. Lines already written for a step are kept; each learner step without
// one gets a "TODO" the unit test refuses. It prints every step with its
// events, to write the lines from (in our own words: docs/rules/, never a rulebook).
//   node tools/make-tutorial.mjs --binary PATH --game ID --seed N --names Ann,Bob
//        [--learner SEAT] [--guided STEPS] [--param name=value ...]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer, stopServer } from '../e2e/server.mjs';

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const params = args.flatMap((a, i) => (args[i - 1] === '--param' ? [a] : []));
const binary = resolve(option('--binary', join(web, '..', 'build', 'release', 'bellwether')));
const game = option('--game');
const given = option('--record', null);
const seed = given ? String(JSON.parse(readFileSync(given, 'utf8')).seed) : option('--seed');
const names = option('--names', 'Ann,Bob');
const learner = Number(option('--learner', '0'));
if (!game || !seed || !/^\d{1,15}$/.test(seed)) {
  console.error('usage: --game ID --seed N (at most 15 digits: the page reads it as a JavaScript number)');
  process.exit(2);
}
const file = join(web, 'src', 'tutorials', `${game}.json`);
const old = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
const work = mkdtempSync(join(tmpdir(), 'bw-tutorial-'));
const saved = join(work, 'record.json');
const seats = names.split(',').map(() => 'heuristic');
if (!given)
  execFileSync(binary, [
    'play',
    game,
    '--seats',
    seats.join(','),
    '--names',
    names,
    '--seed',
    seed,
    ...params.flatMap((p) => ['--param', p]),
    '--save',
    saved,
  ]);
const record = JSON.parse(readFileSync(given ?? saved, 'utf8'));

const port = await freePort();
const server = await startServer({ binary, port, db: join(work, 'db'), staticDir: work });
let replay;
try {
  const reply = await fetch(`http://127.0.0.1:${port}/api/replay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ view: String(learner), record }),
  });
  replay = await reply.json();
  if (!reply.ok) throw new Error(JSON.stringify(replay));
} finally {
  await stopServer(server);
  rmSync(work, { recursive: true, force: true });
}

const guided = Math.min(record.actions.length, Number(option('--guided', String(old?.guided ?? Infinity))));
const coach = {};
replay.actors.forEach((actor, step) => {
  const line = old?.coach?.[step];
  if (line) coach[step] = line;
  else if (actor === learner && step < guided) coach[step] = `TODO: ${record.actions[step]}`;
});
for (const key of ['start', 'end']) if (old?.coach?.[key]) coach[key] = old.coach[key];
const tutorial = { learner, guided, coach, actors: replay.actors, record };
writeFileSync(file, JSON.stringify(tutorial, null, 2) + '\n');

replay.frames.forEach((frame, step) => {
  const who = replay.actors[step];
  const mark = who === learner ? '*' : ' ';
  console.log(`${frame.events.map((e) => `        ${e}`).join('\n')}`);
  if (step < record.actions.length)
    console.log(`${mark}${String(step).padStart(4)} P${who + 1}: ${record.actions[step]}`);
});
console.log(`result: ${JSON.stringify(record.result?.scores)}; learner P${learner + 1}; ${file}`);
