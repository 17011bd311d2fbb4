// The replay viewer: a finished table stepped through, another view, then the
// same game from an uploaded record file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, accessible, shot } from '../harness.mjs';

// The post-game analysis (docs/analysis.md) of the person's finished game: they
// ask, the graph and the turning points come, and a turning point shows the
// position where its seat had to decide (the frame before the move).
async function analysis(run, page) {
  const { check } = run.results;
  await page.click('#analysis-ask');
  // Analyses run at nice 10, and at a twentieth of a core while the server is busy
  // (docs/analysis.md, "What analyses cost the players"): beside CI's sanitizer build they may get less.
  await page.waitForSelector('.turning-points button', { timeout: 180000 }).catch(async (e) => {
    throw new Error(`${e.message}; the analysis panel says: ${await page.locator('.analysis').innerText()}`);
  });
  check((await page.locator('.analysis svg[role="img"]').count()) === 1, "the analysis draws each seat's chance");
  const turn = page.locator('.turning-points button').first();
  const words = await turn.innerText();
  const step = Number(/^Step (\d+)/.exec(words)?.[1]);
  await turn.click();
  const caption = await page.locator('#replay-caption').innerText();
  const expected = step === 1 ? /^Set-up/ : new RegExp(`^Step ${step - 1} of`);
  check(expected.test(caption), `a turning point ("${words}") shows the position before its move ("${caption}")`);
  console.log(
    `ok analysis: ${await page.locator('.turning-points button').count()} turning point(s), first "${words}"`,
  );
}

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
  await analysis(run, page);
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
