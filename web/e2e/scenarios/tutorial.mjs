// Learn to play: every game the server lists has a tutorial, opened from the
// lobby's card or from its how-to-play page, and played to its end by clicking
// what the coach lights up, as a newcomer would. On the way: a stray click is
// answered without a move, the coach's line changes, axe-core finds nothing at
// the start, the middle and the end, and the end leads to a real game's form.
// Pictures of each at the start, the middle (both widths, a phone's also dark) and the end.
import { DESKTOP, PHONE, accessible, fastPage, settle, shot } from '../harness.mjs';

// The scenario names no game: it plays each one the server lists.
export const GAMES = [];

const GUIDE = '.board .target.guide, .decision-bar button.guide';
const TUTORIAL_MS = 120000;

const progress = async (p) => (await p.locator('.coach-progress').innerText()).trim();

// From the lobby's card (even games) or from the how-to-play page (odd ones).
async function openTutorial(run, p, game, i) {
  if (i % 2 === 0) {
    await p.goto(`${run.base}/`);
    const card = p.locator('.game-card', { has: p.locator(`button[data-game="${game.id}"]`) });
    await Promise.all([p.waitForURL(/\?learn/), card.locator('a.learn').click()]);
  } else {
    await p.goto(`${run.base}/rules/${game.id}`);
    await Promise.all([p.waitForURL(/\?learn/), p.locator('.learn-link a').click()]);
  }
  await p.waitForSelector('.coach-line', { timeout: 15000 });
}

// A click on another lit piece plays nothing and says what the coach asks for.
async function strayClick(run, p, game) {
  const { check } = run.results;
  const other = p.locator('.board button.target:not(.guide)');
  if (!(await other.count())) return false;
  const before = await progress(p);
  await other.first().click();
  await p.waitForSelector('.coach-note', { timeout: 3000 }).catch(() => {});
  check((await p.locator('.coach-note').count()) === 1, `${game}: a stray click says what the coach asks for`);
  check((await progress(p)) === before, `${game}: a stray click plays nothing`);
  return true;
}

// The whole page at both widths, and what a phone's screen shows with the lit move in view, light
// and dark.
async function bothWidths(run, p, name) {
  await shot(run, p, `${name}-desktop`);
  await p.setViewportSize(PHONE);
  await shot(run, p, `${name}-phone`);
  await p
    .locator(GUIDE)
    .first()
    .scrollIntoViewIfNeeded({ timeout: 2000 })
    .catch(() => {});
  await settle(p);
  await p.screenshot({ path: `${run.out}/${name}-phone-screen.png` });
  await accessible(run, p, `${name} (phone)`);
  await p.emulateMedia({ colorScheme: 'dark' });
  await settle(p);
  await p.screenshot({ path: `${run.out}/${name}-phone-screen-dark.png` });
  await accessible(run, p, `${name} (phone, dark)`);
  await p.emulateMedia({ colorScheme: 'light' });
  await p.setViewportSize(DESKTOP);
}

// Clicks what is lit up until the end screen; the moves of the others play themselves
// (and, past the guided part, are skipped). Returns the learner's clicks and the lines seen.
async function playThrough(run, p, game) {
  const { check } = run.results;
  const total = Number(/of (\d+)/.exec(await progress(p))?.[1] ?? 0);
  const lines = new Set();
  let clicks = 0,
    stray = false,
    middle = false;
  const deadline = Date.now() + TUTORIAL_MS;
  while (Date.now() < deadline && !(await p.locator('.end-screen').count())) {
    lines.add(await p.locator('.coach-line').innerText());
    const guide = p.locator(GUIDE);
    if (await guide.count()) {
      if (!stray) stray = await strayClick(run, p, game);
      await guide.first().click({ timeout: 3000 });
      clicks++;
      if (!middle && clicks >= total / 2) {
        middle = true;
        await bothWidths(run, p, `tutorial-${game}-middle`);
        await settle(p); // pieces fading in are not yet at their full contrast
        await accessible(run, p, `tutorial ${game} (middle)`);
      }
    } else if (await p.locator('#tutorial-skip').count()) await p.click('#tutorial-skip');
    else await p.waitForTimeout(50);
  }
  lines.add(await p.locator('.coach-line').innerText());
  check(await p.locator('.end-screen').count(), `${game}: the tutorial reaches its end screen`);
  check(middle, `${game}: the tutorial had a middle`);
  return { clicks, total, lines };
}

export async function play(run) {
  const { check } = run.results;
  for (const [i, game] of run.games.entries()) {
    const started = Date.now();
    const p = await fastPage(run, { viewport: DESKTOP });
    await openTutorial(run, p, game, i);
    await bothWidths(run, p, `tutorial-${game.id}-start`);
    await settle(p);
    await accessible(run, p, `tutorial ${game.id} (start)`);
    const { clicks, total, lines } = await playThrough(run, p, game.id);
    // A move made of two clicks (a sheep, then its cell) counts once among the moves.
    const made = await progress(p);
    check(
      made.startsWith(`You made all ${total} of your moves`),
      `${game.id}: the learner made all ${total} moves (${made})`,
    );
    check(lines.size >= Math.min(total, 8), `${game.id}: the coach's line changes as the game goes (${lines.size})`);
    const next = p.locator('.end-screen a', { hasText: 'Play a real game' });
    check((await next.getAttribute('href')) === `/?new=${game.id}`, `${game.id}: the end leads to a real game`);
    await settle(p);
    await accessible(run, p, `tutorial ${game.id} (end)`);
    await shot(run, p, `tutorial-${game.id}-end-desktop`);
    if (i === 0) {
      await next.click();
      await p.waitForSelector('#new-table');
      const form = await p.locator('#new-table h2').innerText();
      check(form.includes(game.name), `"Play a real game" opens ${game.name}'s new-table form (${form})`);
    }
    console.log(
      `tutorial ${game.id}: ${total} moves in ${clicks} clicks, ${lines.size} coach lines, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await p.close();
  }
}
