// Every game the server lists against bots, to its end, by clicking the board
// of a phone's screen (390×844), as its board file says to play it (e2e in
// web/src/boards/<id>.ts), measuring the scrolling before each click. On the way:
// pictures at the start, the middle and the end at both widths, how to play
// beside the board, what a card does, the tab's title, the last moves marked,
// where a bid leads, undo taken back and refused, a reload and a server restart.
import {
  DESKTOP,
  PHONE,
  accessible,
  collectLatency,
  crashServer,
  createFromLobby,
  fastPage,
  playToEnd,
  restartServer,
  settle,
  shot,
  version,
} from '../harness.mjs';
import { checkReplay } from './replay.mjs';

const AT_YOUR_DECISION = '.board button.target, .decision-bar button.decision';

// A card says what it does: in its tooltip, and on a long press of a finger,
// which plays nothing. The box then closes at the next touch anywhere, and never
// takes a click meant for what it covers (issue 50: stale boxes hid the moves).
// At the person's own decision nothing else moves, so the version shows whether a move was played.
async function cardHelp(run, game, p) {
  const { check } = run.results;
  await p.waitForSelector(AT_YOUR_DECISION, { timeout: 10000 });
  const card = p.locator('.board [data-help]').first();
  check((await card.count()) > 0, `${game}: cards carry what they do`);
  if (!(await card.count())) return;
  const before = await version(p);
  // A mouse held down 700 ms (longer than a long press), let go with no click
  // (its click would rightly play the card): no box.
  await card.dispatchEvent('pointerdown', { pointerType: 'mouse', isPrimary: true });
  await p.waitForTimeout(700);
  await card.dispatchEvent('pointerup', { pointerType: 'mouse', isPrimary: true });
  check((await p.locator('.card-help').count()) === 0, `${game}: a slow mouse press opens no box`);
  // A finger held until the box shows, as a person does (a fixed hold failed on a
  // loaded machine, whose timers fire late), then lifted with the browser's click.
  await card.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
  await p.waitForSelector('.card-help', { timeout: 5000 }).catch(() => {});
  // The lift and its click in one task, as a browser sends them.
  await card.evaluate((el) => {
    el.dispatchEvent(new window.PointerEvent('pointerup', { pointerType: 'touch', isPrimary: true, bubbles: true }));
    el.click();
  });
  const shown = (await p.locator('.card-help').count()) === 1;
  check(shown, `${game}: a long press shows what the card does`);
  check((await version(p)) === before, `${game}: a long press plays nothing`);
  if (!shown) return;
  await shot(run, p, `${game}-card-help-desktop`);
  const takesClicks = await p
    .locator('.card-help')
    .evaluate((box) => window.getComputedStyle(box).pointerEvents !== 'none');
  check(!takesClicks, `${game}: the help box lets clicks through to what it covers`);
  await p.locator('header').first().dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
  await p.waitForSelector('.card-help', { state: 'detached', timeout: 2000 }).catch(() => {});
  check((await p.locator('.card-help').count()) === 0, `${game}: the next touch anywhere closes the help box`);
}

// The middle picture is taken at the person's next decision, with the others' last moves marked.
async function middleOfGame(run, game, plan, p) {
  const { check } = run.results;
  await p.waitForSelector(AT_YOUR_DECISION, { timeout: 15000 }).catch(() => {});
  if (plan.cardHelp) await cardHelp(run, game, p);
  // The tab says whose decision it is: the title and the icon change for the person's turn.
  await p.waitForFunction(() => document.title.startsWith('● Your turn'), null, { timeout: 3000 }).catch(() => {});
  const title = await p.title();
  check(title.startsWith('● Your turn — '), `${game}: the tab says it is your turn ("${title}")`);
  const marked = await p.locator('.board .last-move').count();
  check(marked > 0, `${game}: each seat's last move is marked on the board (${marked} marks)`);
  await shot(run, p, `${game}-middle-desktop`);
  await accessible(run, p, `${game} board (desktop)`);
}

// The middle on the phone the game is played on: the whole page, what the
// screen shows at the decision (scrolled to it as the person was), and a scan,
// in light and in dark mode.
async function middleOnPhone(run, game, p) {
  await p.waitForSelector(AT_YOUR_DECISION, { timeout: 15000 }).catch(() => {});
  await shot(run, p, `${game}-middle-phone`);
  await p.screenshot({ path: `${run.out}/${game}-middle-phone-screen.png` });
  await accessible(run, p, `${game} board (phone)`);
  await p.emulateMedia({ colorScheme: 'dark' });
  await settle(p);
  await p.screenshot({ path: `${run.out}/${game}-middle-phone-screen-dark.png` });
  await accessible(run, p, `${game} board (phone, dark)`);
  await p.emulateMedia({ colorScheme: 'light' });
}

// What is looked at on a desktop during a game played on a phone: the page is
// widened for it, then narrowed back to where the person had scrolled.
async function atDesktop(p, look) {
  const y = await p.evaluate(() => window.scrollY);
  await p.setViewportSize(DESKTOP);
  await look();
  await p.setViewportSize(PHONE);
  await p.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

// After the first card of a bid, every next card and "bid done" says where the sheep would land,
// and pointing at one lights that field (or the dyke's end).
async function bidPreview(run, p) {
  const { check } = run.results;
  await p.waitForSelector(AT_YOUR_DECISION, { timeout: 15000 }).catch(() => {});
  const ahead = p.locator('.board button.target:has(.ahead), .decision-bar button.decision:has(.ahead)');
  check((await ahead.count()) > 0, "hustle: the bid's next cards say where they lead");
  if (!(await ahead.count())) return;
  // Leave first: a pointer that clicked the last card may already rest where this one now is.
  await p.mouse.move(1, 1);
  await ahead.first().hover();
  // The highlight follows on the next render; wait for it rather than racing it.
  await p.waitForSelector('.track .square.preview', { timeout: 3000 }).catch(() => {});
  check((await p.locator('.track .square.preview').count()) === 1, 'hustle: pointing at a card lights its field');
  await shot(run, p, 'hustle-bid-preview-desktop');
}

// Undo against bots: choosing a field showed nothing hidden, so it is taken back and play goes on.
async function undoTakesBack(run, p) {
  const { check } = run.results;
  await p.waitForSelector(AT_YOUR_DECISION, { timeout: 10000 });
  const before = await version(p);
  await p.click('#undo');
  await p.waitForFunction((v) => (window.__bw?.version ?? -1) < v, before, { timeout: 10000 }).catch(() => {});
  check((await version(p)) < before, `undo takes the table back (version ${before} -> ${await version(p)})`);
  check((await p.locator('.log').innerText()).includes('Taken back'), 'the log says that moves were taken back');
}

// A blind draw showed a hidden card: undoing it would draw the same card again, so it is refused.
async function undoRefused(run, p) {
  const { check } = run.results;
  await p.waitForSelector(AT_YOUR_DECISION, { timeout: 10000 });
  const before = await version(p);
  await p.click('#undo');
  await p.waitForSelector('.error', { timeout: 10000 }).catch(() => {});
  const error = (await p.locator('.error').count()) ? await p.locator('.error').innerText() : '';
  check(/hidden/.test(error), `undo across a blind draw is refused with the reason (${error})`);
  check((await version(p)) === before, 'a refused undo takes nothing back');
  await shot(run, p, 'undo-refused-desktop');
}

async function reloadResumes(run, p) {
  const { check } = run.results;
  const before = await version(p);
  const logBefore = await p.locator('.log li').count();
  await p.reload();
  await p.waitForFunction((v) => (window.__bw?.version ?? -1) >= v, before, { timeout: 10000 });
  check((await version(p)) >= before, 'a reload resumes the game where it was');
  check((await p.locator('.log li').count()) >= logBefore, 'a reload keeps the move log');
}

async function serverRestart(run, p) {
  const before = await version(p);
  await crashServer(run);
  await p.waitForSelector('.conn-closed', { timeout: 10000 });
  await restartServer(run);
  await p.waitForSelector('.conn-open', { timeout: 15000 });
  run.results.check((await version(p)) >= before, 'after a server restart the page reconnects at the same game');
}

// Checks made during one particular game, after its n-th move clicked, each where its subject is.
const DURING = [
  // Hustle: a bid is several cards, each previewing where the sheep lands.
  { game: 'hustle', after: 1, check: bidPreview },
  // Black Sheep: choosing a field shows nothing hidden, so it can be taken back.
  { game: 'black-sheep', after: 1, check: undoTakesBack },
  // Bye-Bye: its first move is a blind draw, which shows a hidden card and cannot be taken back.
  { game: 'bye-bye', after: 1, check: undoRefused },
  // Any game would do for these two: one each, spread over the run.
  { game: 'bye-bye', after: 4, check: reloadResumes },
  { game: 'disguise', after: 4, check: serverRestart },
];
// Bye-Bye: any finished game would do; its record is short.
const REPLAYED = 'bye-bye';

// The games named above (run.mjs fails the run when the server lists one of them no more).
export const GAMES = [...new Set([...DURING.map((d) => d.game), REPLAYED])];

// What is looked at during a game, after the n-th move clicked (each check once).
function duringGame(run, game, plan) {
  const due = DURING.filter((d) => d.game === game);
  return async (p, n) => {
    if (n === plan.middleAfter) {
      await middleOnPhone(run, game, p);
      await atDesktop(p, () => middleOfGame(run, game, plan, p));
    }
    for (const d of due)
      if (d.after === n && !d.done) {
        d.done = true;
        await atDesktop(p, () => d.check(run, p));
      }
  };
}

async function playOneGame(run, { id: game, plan }, first) {
  const { check } = run.results;
  const t0 = Date.now();
  const page = await fastPage(run, { viewport: DESKTOP });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The person's name, typed in the lobby, names their seat on the board.
  const name = 'Ann';
  await createFromLobby(run, page, game, plan.seats, name);
  await page.waitForSelector('.board');
  check(
    (await page.locator('.board').innerText()).includes(`(${name})`),
    `${game}: the name typed in the lobby is on the board`,
  );
  await shot(run, page, `${game}-start-desktop`);
  await accessible(run, page, `${game} board at the start (desktop)`);
  await page.setViewportSize(PHONE);
  await shot(run, page, `${game}-start-phone`);
  await page.screenshot({ path: `${run.out}/${game}-start-phone-screen.png` });
  await page.setViewportSize(DESKTOP);
  if (first) {
    await page.click('text=How to play');
    await page.waitForSelector('.rules-side h2');
    check((await page.locator('.rules-side').innerText()).includes('Goal'), 'how to play opens beside the board');
    await shot(run, page, 'rules-beside-board-desktop');
    await page.click('text=Hide how to play');
  }
  // Played on a phone, as issue 50 asks of it: every click measures the scrolling before it (harness.mjs).
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  run.phoneGame = { game, focus: plan.focus };
  const moves = await playToEnd(run, page, game, duringGame(run, game, plan)).finally(() => {
    run.phoneGame = null;
  });
  await page.setViewportSize(DESKTOP);
  await shot(run, page, `${game}-end-desktop`);
  await accessible(run, page, `${game} end screen (desktop)`);
  await page.setViewportSize(PHONE);
  await shot(run, page, `${game}-end-phone`);
  const endText = await page.locator('.end-screen').innerText();
  check(
    /wins?!|Nobody wins/.test(endText) && /How it adds up/.test(endText),
    `${game}: the end screen shows the winner and the scores`,
  );
  check(!(await page.title()).startsWith('●'), `${game}: at the end the tab no longer calls (${await page.title()})`);
  check(errors.length === 0, `${game}: no script errors (${errors.join('; ')})`);
  await collectLatency(run, page, game);
  if (game === REPLAYED) await checkReplay(run, page);
  console.log(`ok ${game}: ${moves} moves clicked, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await page.close();
}

// games: the served games to play (harness.mjs, servedGames). How to play beside the board is looked at in the first.
export async function everyGameToItsEnd(run, games) {
  for (const [i, game] of games.entries()) await playOneGame(run, game, i === 0);
}
