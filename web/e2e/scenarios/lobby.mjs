// The lobby at both widths, light and dark: every game the server lists, with
// its blurb, a game chosen, no accessibility findings.
import { DESKTOP, PHONE, accessible, fastPage, shot } from '../harness.mjs';

export async function lobbyAtBothWidths(run, games) {
  const { check } = run.results;
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    const page = await fastPage(run, { viewport });
    await page.goto(`${run.base}/`);
    await page.waitForSelector('.game-card');
    const cards = await page.locator('.game-card').allInnerTexts();
    check(cards.length === games.length, `the lobby lists the ${games.length} games the server does (${cards.length})`);
    const unsaid = games.filter((g) => !cards.some((c) => c.includes(g.name) && c.includes(g.blurb)));
    check(unsaid.length === 0, `each game's card has its name and blurb (not: ${unsaid.map((g) => g.id).join(', ')})`);
    await page.click(`button[data-game="${games[0].id}"]`);
    await shot(run, page, `lobby-${name}`);
    await accessible(run, page, `lobby (${name})`);
    // Dark mode, as a device that asks for it gets it (prefers-color-scheme).
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(run, page, `lobby-${name}-dark`);
    await accessible(run, page, `lobby (${name}, dark)`);
    await page.close();
  }
}
