// The replay viewer: a finished table stepped through, another view, then the
// same game from an uploaded record file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, accessible, shot } from '../harness.mjs';

// page: a table's end screen.
export async function checkReplay(run, page) {
  const { check } = run.results;
  const table = /\/play\/([0-9a-z-]+)/.exec(page.url())[1];
  await page.setViewportSize(DESKTOP);
  await page.click('text=Replay this game');
  await page.waitForSelector('#replay-caption');
  check((await page.locator('#replay-caption').innerText()).startsWith('Set-up'), 'a replay starts at the set-up');
  await page.click('#replay-next');
  await page.click('#replay-next');
  check(/^Step 2 of \d+/.test(await page.locator('#replay-caption').innerText()), 'forward steps the replay');
  await page.click('#replay-prev');
  check(/^Step 1 of/.test(await page.locator('#replay-caption').innerText()), 'back steps the replay');
  check((await page.locator('.hands-all li').count()) === 3, 'the full view shows every hand');
  await shot(run, page, 'replay-desktop');
  await accessible(run, page, 'replay (desktop)');
  await page.selectOption('#replay-view', '0');
  await page.waitForSelector('[data-zone="hand"]');
  check((await page.locator('.hands-all').count()) === 0, "a seat's view of a replay shows only its own hand");
  await page.click('#replay-last');
  await page.waitForSelector('.end-screen');
  const file = join(run.work, 'record.json');
  writeFileSync(file, await (await fetch(`${run.base}/api/tables/${table}/record`)).text());
  await page.goto(`${run.base}/replay`);
  await page.setInputFiles('#record-file', file);
  await page.waitForSelector('#replay-caption', { timeout: 10000 }).catch(async (e) => {
    throw new Error(`${e.message}; the page says: ${await page.locator('main').innerText()}`);
  });
  await page.click('#replay-last');
  check((await page.locator('.end-screen').count()) === 1, 'an uploaded record replays to its end');
  await accessible(run, page, 'replay of an uploaded record, at its end');
}
