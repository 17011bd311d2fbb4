// An account (docs/protocol.md, "Accounts", "A seat and an account"): a
// person creates one, makes a table from the lobby and sits at it; on a
// second device they sign in and open the table with no link, in their
// seat under their name; a guest without the link is kept out; the account
// page lists the game; signing out ends it.
import { DESKTOP, PHONE, accessible, clickOneMove, createByApi, fastPage, shot } from '../harness.mjs';

// Any game with two seats would do: Bye-Bye, as in the other scenarios of
// people; the rated game is Black Sheep, the shortest at two players.
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

// Two accounts play a rated game to its end, each in their own browser;
// then each profile shows the rating and its chart, and the leaderboard
// says why nobody is on it yet.
async function ratedGame(run) {
  const { check } = run.results;
  const pages = [];
  for (const name of ['Cleo', 'Dan']) {
    const page = await fastPage(run, { viewport: DESKTOP });
    await page.goto(`${run.base}/account`);
    await fillAndSubmit(page, 'create', name, PASSWORD);
    await page.waitForSelector('.signed-in');
    pages.push(page);
  }
  const reply = await createByApi(run, {
    game: RATED_GAME,
    rated: true,
    time: { per_move: 600 },
    seats: [{ agent: 'human' }, { agent: 'human' }],
  });
  check(reply.invites?.length === 2, `a rated table is made (${JSON.stringify(reply).slice(0, 120)})`);
  for (const [seat, page] of pages.entries()) {
    await page.goto(`${run.base}${reply.invites[seat].url}`);
    await page.waitForSelector('.board');
  }
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
    (await profile.locator(`#rated-games li[data-table="${reply.table}"] a`).count()) === 1,
    'the rated game links to its replay',
  );
  await accessible(run, profile, 'a profile');
  await shot(run, profile, 'profile-desktop');
  await pages[1].goto(`${run.base}/players/dan`);
  await pages[1].waitForSelector(`#ratings li[data-game="${RATED_GAME}"]`);
  await profile.goto(`${run.base}/leaderboard/${RATED_GAME}`);
  await profile.waitForSelector('#leaderboard');
  await profile.waitForFunction(() => /Nobody yet/.test(document.querySelector('#leaderboard')?.textContent ?? ''));
  check(true, 'the leaderboard leaves out a rating of one game, and says why');
  await accessible(run, profile, 'a leaderboard');
  await shot(run, profile, 'leaderboard-desktop');
  for (const page of pages) await page.context().close();
  console.log(`ok a rated game between two accounts (${moves} moves)`);
}

async function accountsAndRatings(run) {
  await accountOnTwoDevices(run);
  await ratedGame(run);
}

export const play = accountsAndRatings;
