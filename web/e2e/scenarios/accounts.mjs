// An account (docs/protocol.md, "Accounts", "A seat and an account"): a
// person creates one, makes a table from the lobby and sits at it; on a
// second device they sign in and open the table with no link, in their
// seat under their name; a guest without the link is kept out; the account
// page lists the game; signing out ends it. Then meeting people ("Meeting
// people"): two accounts seated by Play now play a rated game to its end,
// with who is online and a third device on the way; an open seat is taken
// from the lobby.
import { DESKTOP, PHONE, accessible, clickOneMove, fastPage, shot } from '../harness.mjs';

// Any game with two seats would do: Bye-Bye, as in the other scenarios of
// people (and the table with an open seat); the rated game, seated by Play
// now, is Black Sheep at three players (the shortest), the third a bot.
const GAME = 'bye-bye';
const RATED_GAME = 'black-sheep';
export const GAMES = [GAME, RATED_GAME];
const PASSWORD = 'grass is greener';

async function fillAndSubmit(page, form, name, password) {
  await page.fill(`#${form}-name`, name);
  await page.fill(`#${form}-password`, password);
  await page.click(`#${form}-form button[type="submit"]`);
}

async function accountOnTwoDevices(run) {
  const { check } = run.results;
  const desk = await fastPage(run, { viewport: DESKTOP });
  await desk.goto(`${run.base}/account`);
  await desk.waitForSelector('#create-form');
  await accessible(run, desk, 'the account page, signed out');
  await shot(run, desk, 'account-signed-out-desktop');
  // A name that is a bot's is refused, in the server's words, and nothing is lost from the form.
  await fillAndSubmit(desk, 'create', 'Medium', PASSWORD);
  const refusal = await desk.locator('#create-form .error').innerText();
  check(/kept for bots/.test(refusal), `a bot's name is refused in words (${refusal})`);
  check((await desk.inputValue('#create-password')) === PASSWORD, 'a refused form keeps what was typed');
  await fillAndSubmit(desk, 'create', 'Ann', PASSWORD);
  await desk.waitForSelector('.signed-in');
  check((await desk.locator('.signed-in').innerText()).includes('Ann'), 'a new account is signed in at once');

  // The lobby says who is signed in; a table made there seats Ann under her account's name.
  await desk.goto(`${run.base}/`);
  await desk.waitForFunction(() => document.querySelector('#who')?.textContent.includes('Ann'));
  await desk.click(`button[data-game="${GAME}"]`);
  await desk.locator('.seat-select').nth(1).selectOption('friend');
  await desk.click('#create');
  await desk.waitForSelector('#go-to-table');
  await Promise.all([desk.waitForURL(/\/play\//), desk.click('#go-to-table')]);
  await desk.waitForSelector('.board');
  const table = /\/play\/([0-9a-z-]+)/.exec(desk.url())[1];
  await desk.waitForFunction(() => document.querySelector('.who')?.textContent.includes('Ann'), null, {
    timeout: 10000,
  });
  check(true, 'the seat Ann opened carries her account name');

  // A phone: signed in as Ann, the table's address with no link opens her seat.
  const phone = await fastPage(run, { viewport: PHONE });
  await phone.goto(`${run.base}/account?next=/play/${table}`);
  await fillAndSubmit(phone, 'sign-in', 'ann', PASSWORD); // names compare case-folded
  await phone.waitForURL(new RegExp(`/play/${table}$`));
  await phone.waitForSelector('.board');
  const who = await phone.locator('.who').innerText();
  check(who.includes('Ann'), `on a second device, signed in, the table opens in Ann's seat (${who})`);
  await shot(run, phone, 'account-second-device-phone');

  // A guest with only the address is kept out of a private table, and told why.
  const guest = await fastPage(run, { viewport: DESKTOP });
  await guest.goto(`${run.base}/play/${table}`);
  await guest.waitForFunction(() => /private/.test(document.body.innerText), null, { timeout: 10000 });
  check(true, 'a guest without the link is told the table is private');

  // The account page lists the game, for every device.
  await phone.goto(`${run.base}/account`);
  await phone.waitForSelector(`#account-games li[data-table="${table}"]`);
  check(
    (await phone.locator(`#account-games li[data-table="${table}"] a`).getAttribute('href')) === `/play/${table}`,
    'the account page lists the game with its address',
  );
  check((await phone.locator('#sessions li').count()) === 2, 'the account page lists both devices');
  await accessible(run, phone, 'the account page, signed in');
  await shot(run, phone, 'account-signed-in-phone');
  // Signing out on the phone ends that session only; the desk is still Ann.
  await phone.click('#sign-out');
  await phone.waitForSelector('#sign-in-form');
  await desk.goto(`${run.base}/account`);
  await desk.waitForSelector('.signed-in');
  check((await desk.locator('#sessions li').count()) === 1, 'signing out on one device ends only its session');
  for (const p of [desk, phone, guest]) await p.context().close();
  console.log('ok an account on two devices');
}

async function signedUp(run, name, viewport = DESKTOP) {
  const page = await fastPage(run, { viewport });
  await page.goto(`${run.base}/account`);
  await fillAndSubmit(page, 'create', name, PASSWORD);
  await page.waitForSelector('.signed-in');
  return page;
}

// The Play now form filled in (src/pages/lobby/PlayNow.tsx) and sent.
async function playNow(page, { game, players, clock, botsAfter, bot = 'easy' }) {
  await page.waitForSelector('#play-now');
  await page.selectOption('#play-now-game', game);
  await page.selectOption('#play-now-players', String(players));
  await page.selectOption('#play-now-clock', clock);
  await page.selectOption('#play-now-bots-after', botsAfter);
  if (botsAfter !== 'never') await page.selectOption('#play-now-bot', bot);
  await page.click('#play-now');
  await page.waitForSelector('#play-now-waiting');
}

// Eve, on a phone, waits for a queue nobody else is in (people only): the
// panel comes back after a reload, and Cancel ends the wait.
async function eveWaitsAlone(run) {
  const { check } = run.results;
  const eve = await signedUp(run, 'Eve', PHONE);
  await eve.goto(`${run.base}/`);
  await playNow(eve, { game: GAME, players: 2, clock: '10+5', botsAfter: 'never' });
  const line = await eve.locator('#play-now-waiting').innerText();
  check(/Bye-Bye Black Sheep, 2 players, 10\+5/.test(line), `the waiting panel says what for (${line})`);
  check(/people only/.test(line), `the waiting panel says no bot will come (${line})`);
  return eve;
}

// Two accounts press Play now for the same game, players and clock; the
// matchmaker seats them at one table, the third seat a bot, after 10 s.
async function seatedByPlayNow(run, eve) {
  const { check } = run.results;
  const pages = [await signedUp(run, 'Cleo'), await signedUp(run, 'Dan')];
  const ask = { game: RATED_GAME, players: 3, clock: '5+5', botsAfter: '10' };
  for (const page of pages) {
    await page.goto(`${run.base}/`);
    await playNow(page, ask);
  }
  // Quickly, before the 10 s are up: Eve's lobby, reloaded (her own wait again, and who is
  // online with the two queues), then Cleo's panel.
  await eve.reload();
  await eve.waitForSelector('#play-now-waiting');
  await eve.waitForSelector('#online .online-queues');
  const online = await eve.locator('#online').innerText();
  check(/Cleo/.test(online) && /Dan/.test(online), `who is online names Cleo and Dan (${online})`);
  check(/2 waiting for Black Sheep, 3 players, 5\+5/.test(online), `who is online shows the queue (${online})`);
  check(
    (await eve.locator('#online a', { hasText: 'Cleo' }).getAttribute('href')) === '/players/Cleo',
    "a name links to the person's profile",
  );
  await shot(run, eve, 'play-now-waiting-phone');
  await accessible(run, eve, 'the lobby, waiting in Play now, and who is online');
  await eve.click('#play-now-cancel');
  await eve.waitForSelector('#play-now');
  check(true, 'Cancel ends the wait and brings the form back');
  await pages[0].waitForFunction(() =>
    /other person is waiting/.test(document.querySelector('#play-now-waiting')?.textContent),
  );
  check(true, 'the waiting panel counts the other person in the queue');
  const before = await pages[0].locator('.waited').innerText();
  await pages[0].waitForTimeout(1500);
  const after = await pages[0].locator('.waited').innerText();
  check(before !== after, `the waiting panel counts the seconds (${before}, then ${after})`);
  await shot(run, pages[0], 'play-now-waiting-desktop');
  await eve.context().close();
  // Seated: both pages go to the same table, with no link in the address.
  for (const page of pages) await page.waitForURL(/\/play\/[0-9a-z-]+$/, { timeout: 30000 });
  const table = /\/play\/([0-9a-z-]+)$/.exec(pages[0].url())[1];
  check(pages[1].url().endsWith(`/play/${table}`), `Play now seats both at one table (${pages[1].url()})`);
  const seats = (await (await fetch(`${run.base}/api/tables/${table}`)).json()).seats ?? [];
  check(
    seats.length === 3 && seats.filter((s) => s.agent === 'human').length === 2,
    `the table has two people and a bot (${JSON.stringify(seats)})`,
  );
  for (const [i, name] of ['Cleo', 'Dan'].entries()) {
    await pages[i].waitForSelector('.board');
    await pages[i].waitForFunction((n) => document.querySelector('.who')?.textContent.includes(n), name, {
      timeout: 10000,
    });
  }
  check(true, 'each sits in their seat under their account name');
  return { pages, table };
}

// Cleo on a third device: signed in, the table's address opens her seat. That
// connection takes the seat over; her desk reloads to take it back.
async function thirdDevice(run, desk, table) {
  const { check } = run.results;
  const phone = await fastPage(run, { viewport: PHONE });
  await phone.goto(`${run.base}/account?next=/play/${table}`);
  await fillAndSubmit(phone, 'sign-in', 'cleo', PASSWORD);
  await phone.waitForURL(new RegExp(`/play/${table}$`));
  await phone.waitForSelector('.board');
  await phone.waitForFunction(() => document.querySelector('.who')?.textContent.includes('Cleo'), null, {
    timeout: 10000,
  });
  check(true, "on a third device, signed in, the Play now table opens in Cleo's seat");
  await phone.context().close();
  await desk.reload();
  await desk.waitForSelector('.board');
}

// The rated game to its end, then each profile shows the rating and its
// chart, and the leaderboard says why nobody is on it yet.
async function ratedGame(run) {
  const { check } = run.results;
  const eve = await eveWaitsAlone(run);
  const { pages, table } = await seatedByPlayNow(run, eve);
  await thirdDevice(run, pages[0], table);
  const over = async () =>
    (await pages[0].locator('.end-screen').count()) && (await pages[1].locator('.end-screen').count());
  let moves = 0;
  for (let step = 0; step < 2000 && !(await over()); step++) {
    let moved = false;
    for (const page of pages) if (await clickOneMove(run, page)) [moved, moves] = [true, moves + 1];
    if (!moved) await pages[0].waitForTimeout(100);
  }
  check(await over(), `the rated game ended for both (${moves} moves clicked)`);
  const profile = pages[0];
  await profile.goto(`${run.base}/players/Cleo`);
  await profile.waitForSelector(`#ratings li[data-game="${RATED_GAME}"]`);
  const rating = await profile.locator(`#ratings li[data-game="${RATED_GAME}"]`).innerText();
  check(
    /1 rated game/.test(rating) && /provisional/.test(rating),
    `Cleo's profile shows her first rating (${rating.replace(/\s+/g, ' ')})`,
  );
  check((await profile.locator('.rating-chart svg circle').count()) === 1, "the profile's chart has the game's point");
  check(
    (await profile.locator(`#rated-games li[data-table="${table}"] a`).count()) === 1,
    'the rated game links to its replay',
  );
  // Two people were rated at that table of three: the bot is not placed (docs/ratings.md).
  const twoRated = await profile.locator('#win-rates tr[data-players="2"]').innerText();
  check(
    /^2\s+1\s+[01]\s+(0|100)%\s+50%$/.test(twoRated.trim()),
    `the profile's win rate by player count counts the game among its two people (${twoRated.replace(/\s+/g, ' ')})`,
  );
  await accessible(run, profile, 'a profile');
  await shot(run, profile, 'profile-desktop');
  await pages[1].goto(`${run.base}/players/dan`);
  await pages[1].waitForSelector(`#ratings li[data-game="${RATED_GAME}"]`);
  const dan = await pages[1].locator(`#ratings li[data-game="${RATED_GAME}"]`).innerText();
  check(/1 rated game/.test(dan), `Dan's profile shows his first rating (${dan.replace(/\s+/g, ' ')})`);
  await profile.goto(`${run.base}/leaderboard/${RATED_GAME}`);
  await profile.waitForSelector('#leaderboard');
  await profile.waitForFunction(() => /Nobody yet/.test(document.querySelector('#leaderboard')?.textContent ?? ''));
  check(true, 'the leaderboard leaves out a rating of one game, and says why');
  await accessible(run, profile, 'a leaderboard');
  await shot(run, profile, 'leaderboard-desktop');
  console.log(`ok a rated game between two accounts, seated by Play now (${moves} moves)`);
  return pages;
}

// Cleo makes a public table with an open seat from the lobby's form; Dan
// takes it from the open tables and lands in it; a guest sees the seat but
// is told to sign in; Cleo, whose list is older, is told it was taken.
async function openSeat(run, [cleo, dan]) {
  const { check } = run.results;
  await cleo.goto(`${run.base}/`);
  await cleo.click(`button[data-game="${GAME}"]`);
  await cleo.locator('.seat-select').nth(1).selectOption('open');
  check(await cleo.locator('#public').isChecked(), 'a table with an open seat is listed in the lobby');
  await cleo.click('#create');
  await cleo.waitForSelector('.open-seat-note');
  const created = await cleo.locator('.created').innerText();
  check(!/friend at seat/.test(created), `no invite for an open seat (${created.replace(/\s+/g, ' ')})`);
  await shot(run, cleo, 'open-seat-created-desktop');
  const table = (await cleo.locator('.created h3').innerText()).split(' ')[1];
  const button = `#open-tables li[data-table="${table}"] button.take-seat`;
  const guest = await fastPage(run, { viewport: PHONE });
  await guest.goto(`${run.base}/`);
  await guest.waitForSelector(button);
  check(await guest.locator(button).isDisabled(), "a guest's Take seat is disabled");
  check(await guest.locator('#take-seat-hint').isVisible(), 'a guest is told to sign in to take a seat');
  await guest.locator('#open-tables').scrollIntoViewIfNeeded();
  await shot(run, guest, 'open-seat-guest-phone');
  await guest.context().close();
  await cleo.waitForSelector(button);
  await cleo.route('**/api/tables', (route) => route.abort()); // Cleo's list stays as it is
  await dan.goto(`${run.base}/`);
  await dan.waitForSelector(button);
  await shot(run, dan, 'open-seat-desktop');
  await Promise.all([dan.waitForURL(new RegExp(`/play/${table}$`)), dan.click(button)]);
  await dan.waitForSelector('.board');
  await dan.waitForFunction(() => document.querySelector('.who')?.textContent.includes('Dan'), null, {
    timeout: 10000,
  });
  check(true, 'Dan took the open seat from the lobby and sits in it under his name');
  await cleo.unroute('**/api/tables');
  await cleo.click(button);
  await cleo.waitForSelector('#open-tables .error');
  const refusal = await cleo.locator('#open-tables .error').innerText();
  check(refusal.length > 0, `a seat taken meanwhile is refused in the server's words (${refusal})`);
  await cleo.waitForFunction((b) => !document.querySelector(b), button, { timeout: 10000 });
  check(true, 'the open tables are asked for again: the taken seat has no button');
  console.log('ok an open seat taken from the lobby');
}

async function accountsAndRatings(run) {
  await accountOnTwoDevices(run);
  const pages = await ratedGame(run);
  await openSeat(run, pages);
  for (const page of pages) await page.context().close();
}

export const play = accountsAndRatings;
