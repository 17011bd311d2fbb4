// People at a timed table, in two browsers: names, clocks, chat, a clock that
// runs out and a seat taken back, a leave and a return, a rematch, My games
// after the browser is closed and opened again.
import { DESKTOP, FAST, accessible, clickOneMove, createByApi, shot } from '../harness.mjs';

// Bye-Bye, whose start_player parameter fixes who moves first, which the clock's steps rely on.
const GAME = 'bye-bye';
export const GAMES = [GAME];

// Until Ann's page lists Bob as here (presence is pushed on every change).
const bobHere = (annPage) =>
  annPage
    .waitForFunction(() => /● Bob/.test(document.querySelector('.presence')?.textContent ?? ''), null, {
      timeout: 5000,
    })
    .catch(() => {});
const tableOf = (page) => /\/play\/([0-9a-z-]+)/.exec(page.url())[1];

// A browser whose person gave their name before.
async function namedBrowser(run, name) {
  const context = await run.browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(FAST);
  await context.addInitScript((n) => window.localStorage.setItem('bw-name', n), name);
  return context;
}

// The lobby: a clock and who plays for someone who leaves, chosen with the seats.
async function lobbyTimeControl(run, ann) {
  const lobby = await ann.newPage();
  await lobby.goto(`${run.base}/`);
  await lobby.click(`button[data-game="${GAME}"]`);
  await lobby.selectOption('#player-count', '2');
  await lobby.locator('.seat-select').nth(1).selectOption('friend');
  await lobby.selectOption('#time-control', 'clock-5-5');
  run.results.check((await lobby.locator('#your-name').inputValue()) === 'Ann', 'the lobby remembers the name');
  await shot(run, lobby, 'lobby-time-control-desktop');
  await lobby.close();
}

// Ann starts: her tab says so, Bob's does not (the title follows the state the page shows);
// each seat has its name and its clock.
async function checkNamesAndClocks(run, annPage, bobPage) {
  const { check } = run.results;
  await annPage
    .waitForFunction(() => document.title.startsWith('● Your turn'), null, { timeout: 3000 })
    .catch(() => {});
  check(/^● Your turn/.test(await annPage.title()), `the tab title says it is Ann's turn (${await annPage.title()})`);
  check(!/Your turn/.test(await bobPage.title()), `Bob's tab title does not (${await bobPage.title()})`);
  await bobHere(annPage);
  const seen = await annPage.locator('.presence').innerText();
  check(/● Ann/.test(seen) && /● Bob/.test(seen), `each person named their own seat on joining (${seen})`);
  await annPage.waitForSelector('.presence .clock.running', { timeout: 5000 }).catch(() => {});
  check((await annPage.locator('.presence .clock').count()) === 2, 'each seat shows its clock');
  check((await annPage.locator('.presence .clock.running').count()) === 1, 'the clock of the seat to move runs');
}

// Chat: a line from each; text stays text.
async function chat(run, annPage, bobPage, t0) {
  await annPage.fill('#chat-input', 'good luck, Bob <b>!</b>');
  await annPage.press('#chat-input', 'Enter');
  await bobPage.waitForFunction(() => document.querySelector('.chat-lines')?.textContent?.includes('good luck'), null, {
    timeout: 5000,
  });
  run.results.check(
    (await bobPage.locator('.chat-lines b').count()) === 0 &&
      (await bobPage.locator('.chat-lines').innerText()).includes('<b>!</b>'),
    'a chat line is shown as text, never as HTML',
  );
  await bobPage.fill('#chat-input', 'you too');
  await bobPage.press('#chat-input', 'Enter');
  await annPage.waitForFunction(() => document.querySelector('.chat-lines')?.textContent?.includes('you too'), null, {
    timeout: 5000,
  });
  await shot(run, annPage, 'people-chat-clock-desktop');
  await accessible(run, annPage, 'a table with names, clocks and chat');
  console.log(`  chat exchanged ${((Date.now() - t0) / 1000).toFixed(1)} s in`);
}

// Ann lets her clock run out: a bot plays her seat until she takes it back.
async function clockRunsOut(run, annPage, bobPage) {
  const { check } = run.results;
  await annPage.waitForSelector('#take-back', { timeout: 10000 });
  const note = await bobPage
    .waitForSelector('.stand-in-note', { timeout: 5000 })
    .then((e) => e.innerText())
    .catch(() => '');
  check(/Ann ran out of time/.test(note), `Bob is told a bot plays Ann's seat (${note})`);
  await shot(run, annPage, 'people-stand-in-desktop');
  await annPage.click('#take-back');
  await annPage.waitForSelector('#take-back', { state: 'detached', timeout: 5000 }).catch(() => {});
  check((await annPage.locator('#take-back').count()) === 0, 'Ann took her seat back');
}

// Ann plays until it is Bob's decision; false if the game ended first.
async function untilBobsTurn(run, annPage, bobPage) {
  for (let step = 0; step < 200; step++) {
    if (await bobPage.locator('.end-screen').count()) return false;
    if (/^● Your turn/.test(await bobPage.title())) return true;
    if (!(await clickOneMove(run, annPage))) await annPage.waitForTimeout(100);
  }
  return false;
}

// Bob leaves on his own decision, and comes back with his link: the page he comes back on.
async function bobLeavesAndReturns(run, annPage, bobPage, bob, reply) {
  const { check } = run.results;
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
  await shot(run, annPage, 'people-away-desktop');
  const back = await bob.newPage();
  await back.goto(`${run.base}${reply.invites[1].url}`);
  await back.waitForSelector('.board');
  await bobHere(annPage);
  check(/● Bob(?! \()/.test(await annPage.locator('.presence').innerText()), 'Bob is back in his seat');
  check((await back.locator('#take-back').count()) === 0, 'returning with the link takes the seat back');
  return back;
}

// Both play on to the end (a slow decision is played by the bot); then Ann asks for a rematch,
// Bob accepts, and both land on one new table with their seats.
async function playOnAndRematch(run, annPage, back, reply) {
  const { check } = run.results;
  for (let step = 0; step < 2000; step++) {
    if ((await annPage.locator('.end-screen').count()) && (await back.locator('.end-screen').count())) break;
    const moved = (await clickOneMove(run, annPage)) || (await clickOneMove(run, back));
    if (!moved) await annPage.waitForTimeout(50);
  }
  check((await back.locator('.end-screen').count()) === 1, 'the timed table was played to its end');
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
  await shot(run, back, 'people-rematch-offer-desktop');
  await back.click('#rematch');
  await back.waitForURL((url) => !url.href.includes(reply.table), { timeout: 10000 });
  await annPage.waitForSelector('.board');
  await back.waitForSelector('.board');
  check(tableOf(annPage) === tableOf(back), 'both people are at the same new table');
  check(
    (await annPage.locator('.who').innerText()) === 'you are Ann' &&
      (await back.locator('.who').innerText()) === 'you are Bob',
    'each keeps their seat and name at the rematch',
  );
  await shot(run, annPage, 'people-rematch-desktop');
}

// The browser closed and opened again: its My games still lists the tables.
async function myGamesAfterRestart(run, ann, reply) {
  const state = await ann.storageState();
  await ann.close();
  const reopened = await run.browser.newContext({ viewport: DESKTOP, storageState: state });
  const page = await reopened.newPage();
  await page.goto(`${run.base}/`);
  await page
    .waitForFunction(() => document.querySelectorAll('#my-games li').length >= 2, null, { timeout: 5000 })
    .catch(() => {});
  run.results.check(
    (await page.locator(`#my-games li[data-table="${reply.table}"]`).count()) === 1,
    'My games lists the table after the browser was closed and opened again',
  );
  await shot(run, page, 'lobby-names-my-games-desktop');
  await reopened.close();
}

async function peopleAtATimedTable(run) {
  const t0 = Date.now();
  const ann = await namedBrowser(run, 'Ann'),
    bob = await namedBrowser(run, 'Bob');
  await lobbyTimeControl(run, ann);
  // The table is made through the API with a short clock, so that it runs out within the run:
  // 6 s a decision, a bot after 2 s away, the two people named by themselves on joining.
  const reply = await createByApi(run, {
    game: GAME,
    params: { start_player: 1 },
    seats: [{}, {}],
    time: { per_move: 6 },
    away_after: 2,
    stand_in: 'random',
  });
  const annPage = await ann.newPage(),
    bobPage = await bob.newPage();
  await annPage.goto(`${run.base}${reply.invites[0].url}`);
  await bobPage.goto(`${run.base}${reply.invites[1].url}`);
  await annPage.waitForSelector('.board');
  await bobPage.waitForSelector('.board');
  await checkNamesAndClocks(run, annPage, bobPage);
  await chat(run, annPage, bobPage, t0);
  await clockRunsOut(run, annPage, bobPage);
  if (await untilBobsTurn(run, annPage, bobPage)) {
    const back = await bobLeavesAndReturns(run, annPage, bobPage, bob, reply);
    await playOnAndRematch(run, annPage, back, reply);
  } else run.results.check(false, "Bob's turn never came");
  await myGamesAfterRestart(run, ann, reply);
  await bob.close();
  console.log(`ok people at a timed table: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export const play = peopleAtATimedTable;
