import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, SIM_URL, test } from './support.ts';

/*
 * The MFL lineup tool in Chromium against the league simulator: the four kinds of league before,
 * during and after a week's kickoffs, a lineup sent to MFL and seen in the simulator, and MFL's
 * refusal shown. The simulator is shared with other spec files, so each test sets the clock it needs
 * and the file puts the clock back as it found it. The app caches live scores for 15 seconds, so a
 * phase's first look may still show the previous one: checks retry with a reload until it shows.
 */

test.describe.configure({ mode: 'serial' });
// Kickoff times are in the visitor's zone, named: a visitor in New York reads EST or EDT.
test.use({ timezoneId: 'America/New_York' });

interface SimLeague {
  league_id: string;
  franchise_id: string;
  name: string;
  url: string;
}

const KINDS = {
  normal: 'Demo Dynasty 1QB PPR',
  superflex: 'Demo Superflex Dynasty',
  idp: 'Demo IDP Dynasty',
  bestball: 'Demo Best Ball SF',
} as const;
type Kind = keyof typeof KINDS;

let leagues: Record<Kind, SimLeague>;
/** The week the simulator is in on the real clock: the app's cached current week agrees with it. */
let week: number;
let clockOffsetMs = 0;

async function sim(path: string, body?: unknown) {
  const res = await fetch(`${SIM_URL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return res.json();
}

const setPhase = (phase: 'before' | 'during' | 'after') => sim('/_sim/clock', { week, phase });
const simStarters = async (kind: Kind) => {
  const l = leagues[kind];
  const view = await sim(`/_sim/lineup?league=${l.league_id}&franchise=${l.franchise_id}&week=${week}`);
  return new Set<string>(view.starters);
};

test.beforeAll(async () => {
  const world = await sim('/_sim/world');
  clockOffsetMs = world.now - Date.now();
  week = (await sim('/_sim/clock', { now: Date.now() })).currentWeek || 1;
  await sim('/_sim/clock', { now: Date.now() + clockOffsetMs });
  const mine: SimLeague[] = world.leagues.demo.mfl;
  leagues = Object.fromEntries(
    (Object.keys(KINDS) as Kind[]).map((k) => [k, mine.find((l) => l.name === KINDS[k])!]),
  ) as Record<Kind, SimLeague>;
});

test.afterAll(async () => {
  await sim('/_sim/clock', { now: Date.now() + clockOffsetMs });
});

async function logInApi(page: Page) {
  const res = await page.request.post('/api/mfl/login', { data: { username: 'demo', password: 'demo1234' } });
  expect(res.ok()).toBe(true);
}

async function openLeague(page: Page, kind: Kind) {
  await page.goto(`/tools/lineup/${leagues[kind].league_id}`);
  await expect(page.getByRole('combobox', { name: /League/ })).toHaveValue(leagues[kind].league_id);
  await expect(page.getByRole('heading', { name: `Week ${week} Lineup` })).toBeVisible({ timeout: 30_000 });
}

interface Row {
  id: string;
  game: string;
  locked: boolean;
  checked: boolean;
  text: string;
}

const rowsOf = (page: Page): Promise<Row[]> =>
  page.locator('[data-testid^="player-"]').evaluateAll((els) =>
    els.map((el) => ({
      id: (el.getAttribute('data-testid') ?? '').replace('player-', ''),
      game: el.getAttribute('data-game') ?? '',
      locked: el.querySelector('[aria-label="Game started: locked"]') !== null,
      checked: (el.querySelector('input[type=checkbox]') as HTMLInputElement).checked,
      text: (el as HTMLElement).innerText,
    })),
  );

/** Reloads until the lineup shows what the phase must show (the app's live data lives 15 s). */
async function untilRows(page: Page, kind: Kind, check: (rows: Row[]) => void) {
  await expect(async () => {
    await openLeague(page, kind);
    check(await rowsOf(page));
  }).toPass({ timeout: 45_000, intervals: [2_000, 4_000] });
}

/**
 * Submit Lineup, sending anyway when the page asks about a starter who will not play or a lineup
 * that is not full (the demo's injuries change with the week; the questions are tested on their own
 * below).
 */
async function submitLineup(page: Page) {
  const idle = page
    .locator('[data-testid^="player-"]')
    .filter({ has: page.getByRole('img', { name: /^Starting but/ }) })
    .filter({ hasNot: page.getByRole('img', { name: 'Game started: locked' }) });
  const [count, limit] = ((await page.getByTestId('starters-counter').innerText()).match(/\d+/g) ?? []).map(
    Number,
  );
  const asks = (await idle.count()) > 0 || count !== limit;
  await page.getByRole('button', { name: 'Submit Lineup' }).click();
  if (asks) await page.getByRole('dialog').getByRole('button', { name: 'Submit anyway' }).click();
}

const withGame = (rows: Row[]) => rows.filter((r) => r.game !== 'bye' && r.game !== 'none');

async function checkHeader(page: Page, kind: Kind) {
  const counter = page.getByTestId('starters-counter');
  const submit = page.getByRole('button', { name: 'Submit Lineup' });
  if (kind === 'bestball') {
    await expect(counter).toHaveText('Bestball League');
    await expect(submit).toBeDisabled();
  } else {
    await expect(counter).toHaveText(/^\d+ \/ \d+ Starters$/);
    await expect(submit).toBeEnabled();
  }
  await expect(page.getByRole('link', { name: /Demo Dynasty/ })).toHaveAttribute(
    'href',
    new RegExp(`/options\\?L=${leagues[kind].league_id}&F=${leagues[kind].franchise_id}&O=01$`),
  );
  // Groups in display order: QB, RB, WR, TE first, each with its limit.
  const groups = await page.locator('section h3').allInnerTexts();
  expect(groups.slice(0, 4)).toEqual(['QB', 'RB', 'WR', 'TE']);
  if (kind === 'idp') expect(groups).toEqual(expect.arrayContaining(['DT / DE', 'CB / S', 'LB']));
  if (kind === 'superflex') await expect(page.locator('section').first()).toContainText('Limit 1-2');
}

test('before kickoff: every kind of league opens its week, nothing locked, kickoff times shown', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await setPhase('before');
  await logInApi(page);
  for (const kind of Object.keys(KINDS) as Kind[]) {
    await untilRows(page, kind, (rows) => {
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.some((r) => r.locked)).toBe(false);
      for (const r of withGame(rows)) {
        expect(r.game).toBe('scheduled');
        expect(r.text).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+:\d\d [AP]M E[SD]T/);
        expect(r.text).toMatch(/Proj/i);
      }
      for (const r of rows.filter((x) => x.game === 'bye')) expect(r.text).toContain('Bye Week');
    });
    const rows = await rowsOf(page);
    expect(new Set(rows.filter((r) => r.checked).map((r) => r.id))).toEqual(await simStarters(kind));
    await checkHeader(page, kind);
  }
});

test('during the games: kicked-off players lock with scores, live games show the clock', async ({ page }) => {
  test.setTimeout(180_000);
  await setPhase('during');
  await logInApi(page);
  for (const kind of Object.keys(KINDS) as Kind[]) {
    await untilRows(page, kind, (rows) => {
      const games = withGame(rows);
      expect(games.some((r) => r.game === 'live')).toBe(true);
      expect(games.some((r) => r.game === 'scheduled')).toBe(true);
      for (const r of games) expect(r.locked).toBe(r.game !== 'scheduled');
      for (const r of games.filter((x) => x.game === 'live'))
        expect(r.text).toMatch(/Q[1-4] \d+:\d\d · \d+-\d+/);
      for (const r of games.filter((x) => x.game === 'final')) expect(r.text).toMatch(/\b[WLT] \d+-\d+/);
      for (const r of games.filter((x) => x.locked)) expect(r.text).toMatch(/Pts/i);
    });
    await checkHeader(page, kind);
  }

  // A locked player cannot be moved; the row says why and nothing changes.
  await openLeague(page, 'normal');
  const locked = (await rowsOf(page)).find((r) => r.locked)!;
  const row = page.getByTestId(`player-${locked.id}`);
  await row.click({ force: true });
  await expect(page.getByText(/game has started: his spot is locked/)).toBeVisible();
  await expect(row.getByRole('checkbox')).toBeChecked({ checked: locked.checked });
});

test('after the games: every game final with its result, every player locked', async ({ page }) => {
  test.setTimeout(180_000);
  await setPhase('after');
  await logInApi(page);
  for (const kind of Object.keys(KINDS) as Kind[]) {
    await untilRows(page, kind, (rows) => {
      expect(withGame(rows).length).toBeGreaterThan(0);
      for (const r of withGame(rows)) {
        expect(r.game).toBe('final');
        expect(r.locked).toBe(true);
        expect(r.text).toMatch(/\b[WLT] \d+-\d+/);
      }
    });
    await checkHeader(page, kind);
  }
});

test('a lineup sent from the page is the one the simulator has; MFL refusals show in its words', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setPhase('before');
  const original = await simStarters('normal');
  // Logging in through the page: the modal, then the reload.
  await page.goto(`/tools/lineup/${leagues.normal.league_id}`);
  await page.getByRole('button', { name: 'Log in to MFL' }).click();
  await page.getByLabel('MFL username').fill('demo');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('connected-mfl')).toBeVisible();
  try {
    await untilRows(page, 'normal', (rows) => expect(rows.some((r) => r.locked)).toBe(false));
    const rb = page.locator('section', { has: page.getByRole('heading', { name: 'RB', exact: true }) });
    const benchRb = rb.getByRole('checkbox', { checked: false }).first();
    const startingRb = rb.getByRole('checkbox', { checked: true }).first();
    const benchName = (await benchRb.getAttribute('aria-label'))!;
    const startName = (await startingRb.getAttribute('aria-label'))!;
    // Full lineup: a new starter is refused until someone is benched.
    await page.getByRole('checkbox', { name: benchName }).press('Space');
    await expect(page.getByText(/lineup is full|RB is full/)).toBeVisible();
    await page.getByRole('checkbox', { name: startName }).click();
    await page.getByRole('checkbox', { name: benchName }).click();
    await expect(page.getByRole('checkbox', { name: benchName })).toBeChecked();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    const chosen = new Set((await rowsOf(page)).filter((r) => r.checked).map((r) => r.id));
    await submitLineup(page);
    await expect(page.getByText('Success!')).toBeVisible({ timeout: 20_000 });
    expect(await simStarters('normal')).toEqual(chosen);
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);

    // Benching the only quarterback is allowed here, but MFL refuses the lineup.
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    const qb = page
      .locator('section', { has: page.getByRole('heading', { name: 'QB', exact: true }) })
      .getByRole('checkbox', { checked: true });
    await qb.click();
    await submitLineup(page);
    await expect(page.getByTestId('lineup-error')).toContainText('Not enough starters at QB', {
      timeout: 20_000,
    });
    expect(await simStarters('normal')).toEqual(chosen);
    expect(warnings.some((w) => w.includes('Not enough starters at QB'))).toBe(true);
  } finally {
    await page.request.post('/api/mfl/lineup/set', {
      data: {
        league: {
          league_id: leagues.normal.league_id,
          franchise_id: leagues.normal.franchise_id,
          url: leagues.normal.url,
        },
        starters: [...original],
        week,
      },
    });
  }
});

test('the best projected lineup fills every group, and MFL takes it (IDP, combined groups)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setPhase('before');
  const original = await simStarters('idp');
  await logInApi(page);
  try {
    await untilRows(page, 'idp', (rows) => expect(rows.some((r) => r.locked)).toBe(false));
    await page.getByRole('button', { name: 'Best projected lineup' }).click();
    const chosen = new Set((await rowsOf(page)).filter((r) => r.checked).map((r) => r.id));
    await submitLineup(page);
    await expect(page.getByText('Success!')).toBeVisible({ timeout: 20_000 });
    expect(await simStarters('idp')).toEqual(chosen);
  } finally {
    await page.request.post('/api/mfl/lineup/set', {
      data: {
        league: {
          league_id: leagues.idp.league_id,
          franchise_id: leagues.idp.franchise_id,
          url: leagues.idp.url,
        },
        starters: [...original],
        week,
      },
    });
  }
});

test('league picker: arrows wrap around, keep the address in step, and wait while a lineup loads', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await setPhase('before');
  await logInApi(page);
  await page.goto('/tools/lineup');
  const select = page.getByRole('combobox', { name: /League/ });
  await expect(select.locator('option')).toHaveCount(8);
  const ids = await select
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  // The address names the league from the start, so it can be bookmarked; each choice is a history entry.
  await expect(select).toHaveValue(ids[0]);
  await expect(page).toHaveURL(new RegExp(`/tools/lineup/${ids[0]}$`));
  await expect(page.getByRole('heading', { name: /Week \d+ Lineup/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Previous league' }).click();
  await expect(select).toHaveValue(ids[ids.length - 1]);
  await expect(page).toHaveURL(new RegExp(`/tools/lineup/${ids[ids.length - 1]}$`));
  await expect(page.getByRole('heading', { name: /Week \d+ Lineup/ })).toBeVisible({ timeout: 30_000 });
  await page.goBack();
  await expect(select).toHaveValue(ids[0]);
  await page.goForward();
  await expect(select).toHaveValue(ids[ids.length - 1]);
  await page.reload();
  await expect(select).toHaveValue(ids[ids.length - 1]);

  // A slow lineup keeps the arrows inert meanwhile.
  await expect(page.getByRole('heading', { name: /Week \d+ Lineup/ })).toBeVisible({ timeout: 30_000 });
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/mfl/lineup', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Next league' }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/lineup/${ids[0]}$`));
  await expect(page.getByRole('button', { name: 'Next league' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous league' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Next league' })).toBeEnabled({ timeout: 30_000 });
  await page.unroute('**/api/mfl/lineup');
  await select.selectOption(ids[3]);
  await expect(page).toHaveURL(new RegExp(`/tools/lineup/${ids[3]}$`));
  await page.goBack();
  await expect(select).toHaveValue(ids[0]);

  // A league id that is not the visitor's says so, and the picker offers the real ones.
  await page.goto('/tools/lineup/99999');
  await expect(page.getByTestId('unknown-league')).toContainText('None of your MFL leagues has the id 99999');
  await expect(select).toHaveValue('');
  await expect(page.getByText(/Week \d+ Lineup/)).toHaveCount(0);
  await select.selectOption(ids[2]);
  await expect(page).toHaveURL(new RegExp(`/tools/lineup/${ids[2]}$`));
  await expect(page.getByRole('heading', { name: /Week \d+ Lineup/ })).toBeVisible({ timeout: 30_000 });
});

test('starting a player on a bye warns on his row and above Submit; a later week can be chosen and set', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setPhase('before');
  await logInApi(page);
  // A league with a bench player on a bye before kickoff.
  let kind: Kind | undefined;
  for (const k of ['normal', 'superflex', 'idp'] as Kind[]) {
    await untilRows(page, k, (rows) => expect(rows.some((r) => !r.locked)).toBe(true));
    if ((await rowsOf(page)).some((r) => r.game === 'bye' && !r.checked)) {
      kind = k;
      break;
    }
  }
  expect(kind, 'a demo league with a bench player on a bye').toBeDefined();
  const byeRow = page
    .locator('[data-game="bye"]')
    .filter({ has: page.getByRole('checkbox', { checked: false }) })
    .first();
  const byeName = (await byeRow.getAttribute('data-testid'))!.replace('player-', '');
  // His own row from here on: once he starts, byeRow would name another bench player on a bye.
  const section = page.locator('section').filter({ has: page.getByTestId(`player-${byeName}`) });
  // Make room in his group, then start him.
  await section
    .locator('[data-testid^="player-"]')
    .filter({ has: page.getByRole('checkbox', { checked: true }) })
    .first()
    .click();
  await page.getByTestId(`player-${byeName}`).click();
  await expect(page.getByTestId(`player-${byeName}`).getByRole('checkbox')).toBeChecked();
  await expect(section.getByTestId('row-warning')).toContainText('is on a bye this week.');
  await expect(page.getByTestId('lineup-warnings')).toContainText('is on a bye this week.');
  await page.screenshot({ path: test.info().outputPath('lineup-warning.png') });

  // Next week: its own lineup, set on MFL for that week. The unsent change asks first.
  await page.getByLabel('Week', { exact: true }).selectOption(String(week + 1));
  const leave = page.getByRole('dialog', { name: 'Leave without submitting?' });
  await leave.getByRole('button', { name: `Stay on week ${week}` }).click();
  await expect(page.getByRole('heading', { name: `Week ${week} Lineup` })).toBeVisible();
  await expect(page.getByTestId(`player-${byeName}`).getByRole('checkbox')).toBeChecked();
  await page.getByLabel('Week', { exact: true }).selectOption(String(week + 1));
  await leave.getByRole('button', { name: `Go to week ${week + 1}` }).click();
  await expect(page.getByRole('heading', { name: `Week ${week + 1} Lineup` })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Best projected lineup' }).click();
  await submitLineup(page);
  await expect(page.getByText('Success!')).toBeVisible({ timeout: 30_000 });
  const checked = new Set((await rowsOf(page)).filter((r) => r.checked).map((r) => r.id));
  const l = leagues[kind!];
  const view = await sim(`/_sim/lineup?league=${l.league_id}&franchise=${l.franchise_id}&week=${week + 1}`);
  expect(new Set(view.starters)).toEqual(checked);
});

test("MFL's error is shown as sanitized HTML: markup stays, scripts never run", async ({ page }) => {
  await setPhase('before');
  await logInApi(page);
  await page.route('**/api/mfl/lineup/set', (route) =>
    route.fulfill({
      json: {
        ok: false,
        error: 'Bad <b>lineup</b><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
      },
    }),
  );
  await openLeague(page, 'normal');
  await submitLineup(page);
  const error = page.getByTestId('lineup-error');
  await expect(error).toContainText('Bad lineup');
  await expect(error.locator('b')).toHaveText('lineup');
  await expect(error.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});

test('a starter who is Out is named before the lineup goes: Go back sends nothing, Submit anyway sends it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setPhase('before');
  await logInApi(page);
  const original = await simStarters('normal');
  // MFL says one of the bench players is Out this week (the demo's injuries change with the week).
  let hurt: { id: string; name: string; position: string } | undefined;
  await page.route('**/api/mfl/lineup', async (route) => {
    const res = await route.fetch();
    const info = await res.json();
    for (const group of Object.values(info.positions ?? {}) as { players: Record<string, unknown>[] }[]) {
      const bench = group.players.find((p) => !p.starter && !p.isBye && !p.isOut);
      if (!hurt && bench && group.players.some((p) => p.starter)) {
        Object.assign(bench, { isOut: true, injuryStatus: { tag: 'O', status: 'Out', details: 'Ankle' } });
        hurt = { id: String(bench.id), name: String(bench.name), position: String(bench.position) };
      }
      if (hurt) {
        const mine = group.players.find((p) => p.id === hurt?.id);
        if (mine)
          Object.assign(mine, { isOut: true, injuryStatus: { tag: 'O', status: 'Out', details: 'Ankle' } });
      }
    }
    await route.fulfill({ response: res, json: info });
  });
  try {
    await untilRows(page, 'normal', (rows) => expect(rows.some((r) => r.locked)).toBe(false));
    expect(hurt, 'a bench player to mark Out').toBeDefined();
    const row = page.getByTestId(`player-${hurt!.id}`);
    // Make room in his group, then start him.
    const section = page.locator('section').filter({ has: row });
    await section
      .locator('[data-testid^="player-"]')
      .filter({ has: page.getByRole('checkbox', { checked: true }) })
      .first()
      .click();
    await row.click();
    await expect(row.getByRole('checkbox')).toBeChecked();

    // Go back: nothing goes to MFL.
    let sent = 0;
    page.on('request', (r) => r.url().endsWith('/api/mfl/lineup/set') && sent++);
    await page.getByRole('button', { name: 'Submit Lineup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a player who will not play?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${hurt!.name} (${hurt!.position}) is Out.`);
    await expectNoAxeViolations(page, 'the Out-starter question', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Submit Lineup' })).toBeFocused();
    await expect(page.getByText('Success!')).toHaveCount(0);
    expect(sent).toBe(0);
    expect(await simStarters('normal')).toEqual(original);

    // Submit anyway: the lineup goes, with him in it.
    await page.getByRole('button', { name: 'Submit Lineup' }).click();
    await dialog.getByRole('button', { name: 'Submit anyway' }).click();
    await expect(page.getByText('Success!')).toBeVisible({ timeout: 20_000 });
    expect(sent).toBe(1);
    expect((await simStarters('normal')).has(hurt!.id)).toBe(true);
  } finally {
    await page.unroute('**/api/mfl/lineup');
    await page.request.post('/api/mfl/lineup/set', {
      data: {
        league: {
          league_id: leagues.normal.league_id,
          franchise_id: leagues.normal.franchise_id,
          url: leagues.normal.url,
        },
        starters: [...original],
        week,
      },
    });
  }
});

test('a lineup short of a starter asks first and names the empty spot; unsaved changes ask before leaving', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setPhase('before');
  await logInApi(page);
  const original = await simStarters('normal');
  try {
    await untilRows(page, 'normal', (rows) => expect(rows.some((r) => r.locked)).toBe(false));
    // MFL's lineup is full: 10 starters, one of them in the flex spot (a group above its minimum).
    const counter = page.getByTestId('starters-counter');
    await expect(counter).toHaveText('10 / 10 Starters');
    let flexGroup: ReturnType<Page['locator']> | undefined;
    for (const name of ['RB', 'WR', 'TE']) {
      const section = page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
      const [n, min] = ((await section.innerText()).match(/(\d+) starting · Limit (\d+)/) ?? [])
        .slice(1)
        .map(Number);
      if (n > min) flexGroup = section;
    }
    expect(flexGroup, 'a group holding the flex starter').toBeDefined();
    await flexGroup!.getByRole('checkbox', { checked: true }).first().click();
    await expect(counter).toHaveText('9 / 10 Starters');

    // Go back: nothing goes to MFL.
    let sent = 0;
    page.on('request', (r) => r.url().endsWith('/api/mfl/lineup/set') && sent++);
    await page.getByRole('button', { name: 'Submit Lineup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit an incomplete lineup?' });
    await expect(dialog).toContainText('9 of 10 starters: FLEX is empty.');
    await page.screenshot({ path: test.info().outputPath('lineup-incomplete.png') });
    await expectNoAxeViolations(page, 'the incomplete-lineup question', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await expect(dialog).toBeHidden();
    expect(sent).toBe(0);

    // Another league with unsaved changes asks; staying keeps the league, its address and the edits.
    const select = page.getByRole('combobox', { name: /League/ });
    await page.getByRole('button', { name: 'Next league' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without submitting?' });
    await expect(leave).toContainText('have not been sent to MFL');
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/tools/lineup/${leagues.normal.league_id}$`));
    await expect(select).toHaveValue(leagues.normal.league_id);
    await expect(counter).toHaveText('9 / 10 Starters');

    // Submit anyway: MFL takes a lineup with an empty flex spot.
    await page.getByRole('button', { name: 'Submit Lineup' }).click();
    await dialog.getByRole('button', { name: 'Submit anyway' }).click();
    await expect(page.getByText('Success!')).toBeVisible({ timeout: 20_000 });
    expect(sent).toBe(1);
    expect((await simStarters('normal')).size).toBe(9);

    // Closing the tab with unsaved changes gets the browser's own question.
    await flexGroup!.getByRole('checkbox', { checked: false }).first().click();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const prompt = await asked;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.dismiss();
  } finally {
    await page.request.post('/api/mfl/lineup/set', {
      data: {
        league: {
          league_id: leagues.normal.league_id,
          franchise_id: leagues.normal.franchise_id,
          url: leagues.normal.url,
        },
        starters: [...original],
        week,
      },
    });
  }
});

test('without an MFL login the page offers one', async ({ page }) => {
  await page.goto('/tools/lineup');
  await expect(page.getByRole('heading', { name: 'Lineup', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in to MFL' })).toBeVisible();
});
