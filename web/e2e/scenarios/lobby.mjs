// The lobby at both widths: the five games, a game chosen, no accessibility findings.
import { DESKTOP, PHONE, accessible, fastPage, shot } from '../harness.mjs';

export async function lobbyAtBothWidths(run) {
  const { check } = run.results;
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    const page = await fastPage(run, { viewport });
    await page.goto(`${run.base}/`);
    await page.waitForSelector('.game-card');
    check((await page.locator('.game-card').count()) === 5, 'the lobby lists five games');
    await page.click('button[data-game="bye-bye"]');
    await shot(run, page, `lobby-${name}`);
    await accessible(run, page, `lobby (${name})`);
    await page.close();
  }
}
