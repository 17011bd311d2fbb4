// What every scenario of the end-to-end run shares: the page built with its
// instrumentation, the server, the browser, the seeded choice of moves, the
// results (failed checks and figures), and the steps many scenarios take
// (screenshots, accessibility scans, clicking moves, a table from the lobby).
// It all travels in one `run` object, passed to each scenario and helper.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, startServer, stopServer } from './server.mjs';

export const DESKTOP = { width: 1280, height: 900 },
  PHONE = { width: 390, height: 844 };

// The page as the run serves it: `vite build --mode e2e` (only that build has window.__bw) and the
// how-to-play pages, in `dist`. Returns its JS bundle gzipped, in bytes (the production bundle less
// its few lines of instrumentation).
export function buildPage(web, dist) {
  const node = (...argv) => execFileSync(process.execPath, argv, { cwd: web, stdio: ['ignore', 'ignore', 'inherit'] });
  node(
    join(web, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--mode',
    'e2e',
    '--outDir',
    dist,
    '--emptyOutDir',
  );
  node(join(web, 'tools', 'copy-rules.mjs'), dist);
  const assets = join(dist, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => gzipSync(readFileSync(join(assets, f))).length)
    .reduce((a, b) => a + b, 0);
}

// What the run found: the failed checks, and the figures printed at the end.
export function newResults() {
  const results = {
    failures: [],
    latencies: [], // click to updated board, ms
    missedClicks: 0, // clicks that met a changing page and were tried again
    listClicks: 0, // moves that had no place on the board: must stay 0
    secondClicks: 0, // moves finished by a second click on the board…
    pickers: 0, // …of this many choices between several moves
    farthestChoice: 0, // px from a clicked card to the choice it opened (those finished in the box, not on the board)
    phone: {}, // by game: each click of a game played on a phone, and the scrolling before it (scrollToDecide)
    axeScans: 0,
    check(condition, message) {
      if (!condition) {
        results.failures.push(message);
        console.log(`FAIL ${message}`);
      }
    },
  };
  return results;
}

// mulberry32: seeded, and its low bits are as random as its high ones (an LCG's
// low bits cycle, which made every choice of two or four fall the same way).
function seededRandom(seed) {
  return (n) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) | 0;
  };
}

// The server on a free port, serving `dist`, and the browser. `work` is a temporary folder the run owns.
export async function startRun({ web, binary, out, work, dist }) {
  const port = await freePort();
  const serverOptions = { binary, port, db: join(work, 'e2e.db'), staticDir: dist };
  const server = await startServer(serverOptions);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  return {
    out,
    work,
    base: `http://127.0.0.1:${port}`,
    games: [], // what the server lists, each with the page's plan (servedGames; run.mjs sets it)
    browser,
    server,
    serverOptions,
    axeSource: readFileSync(join(web, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'),
    results: newResults(),
    random: seededRandom(12345),
  };
}

export async function endRun(run) {
  await run.browser.close();
  await stopServer(run.server);
  rmSync(run.work, { recursive: true, force: true });
}

// A crash: acknowledged moves are on disk, nothing is said to the page.
export const crashServer = (run) => stopServer(run.server, 'SIGKILL');
export async function restartServer(run) {
  run.server = await startServer(run.serverOptions);
}

// The page at rest: no piece in flight, no colour on its way (a switch to dark mode fades the zones).
export async function settle(page) {
  // Two frames first: a change of style starts its transitions at the next one.
  await page.evaluate(
    () => new Promise((done) => window.requestAnimationFrame(() => window.requestAnimationFrame(done))),
  );
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 3000 })
    .catch(() => {});
}

export async function shot(run, page, name) {
  // A picture of the board at rest, not of pieces in flight.
  await settle(page);
  await page.screenshot({ path: join(run.out, `${name}.png`), fullPage: true });
}

// axe-core (npm) in the page: every rule it runs by default (WCAG 2 A and AA
// and its best practices, such as heading order), at every impact; a finding
// fails the run, with the rule and the elements it names.
export async function accessible(run, page, label) {
  // Evaluated, not added as a <script>: the server's Content-Security-Policy rightly refuses inline scripts.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(run.axeSource);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document);
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')}`,
    );
  });
  run.results.axeScans++;
  run.results.check(found.length === 0, `${label}: no accessibility findings (${found.join('; ')})`);
}

export async function version(page) {
  return page.evaluate(() => window.__bw?.version ?? -1);
}

// One move by clicking the board: a highlighted piece or a button of the
// decision bar. The action list is clicked only when a move has no place on
// the board, and that is counted (it must not happen).
// The page may change under the click (a bot moved, an automatic pass): then
// the click times out quickly and the caller looks again.
export async function clickOneMove(run, page) {
  const { results, random } = run;
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
    const click = async (targets, i, what) => {
      const target = targets.nth(i);
      note(run, `click ${what} ${i + 1}/${await targets.count()}: ${await describe(target)}`);
      await scrollToDecide(run, page, target, what);
      await target.click({ timeout: 2000 });
    };
    if (nBoard > 0) {
      const i = random(nBoard);
      const key = await board.nth(i).getAttribute('data-key');
      await click(board, i, 'board');
      const first = key ? page.locator(`.board [data-key="${key}"]`).first() : board.nth(i);
      // Several moves there: finish on the board (a second click, e.g. where a sheep goes) or in the list.
      const picker = page.locator('.picker button.move');
      if (await picker.count()) {
        results.pickers++;
        await measureChoice(run, page, first);
        const second = page.locator('.board button.target');
        if ((await second.count()) > 0 && random(2) === 0) {
          await click(second, random(await second.count()), 'second');
          results.secondClicks++;
        } else await click(picker, random(await picker.count()), 'picker');
      }
    } else {
      results.listClicks++;
      console.log(`list click: ${await list.first().innerText()}`);
      await click(list, random(nList), 'list');
    }
  } catch {
    results.missedClicks++;
    run.lastMiss = await whatCovers(page, nBoard > 0 ? board : list);
    return false;
  }
  await page.waitForFunction((v) => (window.__bw?.version ?? -1) > v, before, { timeout: 10000 }).catch(() => {});
  return true;
}

// A choice between a card's moves opens beside the card (issue 50: it opened in
// the side panel, far from the card); a choice finished by a second click on
// the board may stay aside, out of the way of the places it lights.
async function measureChoice(run, page, card) {
  const box = page.locator('.picker');
  if ((await box.innerText()).includes('or click where it goes')) return;
  const [a, b] = [await card.boundingBox(), await box.boundingBox()];
  if (!a || !b) return;
  const dx = Math.max(0, b.x - (a.x + a.width), a.x - (b.x + b.width));
  const dy = Math.max(0, b.y - (a.y + a.height), a.y - (b.y + b.height));
  const far = Math.round(Math.hypot(dx, dy));
  if (far > run.results.farthestChoice) {
    run.results.farthestChoice = far;
    run.results.farthestChoiceAt = `${await describe(card)}, ${page.viewportSize()?.width ?? '?'} px wide`;
  }
  if (!run.choicePictured) {
    run.choicePictured = true;
    await shot(run, page, `choice-beside-card-${page.viewportSize().width > PHONE.width ? 'desktop' : 'phone'}`);
  }
}

// Issue 50, the phone on one screen: before each click of a game played on a
// phone (run.phoneGame: the game and its plan's focus, what of the board its
// decisions need), how far a person scrolls from where the page was left to see
// that part of the board, and then the card or button that makes the decision,
// clear of what is fixed on the screen (the decision bar, a hand strip). The
// page is scrolled there as a person would, so the click scrolls nothing more;
// every scroller moved counts (the window and any scrolling box around the target).
async function scrollToDecide(run, page, target, what) {
  const measured = run.phoneGame;
  if (!measured || (page.viewportSize()?.width ?? Infinity) > PHONE.width) return;
  const moved = await target.evaluate(scrollTo, measured.focus).catch(() => null);
  if (!moved) return;
  const clicks = (run.results.phone[measured.game] ??= []);
  clicks.push({ what, ...moved, label: await describe(target) });
}

// In the page: scroll to the focus, then to `el`; how far each scroll went and
// whether the focus is still in view beside `el`. A part of the focus held in
// something fixed or stuck (a hand strip) is on the screen wherever the page is.
function scrollTo(el, focus) {
  const root = document.scrollingElement ?? document.documentElement;
  const scrollers = [root];
  for (let a = el.parentElement; a && a !== root && a !== document.body; a = a.parentElement) {
    const s = window.getComputedStyle(a);
    if (/auto|scroll/.test(`${s.overflowX} ${s.overflowY}`)) scrollers.push(a);
  }
  const at = () => scrollers.flatMap((s) => [s.scrollLeft, s.scrollTop]);
  const distance = (a, b) => Math.round(a.reduce((sum, x, i) => sum + Math.abs(x - b[i]), 0));
  const height = window.innerHeight;
  // What covers the window's top or bottom edge: fixed boxes, and sticky ones while stuck to an edge.
  const covers = () =>
    [...document.querySelectorAll('body *')].flatMap((o) => {
      const style = window.getComputedStyle(o);
      if (style.position !== 'fixed' && style.position !== 'sticky') return [];
      const r = o.getBoundingClientRect();
      if (!r.width || !r.height || r.bottom <= 0 || r.top >= height) return [];
      const stuck = (edge, gap) => style[edge] !== 'auto' && Math.abs(gap - parseFloat(style[edge])) < 1.5;
      const low = style.position === 'fixed' ? r.top + r.height / 2 > height / 2 : stuck('bottom', height - r.bottom);
      if (style.position === 'sticky' && !low && !stuck('top', r.top)) return [];
      return [{ o, low, r }];
    });
  // The band of the window left clear for these elements by what covers it (not counting what holds them).
  const clear = (els, over = covers()) => {
    let top = 0,
      bottom = height;
    for (const { o, low, r } of over) {
      if (els.some((e) => o.contains(e) || e.contains(o))) continue;
      if (low) bottom = Math.min(bottom, r.top);
      else top = Math.max(top, r.bottom);
    }
    return { top, bottom };
  };
  // How far to scroll so that [from, to] shows within [lo, hi] (its start, when it cannot all show).
  const need = (from, to, lo, hi) => (to - from > hi - lo || from < lo ? from - lo : to > hi ? to - hi : 0);
  const box = (els) => {
    const rects = els.map((e) => e.getBoundingClientRect());
    return {
      top: Math.min(...rects.map((r) => r.top)),
      bottom: Math.max(...rects.map((r) => r.bottom)),
      left: Math.min(...rects.map((r) => r.left)),
      right: Math.max(...rects.map((r) => r.right)),
    };
  };
  const shown = [...document.querySelectorAll(focus)].filter((e) => e.getBoundingClientRect().height > 0);
  const pinned = (e, over) => over.some(({ o }) => o.contains(e));
  const start = at();
  const over = covers();
  const parts = shown.filter((e) => !pinned(e, over)); // the parts that scroll with the page
  if (parts.length) {
    const [u, w] = [box(parts), clear(parts, over)];
    const [left, top] = [need(u.left, u.right, 0, window.innerWidth), need(u.top, u.bottom, w.top, w.bottom)];
    window.scrollBy({ left, top, behavior: 'instant' });
  }
  const seen = at();
  if (pinned(el, over)) {
    // On the screen wherever the page is: only the box it scrolls in (a tall decision bar) may have to move.
    const c = scrollers[1] ?? root; // the nearest box around it that scrolls
    const [r, b] = [el.getBoundingClientRect(), c.getBoundingClientRect()];
    if (c !== root) c.scrollTop += need(r.top, r.bottom, b.top, b.bottom);
  } else {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    const [r, w] = [el.getBoundingClientRect(), clear([el])];
    window.scrollBy({ top: need(r.top, r.bottom, w.top, w.bottom), behavior: 'instant' });
  }
  const together = shown.every((e) => {
    const [b, band] = [e.getBoundingClientRect(), clear([e])];
    return b.top >= band.top - 1 && b.bottom <= band.bottom + 1 && b.left >= -1 && b.right <= window.innerWidth + 1;
  });
  return { toFocus: distance(start, seen), toTarget: distance(seen, at()), together };
}

// The scrolling before each click of the games played on a phone, per game.
function phoneFigures(results) {
  for (const [game, clicks] of Object.entries(results.phone)) {
    const px = clicks.map((c) => c.toFocus + c.toTarget);
    const total = px.reduce((a, b) => a + b, 0);
    const scrolled = px.filter((d) => d > 0).length;
    const apart = clicks.filter((c) => !c.together).length;
    console.log(
      `  ${game}: ${clicks.length} clicks, ${scrolled} needed a scroll, ${total} px in all ` +
        `(${(total / Math.max(1, clicks.length)).toFixed(0)} px per click, most ${Math.max(0, ...px)} px); ` +
        `the board it needs off screen beside the click: ${apart}`,
    );
  }
}

// A target in a few words: its label as a screen reader hears it.
async function describe(target) {
  return target
    .evaluate((e) => (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80))
    .catch(() => '(gone)');
}

// For a click that did not land: the first target and the element on top of
// its middle (what a person would see in the way), for the stuck report.
async function whatCovers(page, targets) {
  return targets
    .first()
    .evaluate((target) => {
      const box = target.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      const describe = (e) =>
        e
          ? `<${e.tagName.toLowerCase()} class="${e.className}"> "${(e.textContent ?? '').trim().slice(0, 40)}"`
          : 'nothing';
      return `target ${describe(target)} at ${Math.round(box.x)},${Math.round(box.y)}; on top: ${top === target || target.contains(top) ? 'the target itself' : describe(top)}`;
    })
    .catch((error) => `no target to inspect (${String(error).split('\n')[0]})`);
}

// A game that makes no progress for this long is stuck (a covered target, a
// lost frame): it fails at once, saying what was in the way, rather than
// spending its 3000 steps until ctest's timeout.
const STUCK_MS = 90000;

// Plays until the end screen; calls during(page, moves) after each move.
export async function playToEnd(run, page, label, during = async () => {}) {
  let moves = 0;
  let seen = -1,
    since = Date.now();
  for (let step = 0; step < 3000; step++) {
    if (await page.locator('.end-screen').count()) return moves;
    const now = await version(page);
    if (now !== seen) [seen, since] = [now, Date.now()];
    else if (Date.now() - since > STUCK_MS) {
      await shot(run, page, `${label.replace(/[^a-z0-9-]+/gi, '-')}-stuck`).catch(() => {});
      throw new Error(
        `${label}: stuck at version ${now} for ${STUCK_MS / 1000} s; last missed click: ${run.lastMiss ?? 'none'}; ` +
          `the last steps:\n  ${(run.trail ?? []).join('\n  ')}`,
      );
    }
    const handOver = page.locator('#hand-over-ok');
    if (await handOver.count()) {
      await handOver.click();
      continue;
    }
    if (await clickOneMove(run, page)) {
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

// Bot moves at once: most scenarios play whole games. The pacing a person
// gets by default is checked on its own (scenarios/pacing.mjs).
export const FAST = () => window.localStorage.setItem('bw-fast-bots', '1');
export async function fastPage(run, options) {
  const page = await run.browser.newPage(options);
  await page.addInitScript(FAST);
  keepTrail(run, page);
  return page;
}

// The last steps of a page (clicks, and what its socket sent and heard), for
// the report of a game that stopped moving.
const TRAIL_LENGTH = 16;
function note(run, line) {
  run.trail = [...(run.trail ?? []).slice(1 - TRAIL_LENGTH), `${new Date().toISOString().slice(11, 23)} ${line}`];
}
function keepTrail(run, page) {
  page.on('websocket', (socket) => {
    socket.on('framesent', (f) => note(run, `sent ${String(f.payload).slice(0, 160)}`));
    socket.on('framereceived', (f) => {
      const text = String(f.payload);
      const type = /"type":"([a-z-]+)"/.exec(text)?.[1] ?? '?';
      const version = /"version":(\d+)/.exec(text)?.[1] ?? '';
      note(run, `heard ${type} ${version} ${type === 'error' ? text.slice(0, 200) : ''}`);
    });
    socket.on('close', () => note(run, 'socket closed'));
  });
}

export async function createFromLobby(run, page, game, seats, name = '') {
  await page.goto(`${run.base}/`);
  await page.click(`button[data-game="${game}"]`);
  await page.fill('#your-name', name);
  await page.selectOption('#player-count', String(seats.length));
  const selects = page.locator('.seat-select');
  for (let i = 0; i < seats.length; i++) await selects.nth(i).selectOption(seats[i]);
  await Promise.all([page.waitForURL(/\/play\//), page.click('#create')]);
  await page.waitForSelector('#turn-line, #hand-over-ok'); // hot-seat may open on a hand-over
}

// The games the run plays: what the server lists (GET /api/games), each with
// how the page says to play it (window.__bw.games, web/src/boards/index.ts).
// A listed game the page does not know fails the run's check and is left out.
export async function servedGames(run) {
  const { games } = await (await fetch(`${run.base}/api/games`)).json();
  const page = await fastPage(run, { viewport: DESKTOP });
  await page.goto(`${run.base}/`);
  const plans = await page.evaluate(() => window.__bw?.games ?? {});
  await page.close();
  const unknown = games.filter((g) => !plans[g.id]).map((g) => g.id);
  run.results.check(unknown.length === 0, `the page knows every game the server lists (not: ${unknown.join(', ')})`);
  return games.filter((g) => plans[g.id]).map((g) => ({ ...g, plan: plans[g.id] }));
}

// A table made through the API (POST /api/tables), for what the lobby cannot choose: its reply.
export async function createByApi(run, request) {
  const response = await fetch(`${run.base}/api/tables`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  return response.json();
}

// Each game's own figures are printed too: which board is slow, when one is.
export async function collectLatency(run, page, game) {
  const mine = await page.evaluate(() => window.__bw?.latencies ?? []);
  run.results.latencies.push(...mine);
  if (game && mine.length) {
    const sorted = [...mine].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
    console.log(`  ${game}: click to updated board, ${sorted.length} clicks, median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  }
}

// The figures: the JS bundle gzipped, click-to-updated-board time, and the checks made on them.
export function summarize(run, jsGzipped, seconds) {
  const { results } = run;
  const latencies = [...results.latencies].sort((a, b) => a - b);
  const p = (q) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1) : 'n/a';
  console.log(`bundle: ${(jsGzipped / 1024).toFixed(1)} KB of JS gzipped (target < 150)`);
  console.log(
    `click to updated board: ${latencies.length} clicks, median ${p(0.5)} ms, p95 ${p(0.95)} ms (target p95 < 100)`,
  );
  console.log(
    `clicks that met a changing page and were retried: ${results.missedClicks}; moves finished by a second click on the board: ${results.secondClicks} (of ${results.pickers} choices)`,
  );
  console.log(
    `accessibility scans (axe-core, every default rule, any impact; each must find nothing): ${results.axeScans}`,
  );
  console.log(`moves that had to be clicked in the list (no place on the board): ${results.listClicks}`);
  if (Object.keys(results.phone).length) {
    console.log(
      `phone (${PHONE.width}×${PHONE.height}): scrolling before each click, to the board it needs, then to it:`,
    );
    phoneFigures(results);
    writeFileSync(join(run.out, 'phone-scroll.json'), JSON.stringify(results.phone, null, 1));
  }
  results.check(
    results.farthestChoice <= 40,
    `a choice between a card's moves opens beside the card (farthest: ${results.farthestChoice} px${results.farthestChoiceAt ? `, ${results.farthestChoiceAt}` : ''})`,
  );
  results.check(results.listClicks === 0, 'every move was played on the board (list clicks: 0)');
  console.log(`e2e: ${seconds.toFixed(0)} s, screenshots in ${run.out}`);
  results.check(jsGzipped < 150 * 1024, 'bundle under 150 KB gzipped');
}
