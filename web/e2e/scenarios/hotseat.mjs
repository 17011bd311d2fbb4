// Hot-seat: two people at one screen get a "pass the device" screen between them.
import { DESKTOP, clickOneMove, createFromLobby, fastPage, shot } from '../harness.mjs';

// Bye-Bye, for its short turns: the pass-the-device screen comes within a few clicks.
const GAME = 'bye-bye';
export const GAMES = [GAME];

async function hotSeat(run) {
  const { check } = run.results;
  const page = await fastPage(run, { viewport: DESKTOP });
  await createFromLobby(run, page, GAME, ['you', 'here', 'random']);
  let handOvers = 0;
  for (let step = 0; step < 60 && handOvers < 2; step++) {
    const ok = page.locator('#hand-over-ok');
    if (await ok.count()) {
      if (handOvers === 0) await shot(run, page, 'hotseat-pass-desktop');
      check(
        (await page.locator('.board, [data-zone="hand"]').count()) === 0,
        'the hand-over screen shows nothing of the next hand behind it',
      );
      await ok.click();
      handOvers++;
      continue;
    }
    if (!(await clickOneMove(run, page))) await page.waitForTimeout(100);
  }
  check(handOvers === 2, `hot-seat play hands the device over (${handOvers} times)`);
  await page.close();
  console.log('ok hot-seat');
}

export const play = hotSeat;
