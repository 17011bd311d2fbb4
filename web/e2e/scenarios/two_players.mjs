// Two players at one table: A's page never holds B's hand, in what it
// receives or in what it draws; each sees who is at the table.
import { DESKTOP, FAST, clickOneMove, createByApi, shot } from '../harness.mjs';

// Each seat's page, and the frames its WebSocket received.
async function openSeats(run, reply) {
  const pages = [],
    frames = [[], []];
  for (const seat of [0, 1]) {
    const context = await run.browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(FAST);
    const page = await context.newPage();
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames[seat].push(String(f.payload))));
    await page.goto(`${run.base}${reply.invites[seat].url}`);
    await page.waitForSelector('.board');
    pages.push(page);
  }
  return { pages, frames };
}

// Each sees who is at the table: the other person connected, the bot as a bot (pushed on every change).
async function checkPresence(run, page) {
  await page
    .waitForFunction(() => document.querySelector('.presence')?.textContent?.includes('● Bob'), null, {
      timeout: 3000,
    })
    .catch(() => {});
  const present = (await page.locator('.presence').count()) ? await page.locator('.presence').innerText() : '';
  run.results.check(
    present.includes('● Bob') && present.includes('P3 (bot)'),
    `A's page shows who is at the table (${present.replace(/\s+/g, ' ')})`,
  );
}

const statesOf = (frames) => frames.map((f) => JSON.parse(f)).filter((f) => f.type === 'state');

// A's latest state, B's state at the same version and the cards only B held then. The two sockets
// deliver a version at slightly different moments, and at some versions B's kinds of card are all
// among A's: wait for B's frame, and play on (both pages) until B holds a card A does not, so the
// check below always has something to look for.
async function sharedMoment(run, pages, frames) {
  for (let tries = 0; ; tries++) {
    await pages[0].waitForTimeout(tries === 0 ? 0 : 250);
    const annStates = statesOf(frames[0]);
    const annLast = annStates[annStates.length - 1];
    const bobThen = statesOf(frames[1])
      .filter((f) => f.version === annLast?.version)
      .pop();
    const bobOnly = bobThen
      ? Object.keys(bobThen.observation.hand ?? {}).filter((card) => !(card in (annLast.observation.hand ?? {})))
      : [];
    if ((bobThen && bobOnly.length > 0) || tries >= 20) return { annStates, annLast, bobThen, bobOnly };
    if (bobThen && tries % 4 === 3) for (const page of pages) await clickOneMove(run, page);
  }
}

async function checkPrivacy(run, pages, frames) {
  const { check } = run.results;
  const page = pages[0];
  const { annStates, annLast, bobThen, bobOnly } = await sharedMoment(run, pages, frames);
  check(annStates.length > 0 && annStates.every((f) => f.seat === 0), 'A receives only seat 0 states');
  check(
    annStates.every((f) => (f.observation.seats ?? []).every((s) => !('hand' in s))),
    "A's frames hold no other seat's hand",
  );
  // A's page draws A's hand, and none of the cards only B holds at that moment.
  const shownHand = await page.locator('[data-zone="hand"]').innerText();
  check(
    Object.keys(annLast.observation.hand ?? {}).every((card) => shownHand.includes(card)),
    "A's hand zone shows A's cards",
  );
  check(
    bobThen !== undefined && bobOnly.length > 0,
    `B held cards A did not, at a version both saw (A at v${annLast?.version}, B ${bobThen ? 'there' : 'not there'})`,
  );
  check(
    bobOnly.every((card) => !shownHand.includes(card)),
    `A's hand zone shows none of B's own cards (${bobOnly.join(', ')})`,
  );
  const domA = await page.content();
  check(!domA.includes('Your hand (Bob)') && domA.includes('Your hand (Ann)'), "A's page shows A's hand and not B's");
}

// Disguise, whose hidden hands cards move between (stolen, swapped, passed on an Attack):
// the hardest place to keep B's hand off A's page.
const GAME = 'disguise';
export const GAMES = [GAME];

async function twoPlayers(run) {
  const reply = await createByApi(run, {
    game: GAME,
    seats: [{ name: 'Ann' }, { name: 'Bob' }, { agent: 'random' }],
  });
  const { pages, frames } = await openSeats(run, reply);
  for (let round = 0; round < 12; round++) {
    for (const page of pages) await clickOneMove(run, page);
  }
  await checkPresence(run, pages[0]);
  await checkPrivacy(run, pages, frames);
  await shot(run, pages[0], 'two-players-A');
  for (const page of pages) await page.context().close();
  console.log('ok two players at one table');
}

export const play = twoPlayers;
