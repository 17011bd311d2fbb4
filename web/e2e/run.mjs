// End-to-end run in Debian's Chromium (playwright-core, never a downloaded
// browser): every game played to its end against bots by clicking the board,
// two players at one table who never see each other's hand, a reload and a
// server restart in mid-game, screenshots, bundle size and click latency.
// It builds and serves its own copy of the page (vite --mode e2e, in a
// temporary folder): only that build has the window.__bw it reads.
//   node e2e/run.mjs [--binary build/release/bellwether] [--out DIR] [--only GAME]
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort, startServer, stopServer } from './server.mjs';

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
const DESKTOP = { width: 1280, height: 900 },
  PHONE = { width: 390, height: 844 };

const work = mkdtempSync(join(tmpdir(), 'bw-e2e-'));
mkdirSync(out, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dist = join(work, 'dist');
const node = (...argv) => execFileSync(process.execPath, argv, { cwd: web, stdio: ['ignore', 'ignore', 'inherit'] });
node(join(web, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--mode', 'e2e', '--outDir', dist, '--emptyOutDir');
node(join(web, 'tools', 'copy-rules.mjs'), dist);
// The JS bundle gzipped (the e2e build: the production one less its few lines of instrumentation).
const assets = join(dist, 'assets');
const js = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => gzipSync(readFileSync(join(assets, f))).length)
  .reduce((a, b) => a + b, 0);
const serverOptions = { binary, port, db: join(work, 'e2e.db'), staticDir: dist };
let server = await startServer(serverOptions);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const failures = [];
const latencies = [];
let missedClicks = 0;
let listClicks = 0; // moves that had no place on the board: must stay 0
let secondClicks = 0,
  pickers = 0; // moves finished by a second click on the board
// mulberry32: seeded, and its low bits are as random as its high ones (an LCG's
// low bits cycle, which made every choice of two or four fall the same way).
let seed = 12345;
const random = (n) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) | 0;
};

function check(condition, message) {
  if (!condition) {
    failures.push(message);
    console.log(`FAIL ${message}`);
  }
}

async function shot(page, name) {
  // A picture of the board at rest, not of pieces in flight.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 3000 })
    .catch(() => {});
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
}

// axe-core (npm) in the page: WCAG 2 A and AA rules; serious and critical
// findings fail the run, with the rule and the elements it names.
const axeSource = readFileSync(join(web, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
let axeScans = 0;
async function accessible(page, label) {
  // Evaluated, not added as a <script>: the server's Content-Security-Policy rightly refuses inline scripts.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')}`);
  });
  axeScans++;
  check(found.length === 0, `${label}: no serious or critical accessibility findings (${found.join('; ')})`);
}

async function version(page) {
  return page.evaluate(() => window.__bw?.version ?? -1);
}

// One move by clicking the board: a highlighted piece or a button of the
// decision bar. The action list is clicked only when a move has no place on
// the board, and that is counted (it must not happen).
// The page may change under the click (a bot moved, an automatic pass): then
// the click times out quickly and the caller looks again.
async function clickOneMove(page) {
  const board = page.locator('.board button.target, .decision-bar button.decision');
  const list = page.locator('.moves button.move');
  let nBoard = await board.count(),
    nList = await list.count();
  // A frame that arrived between the two counts: count again before calling it a list move.
  if (nBoard === 0 && nList > 0) {
    await page.waitForTimeout(300);
    nBoard = await board.count();
    nList = await list.count();
  }
  if (nBoard + nList === 0) return false;
  const before = await version(page);
  try {
    if (nBoard > 0) {
      await board.nth(random(nBoard)).click({ timeout: 2000 });
      // Several moves there: finish on the board (a second click, e.g. where a sheep goes) or in the list.
      const picker = page.locator('.picker button.move');
      if (await picker.count()) {
        pickers++;
        const second = page.locator('.board button.target');
        if ((await second.count()) > 0 && random(2) === 0) {
          await second.nth(random(await second.count())).click({ timeout: 2000 });
          secondClicks++;
        } else await picker.nth(random(await picker.count())).click({ timeout: 2000 });
      }
    } else {
      listClicks++;
      console.log(`list click: ${await list.first().innerText()}`);
      await list.nth(random(nList)).click({ timeout: 2000 });
    }
  } catch {
    missedClicks++;
    return false;
  }
  await page.waitForFunction((v) => (window.__bw?.version ?? -1) > v, before, { timeout: 10000 }).catch(() => {});
  return true;
}

// Plays until the end screen; calls during(page, moves) after each move.
async function playToEnd(page, label, during = async () => {}) {
  let moves = 0;
  for (let step = 0; step < 3000; step++) {
    if (await page.locator('.end-screen').count()) return moves;
    const handOver = page.locator('#hand-over-ok');
    if (await handOver.count()) {
      await handOver.click();
      continue;
    }
    if (await clickOneMove(page)) {
      moves++;
      await during(page, moves);
      continue;
    }
    const before = await version(page);
    await page
      .waitForFunction(
        (v) =>
          (window.__bw?.version ?? -1) > v ||
          document.querySelector('.end-screen, .board button.target, .moves button.move'),
        before,
        { timeout: 15000 },
      )
      .catch(() => {});
  }
  throw new Error(`${label}: no end after 3000 steps`);
}

// Bot moves at once: the runs below play whole games. The pacing a person
// gets by default is checked on its own ("bots are paced").
const FAST = () => window.localStorage.setItem('bw-fast-bots', '1');
async function fastPage(options) {
  const page = await browser.newPage(options);
  await page.addInitScript(FAST);
  return page;
}

async function createFromLobby(page, game, seats, name = '') {
  await page.goto(`${base}/`);
  await page.click(`button[data-game="${game}"]`);
  await page.fill('#your-name', name);
  await page.selectOption('#player-count', String(seats.length));
  const selects = page.locator('.seat-select');
  for (let i = 0; i < seats.length; i++) await selects.nth(i).selectOption(seats[i]);
  await Promise.all([page.waitForURL(/\/play\//), page.click('#create')]);
  await page.waitForSelector('#turn-line, #hand-over-ok'); // hot-seat may open on a hand-over
}

// Each game's own figures are printed too: which board is slow, when one is.
async function collectLatency(page, game) {
  const mine = await page.evaluate(() => window.__bw?.latencies ?? []);
  latencies.push(...mine);
  if (game && mine.length) {
    const sorted = [...mine].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
    console.log(`  ${game}: click to updated board, ${sorted.length} clicks, median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  }
}

// The replay viewer: a finished table stepped through, another view, then the
// same game from an uploaded record file.
async function checkReplay(page) {
  const table = /\/play\/([0-9a-z-]+)/.exec(page.url())[1];
  await page.setViewportSize(DESKTOP);
  await page.click('text=Replay this game');
  await page.waitForSelector('#replay-caption');
  check((await page.locator('#replay-caption').innerText()).startsWith('Set-up'), 'a replay starts at the set-up');
  await page.click('#replay-next');
  await page.click('#replay-next');
  check(/^Step 2 of \d+/.test(await page.locator('#replay-caption').innerText()), 'forward steps the replay');
  await page.click('#replay-prev');
  check(/^Step 1 of/.test(await page.locator('#replay-caption').innerText()), 'back steps the replay');
  check((await page.locator('.hands-all li').count()) === 3, 'the full view shows every hand');
  await shot(page, 'replay-desktop');
  await page.selectOption('#replay-view', '0');
  await page.waitForSelector('[data-zone="hand"]');
  check((await page.locator('.hands-all').count()) === 0, "a seat's view of a replay shows only its own hand");
  await page.click('#replay-last');
  await page.waitForSelector('.end-screen');
  const file = join(work, 'record.json');
  writeFileSync(file, await (await fetch(`${base}/api/tables/${table}/record`)).text());
  await page.goto(`${base}/replay`);
  await page.setInputFiles('#record-file', file);
  await page.waitForSelector('#replay-caption', { timeout: 10000 }).catch(async (e) => {
    throw new Error(`${e.message}; the page says: ${await page.locator('main').innerText()}`);
  });
  await page.click('#replay-last');
  check((await page.locator('.end-screen').count()) === 1, 'an uploaded record replays to its end');
}

const started = Date.now();
try {
  // Lobby at both widths.
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    const page = await fastPage({ viewport });
    await page.goto(`${base}/`);
    await page.waitForSelector('.game-card');
    check((await page.locator('.game-card').count()) === 5, 'the lobby lists five games');
    await page.click('button[data-game="bye-bye"]');
    await shot(page, `lobby-${name}`);
    await accessible(page, `lobby (${name})`);
    await page.close();
  }

  // Every game against bots, to the end, by clicking.
  for (const game of GAMES) {
    const t0 = Date.now();
    const page = await fastPage({ viewport: DESKTOP });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // Disguise with two players (a third mostly adds Nice Try windows to pass) against the
    // easy bot, which is Disguise's heuristic (docs/agents.md, Levels): two random players
    // take 1,979 actions a game on average (sim, 400 games), against the heuristic 326,
    // which keeps this suite to a few minutes.
    // The person's name, typed in the lobby, names their seat on the board.
    const name = 'Ann';
    await createFromLobby(page, game, game === 'disguise' ? ['you', 'easy'] : ['you', 'random', 'random'], name);
    await page.waitForSelector('.board');
    check(
      (await page.locator('.board').innerText()).includes(`(${name})`),
      `${game}: the name typed in the lobby is on the board`,
    );
    await shot(page, `${game}-start-desktop`);
    await page.setViewportSize(PHONE);
    await shot(page, `${game}-start-phone`);
    await page.setViewportSize(DESKTOP);
    if (game === 'boom-bah') {
      await page.click('text=How to play');
      await page.waitForSelector('.rules-side h2');
      check((await page.locator('.rules-side').innerText()).includes('Goal'), 'how to play opens beside the board');
      await shot(page, 'rules-beside-board-desktop');
      await page.click('text=Hide how to play');
    }
    let reloaded = false,
      restarted = false;
    const moves = await playToEnd(page, game, async (p, n) => {
      if (n === (game === 'hustle' ? 2 : 6)) {
        // The middle picture is taken at the person's next decision, with the others' last moves marked.
        await p
          .waitForSelector('.board button.target, .decision-bar button.decision', { timeout: 15000 })
          .catch(() => {});
        if (game === 'disguise' || game === 'boom-bah') {
          // A card says what it does: in its tooltip, and on a long press, which plays nothing.
          // At the person's own decision nothing else moves, so the version shows whether a move was played.
          await p.waitForSelector('.board button.target, .decision-bar button.decision', { timeout: 10000 });
          const card = p.locator('.board [data-help]').first();
          check((await card.count()) > 0, `${game}: cards carry what they do`);
          if (await card.count()) {
            const before = await version(p);
            await card.dispatchEvent('pointerdown');
            await p.waitForTimeout(700);
            await card.dispatchEvent('pointerup');
            await card.dispatchEvent('click');
            const shown = (await p.locator('.card-help').count()) === 1;
            check(shown, `${game}: a long press shows what the card does`);
            check((await version(p)) === before, `${game}: a long press plays nothing`);
            if (shown) await shot(p, `${game}-card-help-desktop`);
            await p
              .locator('.card-help-close')
              .click()
              .catch(() => {});
          }
        }
        // The tab says whose decision it is: the title and the icon change for the person's turn.
        await p
          .waitForFunction(() => document.title.startsWith('● Your turn'), null, { timeout: 3000 })
          .catch(() => {});
        const title = await p.title();
        check(title.startsWith('● Your turn — '), `${game}: the tab says it is your turn ("${title}")`);
        const marked = await p.locator('.board .last-move').count();
        check(marked > 0, `${game}: each seat's last move is marked on the board (${marked} marks)`);
        await shot(p, `${game}-middle-desktop`);
        await accessible(p, `${game} board (desktop)`);
        await p.setViewportSize(PHONE);
        await shot(p, `${game}-middle-phone`);
        await p.setViewportSize(DESKTOP);
      }
      if (game === 'hustle' && n === 1) {
        // After the first card of a bid, every next card and "bid done" says where the sheep would land,
        // and pointing at one lights that field (or the dyke's end).
        await p
          .waitForSelector('.board button.target, .decision-bar button.decision', { timeout: 15000 })
          .catch(() => {});
        const ahead = p.locator('.board button.target:has(.ahead), .decision-bar button.decision:has(.ahead)');
        check((await ahead.count()) > 0, "hustle: the bid's next cards say where they lead");
        if (await ahead.count()) {
          // Leave first: a pointer that clicked the last card may already rest where this one now is.
          await p.mouse.move(1, 1);
          await ahead.first().hover();
          // The highlight follows on the next render; wait for it rather than racing it.
          await p.waitForSelector('.track .square.preview', { timeout: 3000 }).catch(() => {});
          check(
            (await p.locator('.track .square.preview').count()) === 1,
            'hustle: pointing at a card lights its field',
          );
          await shot(p, 'hustle-bid-preview-desktop');
        }
      }
      if (game === 'black-sheep' && n === 1) {
        // Undo against bots: choosing a field showed nothing hidden, so it is taken back and play goes on.
        await p.waitForSelector('.board button.target, .decision-bar button.decision', { timeout: 10000 });
        const before = await version(p);
        await p.click('#undo');
        await p.waitForFunction((v) => (window.__bw?.version ?? -1) < v, before, { timeout: 10000 }).catch(() => {});
        check((await version(p)) < before, `undo takes the table back (version ${before} -> ${await version(p)})`);
        check((await p.locator('.log').innerText()).includes('Taken back'), 'the log says that moves were taken back');
      }
      if (game === 'bye-bye' && n === 1) {
        // A blind draw showed a hidden card: undoing it would draw the same card again, so it is refused.
        await p.waitForSelector('.board button.target, .decision-bar button.decision', { timeout: 10000 });
        const before = await version(p);
        await p.click('#undo');
        await p.waitForSelector('.error', { timeout: 10000 }).catch(() => {});
        const error = (await p.locator('.error').count()) ? await p.locator('.error').innerText() : '';
        check(/hidden/.test(error), `undo across a blind draw is refused with the reason (${error})`);
        check((await version(p)) === before, 'a refused undo takes nothing back');
        await shot(p, 'undo-refused-desktop');
      }
      if (game === 'bye-bye' && n === 4 && !reloaded) {
        reloaded = true;
        const before = await version(p);
        const logBefore = await p.locator('.log li').count();
        await p.reload();
        await p.waitForFunction((v) => (window.__bw?.version ?? -1) >= v, before, { timeout: 10000 });
        check((await version(p)) >= before, 'a reload resumes the game where it was');
        check((await p.locator('.log li').count()) >= logBefore, 'a reload keeps the move log');
      }
      if (game === 'disguise' && n === 4 && !restarted) {
        restarted = true;
        const before = await version(p);
        await stopServer(server, 'SIGKILL'); // a crash: acknowledged moves are on disk, nothing is said to the page
        await p.waitForSelector('.conn-closed', { timeout: 10000 });
        server = await startServer(serverOptions);
        await p.waitForSelector('.conn-open', { timeout: 15000 });
        check((await version(p)) >= before, 'after a server restart the page reconnects at the same game');
      }
    });
    await shot(page, `${game}-end-desktop`);
    await page.setViewportSize(PHONE);
    await shot(page, `${game}-end-phone`);
    const endText = await page.locator('.end-screen').innerText();
    check(
      /wins?!|Nobody wins/.test(endText) && /How it adds up/.test(endText),
      `${game}: the end screen shows the winner and the scores`,
    );
    check(!(await page.title()).startsWith('●'), `${game}: at the end the tab no longer calls (${await page.title()})`);
    check(errors.length === 0, `${game}: no script errors (${errors.join('; ')})`);
    await collectLatency(page, game);
    if (game === 'bye-bye') await checkReplay(page);
    console.log(`ok ${game}: ${moves} moves clicked, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await page.close();
  }

  // Hot-seat: two people at one screen get a "pass the device" screen between them.
  if (!only || only === 'bye-bye') {
    const page = await fastPage({ viewport: DESKTOP });
    await createFromLobby(page, 'bye-bye', ['you', 'here', 'random']);
    let handOvers = 0;
    for (let step = 0; step < 60 && handOvers < 2; step++) {
      const ok = page.locator('#hand-over-ok');
      if (await ok.count()) {
        if (handOvers === 0) await shot(page, 'hotseat-pass-desktop');
        check(
          (await page.locator('.board, [data-zone="hand"]').count()) === 0,
          'the hand-over screen shows nothing of the next hand behind it',
        );
        await ok.click();
        handOvers++;
        continue;
      }
      if (!(await clickOneMove(page))) await page.waitForTimeout(100);
    }
    check(handOvers === 2, `hot-seat play hands the device over (${handOvers} times)`);
    await page.close();
    console.log('ok hot-seat');
  }

  // Bots are paced for a person: by default each bot move stays on screen for a
  // moment; "fast" shows the rest at once.
  if (!only || only === 'bye-bye') {
    const page = await browser.newPage({ viewport: DESKTOP });
    await createFromLobby(page, 'bye-bye', ['you', 'random', 'random', 'random']);
    for (let step = 0; step < 80; step++) {
      const shown = await page.evaluate(() => window.__bw.shown);
      if (shown.filter((s) => !s.mine).length >= 12 && shown.some((s) => s.mine)) break;
      if (!(await clickOneMove(page))) await page.waitForTimeout(200);
    }
    const shown = await page.evaluate(() => window.__bw.shown);
    const gaps = [];
    for (let i = 1; i < shown.length; i++)
      if (!shown[i].mine && !shown[i - 1].mine && shown[i].version === shown[i - 1].version + 1)
        gaps.push(shown[i].at - shown[i - 1].at);
    gaps.sort((a, b) => a - b);
    console.log(
      `paced bot moves: ${gaps.length} gaps, shortest ${gaps[0]?.toFixed(0)} ms, median ${gaps[gaps.length >> 1]?.toFixed(0)} ms`,
    );
    check(
      gaps.length >= 3 && gaps[0] >= 700,
      `each bot move stays on screen for a moment (${gaps.length} gaps, shortest ${gaps[0]?.toFixed(0)} ms)`,
    );
    await page.waitForSelector('.since', { timeout: 30000 }).catch(() => {});
    check(
      (await page.locator('.since li').count()) > 0,
      'at your turn, the page says what others did since your last move',
    );
    await shot(page, 'since-last-move-desktop');
    await page.click('.fast-bots input');
    check(
      await page.evaluate(() => window.localStorage.getItem('bw-fast-bots') === '1'),
      'the fast switch is remembered',
    );
    const glides = await page.evaluate(() => window.__bw.glides);
    check(glides > 0, `pieces glide to their new place or fade in (${glides} animations)`);
    await page.close();
    console.log(`ok bots are paced; ${glides} pieces glided or faded in`);

    // A Black Sheep field that scores stays on the board, as it stood and with its winner, before it clears.
    const scoring = await browser.newPage({ viewport: DESKTOP });
    // Four seats, three of them bots: most scorings by a bot are followed by another bot's move.
    await createFromLobby(scoring, 'black-sheep', ['you', 'random', 'random', 'random']);
    // Measured between two bot moves (a person's own click shows the next move at once).
    let held = null;
    let pictured = false;
    for (let step = 0; step < 900 && held === null; step++) {
      const shown = await scoring.evaluate(() => window.__bw.shown);
      const at = shown.findIndex((s, i) => s.scored && !s.mine && i + 1 < shown.length && !shown[i + 1].mine);
      if (at >= 0) held = shown[at + 1].at - shown[at].at;
      else if (!(await clickOneMove(scoring))) await scoring.waitForTimeout(200);
      if (!pictured && (await scoring.locator('.zone.scored').count())) {
        await shot(scoring, 'black-sheep-scored-desktop');
        pictured = true;
      }
    }
    check(held !== null && held >= 1500, `a scored field stays before it clears (${held?.toFixed(0)} ms)`);
    await scoring.close();
    console.log(`ok a scored field stayed ${held?.toFixed(0)} ms`);

    // Asked for reduced motion, the same game moves nothing.
    const still = await fastPage({ viewport: DESKTOP, reducedMotion: 'reduce' });
    // A name with markup in it is shown as text, never as HTML.
    await createFromLobby(still, 'bye-bye', ['you', 'random', 'random'], 'Bo <i>b</i>');
    await still.waitForSelector('.board');
    check(
      (await still.locator('body').innerText()).includes('Bo <i>b</i>') &&
        (await still.locator('#app i').count()) === 0,
      'a name with markup in it is shown as text',
    );
    let played = 0;
    for (let step = 0; step < 60 && played < 8; step++)
      if (await clickOneMove(still)) played++;
      else await still.waitForTimeout(200);
    const stillGlides = await still.evaluate(() => window.__bw.glides);
    check(played >= 8 && stillGlides === 0, `prefers-reduced-motion: ${played} moves, ${stillGlides} animations`);
    await still.close();
    console.log(`ok reduced motion: ${played} moves, ${stillGlides} animations`);
  }

  // A friend by link: the lobby shows the invite, and the invite opens the friend's seat.
  if (!only || only === 'bye-bye') {
    const page = await fastPage({ viewport: DESKTOP });
    await page.goto(`${base}/`);
    await page.click('button[data-game="bye-bye"]');
    const selects = page.locator('.seat-select');
    await selects.nth(1).selectOption('friend');
    await page.click('#create');
    await page.waitForSelector('#go-to-table');
    const invite = await page.locator('.created input.link').first().inputValue();
    check(
      /\/play\/[0-9a-z-]+#token=[0-9a-f]{32}$/.test(invite),
      `the lobby shows the friend's invite link (${invite})`,
    );
    await shot(page, 'lobby-created-desktop');
    const friend = await browser.newContext({ viewport: DESKTOP });
    await friend.addInitScript(FAST);
    const friendPage = await friend.newPage();
    await friendPage.goto(invite);
    await friendPage.waitForSelector('.board');
    check((await friendPage.locator('.who').innerText()) === 'you are P2', 'the invite opens the friend at seat P2');
    // Both browsers keep the table under "My games": where it stands, and the creator's links to copy again.
    const table = /\/play\/([0-9a-z-]+)#/.exec(invite)[1];
    const entry = (p) => p.locator(`#my-games li[data-table="${table}"]`);
    const settled = (p) =>
      p
        .waitForFunction(
          (t) => {
            const li = document.querySelector(`#my-games li[data-table="${t}"]`);
            return li && !li.textContent.includes('checking');
          },
          table,
          { timeout: 10000 },
        )
        .catch(() => {});
    await friendPage.goto(`${base}/`);
    await settled(friendPage);
    check((await entry(friendPage).count()) === 1, "the friend's lobby lists the table under My games");
    await page.goto(`${base}/`);
    await settled(page);
    const mine = (await entry(page).count()) ? await entry(page).innerText() : '';
    check(
      /Bye-Bye Black Sheep/.test(mine) &&
        /your turn|waiting for/.test(mine) &&
        (await entry(page).locator('button.copy').count()) === 3,
      `My games shows the table, where it stands and its three links (${mine.replace(/\s+/g, ' ')})`,
    );
    await shot(page, 'lobby-my-games-desktop');
    await friend.close();
    await page.close();
    console.log('ok friend by link');
  }

  // Two players at one table: A's page never holds B's hand.
  if (!only || only === 'disguise') {
    const reply = await (
      await fetch(`${base}/api/tables`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ game: 'disguise', seats: [{ name: 'Ann' }, { name: 'Bob' }, { agent: 'random' }] }),
      })
    ).json();
    const pages = [],
      frames = [[], []];
    for (const seat of [0, 1]) {
      const context = await browser.newContext({ viewport: DESKTOP });
      await context.addInitScript(FAST);
      const page = await context.newPage();
      page.on('websocket', (ws) => ws.on('framereceived', (f) => frames[seat].push(String(f.payload))));
      await page.goto(`${base}${reply.invites[seat].url}`);
      await page.waitForSelector('.board');
      pages.push(page);
    }
    for (let round = 0; round < 12; round++) {
      for (const page of pages) await clickOneMove(page);
    }
    // Each sees who is at the table: the other person connected, the bot as a bot (pushed on every change).
    await pages[0]
      .waitForFunction(() => document.querySelector('.presence')?.textContent?.includes('● Bob'), null, {
        timeout: 3000,
      })
      .catch(() => {});
    const present = (await pages[0].locator('.presence').count())
      ? await pages[0].locator('.presence').innerText()
      : '';
    check(
      present.includes('● Bob') && present.includes('P3 (bot)'),
      `A's page shows who is at the table (${present.replace(/\s+/g, ' ')})`,
    );
    const states = (seat) => frames[seat].map((f) => JSON.parse(f)).filter((f) => f.type === 'state');
    const annStates = states(0),
      bobStates = states(1);
    check(annStates.length > 0 && annStates.every((f) => f.seat === 0), 'A receives only seat 0 states');
    check(
      annStates.every((f) => (f.observation.seats ?? []).every((s) => !('hand' in s))),
      "A's frames hold no other seat's hand",
    );
    // A's page draws A's hand, and none of the cards only B holds at that moment.
    const annLast = annStates[annStates.length - 1];
    const bobThen = bobStates.filter((f) => f.version === annLast.version).pop();
    const shownHand = await pages[0].locator('[data-zone="hand"]').innerText();
    check(
      Object.keys(annLast.observation.hand ?? {}).every((card) => shownHand.includes(card)),
      "A's hand zone shows A's cards",
    );
    const bobOnly = bobThen
      ? Object.keys(bobThen.observation.hand ?? {}).filter((card) => !(card in (annLast.observation.hand ?? {})))
      : [];
    check(bobThen !== undefined && bobOnly.length > 0, 'B held cards A did not, at a version both saw');
    check(
      bobOnly.every((card) => !shownHand.includes(card)),
      `A's hand zone shows none of B's own cards (${bobOnly.join(', ')})`,
    );
    const domA = await pages[0].content();
    check(!domA.includes('Your hand (Bob)') && domA.includes('Your hand (Ann)'), "A's page shows A's hand and not B's");
    await shot(pages[0], 'two-players-A');
    for (const page of pages) await page.context().close();
    console.log('ok two players at one table');
  }

  // People at a timed table, in two browsers: names, clocks, chat, a clock that
  // runs out and a seat taken back, a leave and a return, a rematch, My games
  // after the browser is closed and opened again.
  if (!only || only === 'bye-bye') {
    const t0 = Date.now();
    const named = async (name) => {
      const context = await browser.newContext({ viewport: DESKTOP });
      await context.addInitScript(FAST);
      await context.addInitScript((n) => window.localStorage.setItem('bw-name', n), name);
      return context;
    };
    const ann = await named('Ann'),
      bob = await named('Bob');
    // The lobby: a clock and who plays for someone who leaves, chosen with the seats.
    const lobby = await ann.newPage();
    await lobby.goto(`${base}/`);
    await lobby.click('button[data-game="bye-bye"]');
    await lobby.selectOption('#player-count', '2');
    await lobby.locator('.seat-select').nth(1).selectOption('friend');
    await lobby.selectOption('#time-control', 'clock-5-5');
    check((await lobby.locator('#your-name').inputValue()) === 'Ann', 'the lobby remembers the name');
    await shot(lobby, 'lobby-time-control-desktop');
    await lobby.close();

    // The table is made through the API with a short clock, so that it runs out within the run:
    // 6 s a decision, a bot after 2 s away, the two people named by themselves on joining.
    const reply = await (
      await fetch(`${base}/api/tables`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          game: 'bye-bye',
          params: { start_player: 1 },
          seats: [{}, {}],
          time: { per_move: 6 },
          away_after: 2,
          stand_in: 'random',
        }),
      })
    ).json();
    const annPage = await ann.newPage(),
      bobPage = await bob.newPage();
    await annPage.goto(`${base}${reply.invites[0].url}`);
    await bobPage.goto(`${base}${reply.invites[1].url}`);
    await annPage.waitForSelector('.board');
    await bobPage.waitForSelector('.board');
    // Ann starts: her tab says so, Bob's does not (the title follows the state the page shows).
    await annPage
      .waitForFunction(() => document.title.startsWith('● Your turn'), null, { timeout: 3000 })
      .catch(() => {});
    check(/^● Your turn/.test(await annPage.title()), `the tab title says it is Ann's turn (${await annPage.title()})`);
    check(!/Your turn/.test(await bobPage.title()), `Bob's tab title does not (${await bobPage.title()})`);
    const presenceOf = (page) => page.locator('.presence').innerText();
    await annPage
      .waitForFunction(() => /● Bob/.test(document.querySelector('.presence')?.textContent ?? ''), null, {
        timeout: 5000,
      })
      .catch(() => {});
    const seen = await presenceOf(annPage);
    check(/● Ann/.test(seen) && /● Bob/.test(seen), `each person named their own seat on joining (${seen})`);
    await annPage.waitForSelector('.presence .clock.running', { timeout: 5000 }).catch(() => {});
    check((await annPage.locator('.presence .clock').count()) === 2, 'each seat shows its clock');
    check((await annPage.locator('.presence .clock.running').count()) === 1, 'the clock of the seat to move runs');

    // Chat: a line from each; text stays text.
    await annPage.fill('#chat-input', 'good luck, Bob <b>!</b>');
    await annPage.press('#chat-input', 'Enter');
    await bobPage.waitForFunction(
      () => document.querySelector('.chat-lines')?.textContent?.includes('good luck'),
      null,
      {
        timeout: 5000,
      },
    );
    check(
      (await bobPage.locator('.chat-lines b').count()) === 0 &&
        (await bobPage.locator('.chat-lines').innerText()).includes('<b>!</b>'),
      'a chat line is shown as text, never as HTML',
    );
    await bobPage.fill('#chat-input', 'you too');
    await bobPage.press('#chat-input', 'Enter');
    await annPage.waitForFunction(() => document.querySelector('.chat-lines')?.textContent?.includes('you too'), null, {
      timeout: 5000,
    });
    await shot(annPage, 'people-chat-clock-desktop');
    console.log(`  chat exchanged ${((Date.now() - t0) / 1000).toFixed(1)} s in`);

    // Ann lets her clock run out: a bot plays her seat until she takes it back.
    await annPage.waitForSelector('#take-back', { timeout: 10000 });
    const note = await bobPage
      .waitForSelector('.stand-in-note', { timeout: 5000 })
      .then((e) => e.innerText())
      .catch(() => '');
    check(/Ann ran out of time/.test(note), `Bob is told a bot plays Ann's seat (${note})`);
    await shot(annPage, 'people-stand-in-desktop');
    await annPage.click('#take-back');
    await annPage.waitForSelector('#take-back', { state: 'detached', timeout: 5000 }).catch(() => {});
    check((await annPage.locator('#take-back').count()) === 0, 'Ann took her seat back');

    // Bob leaves on his own decision, and comes back with his link.
    const bobsTurn = async () => {
      for (let step = 0; step < 200; step++) {
        if (await bobPage.locator('.end-screen').count()) return false;
        if (/^● Your turn/.test(await bobPage.title())) return true;
        if (!(await clickOneMove(annPage))) await annPage.waitForTimeout(100);
      }
      return false;
    };
    if (await bobsTurn()) {
      await bobPage.close();
      await annPage
        .waitForFunction(() => /Bob was away/.test(document.querySelector('.stand-in-note')?.textContent ?? ''), null, {
          timeout: 8000,
        })
        .catch(() => {});
      check(
        /Bob was away on their turn/.test(await annPage.locator('main').innerText()),
        'Ann is told a bot plays Bob while he is away',
      );
      await shot(annPage, 'people-away-desktop');
      const back = await bob.newPage();
      await back.goto(`${base}${reply.invites[1].url}`);
      await back.waitForSelector('.board');
      await annPage
        .waitForFunction(() => /● Bob/.test(document.querySelector('.presence')?.textContent ?? ''), null, {
          timeout: 5000,
        })
        .catch(() => {});
      check(/● Bob(?! \()/.test(await presenceOf(annPage)), 'Bob is back in his seat');
      check((await back.locator('#take-back').count()) === 0, 'returning with the link takes the seat back');
      // Both play on to the end (a slow decision is played by the bot).
      for (let step = 0; step < 2000; step++) {
        if ((await annPage.locator('.end-screen').count()) && (await back.locator('.end-screen').count())) break;
        const moved = (await clickOneMove(annPage)) || (await clickOneMove(back));
        if (!moved) await annPage.waitForTimeout(50);
      }
      check((await back.locator('.end-screen').count()) === 1, 'the timed table was played to its end');
      // Rematch: Ann asks, Bob accepts; both land on one new table with their seats.
      await annPage.click('#rematch');
      await annPage.waitForURL((url) => !url.href.includes(reply.table), { timeout: 10000 });
      await back
        .waitForFunction(
          () => /Ann asked for a rematch/.test(document.querySelector('.rematch')?.textContent ?? ''),
          null,
          {
            timeout: 5000,
          },
        )
        .catch(() => {});
      await shot(back, 'people-rematch-offer-desktop');
      await back.click('#rematch');
      await back.waitForURL((url) => !url.href.includes(reply.table), { timeout: 10000 });
      await annPage.waitForSelector('.board');
      await back.waitForSelector('.board');
      const tableOf = (page) => /\/play\/([0-9a-z-]+)/.exec(page.url())[1];
      check(tableOf(annPage) === tableOf(back), 'both people are at the same new table');
      check(
        (await annPage.locator('.who').innerText()) === 'you are Ann' &&
          (await back.locator('.who').innerText()) === 'you are Bob',
        'each keeps their seat and name at the rematch',
      );
      await shot(annPage, 'people-rematch-desktop');
    } else check(false, "Bob's turn never came");

    // The browser closed and opened again: its My games still lists the tables.
    const state = await ann.storageState();
    await ann.close();
    const reopened = await browser.newContext({ viewport: DESKTOP, storageState: state });
    const page = await reopened.newPage();
    await page.goto(`${base}/`);
    await page
      .waitForFunction(() => document.querySelectorAll('#my-games li').length >= 2, null, { timeout: 5000 })
      .catch(() => {});
    check(
      (await page.locator(`#my-games li[data-table="${reply.table}"]`).count()) === 1,
      'My games lists the table after the browser was closed and opened again',
    );
    await shot(page, 'lobby-names-my-games-desktop');
    await reopened.close();
    await bob.close();
    console.log(`ok people at a timed table: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
} catch (e) {
  failures.push(String(e?.stack ?? e));
  console.log(`FAIL ${e?.stack ?? e}`);
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(work, { recursive: true, force: true });
}

// Figures: the JS bundle gzipped, click-to-updated-board time.
latencies.sort((a, b) => a - b);
const p = (q) =>
  latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1) : 'n/a';
console.log(`bundle: ${(js / 1024).toFixed(1)} KB of JS gzipped (target < 150)`);
console.log(
  `click to updated board: ${latencies.length} clicks, median ${p(0.5)} ms, p95 ${p(0.95)} ms (target p95 < 100)`,
);
console.log(
  `clicks that met a changing page and were retried: ${missedClicks}; moves finished by a second click on the board: ${secondClicks} (of ${pickers} choices)`,
);
console.log(`accessibility scans (axe-core, WCAG 2 A/AA): ${axeScans}`);
console.log(`moves that had to be clicked in the list (no place on the board): ${listClicks}`);
check(listClicks === 0, 'every move was played on the board (list clicks: 0)');
console.log(`e2e: ${((Date.now() - started) / 1000).toFixed(0)} s, screenshots in ${out}`);
check(js < 150 * 1024, 'bundle under 150 KB gzipped');
if (failures.length) {
  console.log(`${failures.length} failure(s)`);
  process.exit(1);
}
console.log('all end-to-end checks passed');
