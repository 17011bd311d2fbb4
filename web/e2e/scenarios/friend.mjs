// A friend by link: the lobby shows the invite, and the invite opens the
// friend's seat; both browsers keep the table under "My games".
import { DESKTOP, FAST, fastPage, shot } from '../harness.mjs';

// Any game with two seats would do: Bye-Bye, as in the other scenarios of people.
const GAME = 'bye-bye';
export const GAMES = [GAME];

async function friendByLink(run) {
  const { check } = run.results;
  const page = await fastPage(run, { viewport: DESKTOP });
  await page.goto(`${run.base}/`);
  await page.click(`button[data-game="${GAME}"]`);
  const selects = page.locator('.seat-select');
  await selects.nth(1).selectOption('friend');
  await page.click('#create');
  await page.waitForSelector('#go-to-table');
  const invite = await page.locator('.created input.link').first().inputValue();
  check(/\/play\/[0-9a-z-]+#token=[0-9a-f]{32}$/.test(invite), `the lobby shows the friend's invite link (${invite})`);
  await shot(run, page, 'lobby-created-desktop');
  const friend = await run.browser.newContext({ viewport: DESKTOP });
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
  await friendPage.goto(`${run.base}/`);
  await settled(friendPage);
  check((await entry(friendPage).count()) === 1, "the friend's lobby lists the table under My games");
  await page.goto(`${run.base}/`);
  await settled(page);
  const mine = (await entry(page).count()) ? await entry(page).innerText() : '';
  check(
    mine.includes(run.games.find((g) => g.id === GAME).short_name) &&
      /your turn|waiting for/.test(mine) &&
      (await entry(page).locator('button.copy').count()) === 3,
    `My games shows the table, where it stands and its three links (${mine.replace(/\s+/g, ' ')})`,
  );
  await shot(run, page, 'lobby-my-games-desktop');
  await friend.close();
  await page.close();
  console.log('ok friend by link');
}

export const play = friendByLink;
