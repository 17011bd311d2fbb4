// The balance lab (docs/protocol.md, "Balance lab"): from the lobby's link a
// designer fills the form at /lab (a wrong count is pointed out before the
// server is asked; an option the server refuses is shown in its words), runs a
// job, sees its progress, charts and tables, and opens its permalink in a
// fresh page after a server restart: the same report. Then the report's link
// back to the form, filled in as before, starts a slow job, pictured while it
// runs, which stops at the server's cap (server.mjs: --lab-max-seconds 10) and
// says so. axe-core scans the form, a running job and both reports; pictures
// at both widths, light and dark; no page scrolls sideways on a phone.
import { DESKTOP, PHONE, accessible, crashServer, restartServer, shot } from '../harness.mjs';

// Hustle plays the shortest games (about 15 actions, the heuristic bots
// answer at once): 60 games take well under a second, so the run waits for
// nothing. Black Sheep's games are long (about 300 actions) and its medium
// bot searches: a job of them is still running a few seconds in, and stops
// at the cap with a few dozen games played.
const GAME = 'hustle';
const SLOW_GAME = 'black-sheep';
export const GAMES = [GAME, SLOW_GAME];
const LINE_UP = ['heuristic', 'easy', 'random'];
const SLOW_LINE_UP = ['medium', 'easy', 'random'];
const GAMES_TO_PLAY = 60;
// Up to 10 CPU seconds at the analysis threads' share, on a loaded machine.
const SLOW_JOB_MS = 240000;

const WIDTHS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

// The page at both widths, light and dark: a picture of each, and no sideways scrolling on a phone.
async function pictures(run, page, name) {
  const { check } = run.results;
  for (const [width, viewport] of WIDTHS) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(run, page, `${name}-${width}${scheme === 'dark' ? '-dark' : ''}`);
    }
    const [scrolled, room] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    check(scrolled <= room, `${name} at ${viewport.width} px: no sideways scrolling (${scrolled} px wide)`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP);
}

async function chooseSeats(page, levels) {
  await page.selectOption('#lab-players', String(levels.length));
  for (let i = 0; i < levels.length; i++) await page.selectOption(`#lab-seat-${i + 1}`, levels[i]);
}

// What a report says, to compare two pages of one job: its tables and each chart's words.
async function reportText(page) {
  const labels = await page
    .locator('.lab-chart svg[role="img"]')
    .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label')));
  return `${await page.locator('.lab-numbers').innerText()}\n${labels.join('\n')}`;
}

// The form, checked and filled in: the first job's set-up.
async function fillForm(run, page) {
  const { check } = run.results;
  await page.goto(`${run.base}/`);
  await page.waitForSelector('#who a[href="/lab"]');
  await Promise.all([page.waitForURL(/\/lab$/), page.click('#who a[href="/lab"]')]);
  await page.waitForSelector('#lab-form');
  await accessible(run, page, 'the lab form');
  await pictures(run, page, 'lab-form');
  await page.selectOption('#lab-game', GAME);
  await chooseSeats(page, LINE_UP);
  // A count out of range is said at its field, and nothing is sent.
  await page.fill('#lab-games', '0');
  await page.click('#lab-run');
  await page.waitForSelector('#games-problem');
  check(/\/lab$/.test(page.url()), 'a game count of 0 is refused on the form, before the server is asked');
  await page.fill('#lab-games', String(GAMES_TO_PLAY));
  // A table option the server cannot read: its refusal, in its words.
  const pads = run.games.find((g) => g.id === GAME).params.find((p) => p.name === 'clover_pads');
  await page.fill('#param-clover_pads', 'nonsense');
  await page.click('#lab-run');
  await page.waitForSelector('#lab-refusal');
  const refusal = await page.locator('#lab-refusal').innerText();
  check(
    /clover_pads/.test(refusal) && /nonsense/.test(refusal),
    `the server's refusal is shown as it said it (${refusal})`,
  );
  await page.fill('#param-clover_pads', pads.default);
  await page.fill('#param-lifesavers', '2');
}

// Until the job is done: the progress bar's values seen on the way.
async function followToDone(page, timeout) {
  const seen = [];
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const bar = page.locator('#lab-progress');
    if (await bar.count()) seen.push(Number(await bar.getAttribute('value')));
    if (/^(Done|Stopped)/.test(await page.locator('#lab-status').innerText())) return seen;
    await page.waitForTimeout(200);
  }
  throw new Error(
    `the lab job did not end within ${timeout / 1000} s; it says: ${await page.locator('main').innerText()}`,
  );
}

async function firstJob(run, page) {
  const { check } = run.results;
  await Promise.all([page.waitForURL(/\/lab\/[^/?]+$/), page.click('#lab-run')]);
  await page.waitForSelector('#lab-status');
  const seen = await followToDone(page, 60000);
  const status = await page.locator('#lab-status').innerText();
  check(status.startsWith(`Done: ${GAMES_TO_PLAY} games played`), `the job says it is done (${status})`);
  const bar = page.locator('#lab-progress');
  const [value, max] = [await bar.getAttribute('value'), await bar.getAttribute('max')];
  check(value === String(GAMES_TO_PLAY) && max === value, `the progress bar is full (${value} of ${max})`);
  check(
    seen.every((v, i) => i === 0 || v >= seen[i - 1]),
    `the progress bar only moves forward (${seen.join(', ')})`,
  );
  await page.waitForSelector('#lab-permalink');
  const charts = await page
    .locator('.lab-chart svg[role="img"]')
    .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label')));
  check(charts.length === 4, `four charts: per seat, per level, game length, scores (${charts.length})`);
  check(
    charts.every((label) => label && !/no games/.test(label)),
    `each chart is drawn and says what it shows (${charts[0]})`,
  );
  check(charts[0].includes('a fair share is 33%'), 'the seat chart measures against the fair share of 3 players');
  check((await page.locator('.lab-table').count()) === 4, 'the numbers are in four tables');
  const levels = await page.locator('.lab-table').nth(1).locator('tbody th').allInnerTexts();
  check(levels.join() === LINE_UP.join(), `the level table has a row a level (${levels.join(', ')})`);
  const spec = await page.locator('.lab-spec').innerText();
  check(/lifesavers: 2/.test(spec) && !/clover/.test(spec), `the spec names the one option changed (${spec})`);
  const permalink = await page.locator('#lab-permalink').getAttribute('href');
  check(permalink === page.url(), `the permalink is the page's own address (${permalink})`);
  await accessible(run, page, 'the lab report');
  await pictures(run, page, 'lab-report');
  console.log(`ok lab: ${GAMES_TO_PLAY} games of ${GAME}, progress seen at ${seen.join(', ')}`);
  return permalink;
}

// The permalink in a fresh browser context, on a phone, after a server crash: the stored report.
async function permalinkAfterRestart(run, page, permalink) {
  const { check } = run.results;
  const report = await reportText(page);
  await crashServer(run);
  await restartServer(run);
  const fresh = await run.browser.newPage({ viewport: PHONE });
  await fresh.goto(permalink);
  await fresh.waitForSelector('#lab-permalink');
  check((await reportText(fresh)) === report, 'the permalink opens the same report in a fresh page, after a restart');
  await accessible(run, fresh, 'the lab report from its permalink (phone)');
  await fresh.close();
}

// From the report back to the form, filled in as the job was; then a slow job, while it runs and once capped.
async function slowJob(run, page) {
  const { check } = run.results;
  await Promise.all([page.waitForURL(/\/lab\?/), page.click('#lab-again')]);
  await page.waitForSelector('#lab-form');
  const kept = [
    await page.inputValue('#lab-game'),
    await page.inputValue('#lab-games'),
    await page.inputValue('#param-lifesavers'),
    ...(await Promise.all(LINE_UP.map((_, i) => page.inputValue(`#lab-seat-${i + 1}`)))),
  ];
  check(
    kept.join() === [GAME, GAMES_TO_PLAY, '2', ...LINE_UP].join(),
    `"run again" opens the form as the job was set up (${kept.join(', ')})`,
  );
  await page.selectOption('#lab-game', SLOW_GAME);
  await chooseSeats(page, SLOW_LINE_UP);
  await page.fill('#lab-games', '1000');
  await Promise.all([page.waitForURL(/\/lab\/[^/?]+$/), page.click('#lab-run')]);
  // Running, with a few games played: the charts are there, and fill in as more come.
  await page.waitForFunction(
    () =>
      /^Running/.test(document.querySelector('#lab-status')?.textContent ?? '') &&
      Number(document.querySelector('#lab-progress')?.getAttribute('value')) >= 3,
    null,
    { timeout: SLOW_JOB_MS / 2 },
  );
  const bar = page.locator('#lab-progress');
  const [value, max] = [Number(await bar.getAttribute('value')), Number(await bar.getAttribute('max'))];
  check(value > 0 && value < max, `a running job's progress bar is part full (${value} of ${max})`);
  check((await page.locator('.lab-chart svg[role="img"]').count()) === 4, 'a running job draws its charts so far');
  await accessible(run, page, 'a running lab job');
  await pictures(run, page, 'lab-running');
  await followToDone(page, SLOW_JOB_MS);
  const status = await page.locator('#lab-status').innerText();
  const capped = await page.locator('.lab-progress .warn').innerText();
  check(/^Stopped after \d+ of 1000 games/.test(status), `a capped job says where it stopped (${status})`);
  check(/cap/.test(capped), `and why, in the server's words (${capped})`);
  console.log(`ok lab: a slow job of ${SLOW_GAME} (${status}) ${capped}`);
}

async function lab(run) {
  const page = await run.browser.newPage({ viewport: DESKTOP });
  await fillForm(run, page);
  const permalink = await firstJob(run, page);
  await permalinkAfterRestart(run, page, permalink);
  await page.goto(permalink);
  await page.waitForSelector('#lab-again');
  await slowJob(run, page);
  await page.close();
}

export const play = lab;
