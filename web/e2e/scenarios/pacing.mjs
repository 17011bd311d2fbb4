// Bots are paced for a person: by default each bot move stays on screen for a
// moment, and "fast" shows the rest at once; a scored field stays before it
// clears; asked for reduced motion, nothing moves.
import { DESKTOP, accessible, clickOneMove, createByApi, createFromLobby, fastPage, shot } from '../harness.mjs';

// Bye-Bye, whose bots' moves come quickly and move pieces between hands; Black
// Sheep, the game whose fields are scored on the board.
const QUICK = 'bye-bye',
  SCORING = 'black-sheep';
export const GAMES = [QUICK, SCORING];

async function botsArePaced(run) {
  const { check } = run.results;
  const page = await run.browser.newPage({ viewport: DESKTOP });
  await createFromLobby(run, page, QUICK, ['you', 'random', 'random', 'random']);
  for (let step = 0; step < 80; step++) {
    const shown = await page.evaluate(() => window.__bw.shown);
    if (shown.filter((s) => !s.mine).length >= 12 && shown.some((s) => s.mine)) break;
    if (!(await clickOneMove(run, page))) await page.waitForTimeout(200);
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
  // The loop above may stop between two decisions of the person's own (nobody else moved in between, so
  // nothing is due): play on until others have moved and it is the person's turn again.
  let sinceLines = 0;
  for (let step = 0; step < 150 && sinceLines === 0; step++) {
    sinceLines = await page.locator('.since li').count();
    if (sinceLines === 0 && !(await clickOneMove(run, page))) await page.waitForTimeout(200);
  }
  check(sinceLines > 0, 'at your turn, the page says what others did since your last move');
  await shot(run, page, 'since-last-move-desktop');
  await page.click('.fast-bots input');
  check(
    await page.evaluate(() => window.localStorage.getItem('bw-fast-bots') === '1'),
    'the fast switch is remembered',
  );
  await coachMeter(run, page);
  await spectatorMeter(run);
  const glides = await page.evaluate(() => window.__bw.glides);
  check(glides > 0, `pieces glide to their new place or fade in (${glides} animations)`);
  await page.close();
  console.log(`ok bots are paced; ${glides} pieces glided or faded in`);
}

// The coach's meter at this table of one person and bots: turned on, it shows every seat's chance (whole
// percents adding up to 100, the person's own marked), follows the moves, and the browser remembers it.
async function coachMeter(run, page) {
  const { check } = run.results;
  await page.click('#coach-meter-on');
  await page.waitForSelector('.meter-rows li', { timeout: 20000 });
  const first = await page.$$eval('.meter-rows li', (rows) =>
    rows.map((row) => ({ chance: Number(row.dataset.chance), you: row.classList.contains('you') })),
  );
  const sum = first.reduce((total, row) => total + row.chance, 0);
  check(
    first.length === 4 && sum === 100 && first.filter((row) => row.you).length === 1,
    `the coach's meter shows 4 seats adding up to 100% with yours marked (${JSON.stringify(first)})`,
  );
  await shot(run, page, 'coach-meter-desktop');
  await accessible(run, page, 'the table with the coach meter');
  const summary = await page.getAttribute('.meter-rows', 'aria-label');
  let followed = false;
  for (let step = 0; step < 40 && !followed; step++) {
    if (!(await clickOneMove(run, page))) await page.waitForTimeout(200);
    const now = await page.getAttribute('.meter-rows:not(.updating)', 'aria-label', { timeout: 20000 });
    followed = now !== null && (await page.evaluate(() => window.__bw.shown.length)) > 0 && now !== summary;
  }
  check(followed, "the coach's meter reads again after the moves");
  check(
    await page.evaluate(() => window.localStorage.getItem('bw-coach-meter') === '1'),
    "the coach's meter is remembered",
  );
  console.log(`ok coach meter: ${JSON.stringify(first)}`);
}

// A spectator of a table where one person plays with bots reads the public meter: no seat is "you".
async function spectatorMeter(run) {
  const { check } = run.results;
  const reply = await createByApi(run, { game: QUICK, seats: [{}, { agent: 'random' }, { agent: 'random' }] });
  const page = await run.browser.newPage({ viewport: DESKTOP });
  await page.goto(`${run.base}${reply.spectator.url}`);
  await page.waitForSelector('#coach-meter-on');
  if (!(await page.isChecked('#coach-meter-on'))) await page.click('#coach-meter-on');
  await page.waitForSelector('.meter-rows li', { timeout: 20000 });
  const rows = await page.$$eval('.meter-rows li', (items) =>
    items.map((row) => ({ chance: Number(row.dataset.chance), you: row.classList.contains('you') })),
  );
  const title = await page.textContent('#coach-meter-title');
  check(
    rows.length === 3 && rows.reduce((total, row) => total + row.chance, 0) === 100 && !rows.some((row) => row.you),
    `a spectator's meter shows 3 seats from the public view, none marked as theirs (${title}: ${JSON.stringify(rows)})`,
  );
  await accessible(run, page, "a spectator's page with the meter");
  await shot(run, page, 'spectator-meter-desktop');
  await page.close();
  console.log(`ok spectator meter: ${JSON.stringify(rows)}`);
}

// A Black Sheep field that scores stays on the board, as it stood and with its winner, before it clears.
async function scoredFieldStays(run) {
  const scoring = await run.browser.newPage({ viewport: DESKTOP });
  // Four seats, three of them bots: most scorings by a bot are followed by another bot's move.
  await createFromLobby(run, scoring, SCORING, ['you', 'random', 'random', 'random']);
  // Measured between two bot moves (a person's own click shows the next move at once).
  let held = null;
  let pictured = false;
  for (let step = 0; step < 900 && held === null; step++) {
    const shown = await scoring.evaluate(() => window.__bw.shown);
    const at = shown.findIndex((s, i) => s.scored && !s.mine && i + 1 < shown.length && !shown[i + 1].mine);
    if (at >= 0) held = shown[at + 1].at - shown[at].at;
    else if (!(await clickOneMove(run, scoring))) await scoring.waitForTimeout(200);
    if (!pictured && (await scoring.locator('.zone.scored').count())) {
      await shot(run, scoring, `${SCORING}-scored-desktop`);
      pictured = true;
    }
  }
  run.results.check(held !== null && held >= 1500, `a scored field stays before it clears (${held?.toFixed(0)} ms)`);
  await scoring.close();
  console.log(`ok a scored field stayed ${held?.toFixed(0)} ms`);
}

// Asked for reduced motion, the same game moves nothing.
async function reducedMotion(run) {
  const { check } = run.results;
  const still = await fastPage(run, { viewport: DESKTOP, reducedMotion: 'reduce' });
  // A name with markup in it is shown as text, never as HTML.
  await createFromLobby(run, still, QUICK, ['you', 'random', 'random'], 'Bo <i>b</i>');
  await still.waitForSelector('.board');
  check(
    (await still.locator('body').innerText()).includes('Bo <i>b</i>') && (await still.locator('#app i').count()) === 0,
    'a name with markup in it is shown as text',
  );
  let played = 0;
  for (let step = 0; step < 60 && played < 8; step++)
    if (await clickOneMove(run, still)) played++;
    else await still.waitForTimeout(200);
  const stillGlides = await still.evaluate(() => window.__bw.glides);
  check(played >= 8 && stillGlides === 0, `prefers-reduced-motion: ${played} moves, ${stillGlides} animations`);
  await still.close();
  console.log(`ok reduced motion: ${played} moves, ${stillGlides} animations`);
}

async function pacing(run) {
  await botsArePaced(run);
  await scoredFieldStays(run);
  await reducedMotion(run);
}

export const play = pacing;
