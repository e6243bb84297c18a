import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { leagueTypeLabel } from '#common/league-types.ts';
import type { PlayerList } from '#common/leagues.ts';
import type { Ranking } from '#common/rankings.ts';
import type { TradesAnswer } from '#common/trades.ts';
import { formatLabel, parseFormatKey, sideWorth, type ValuesAnswer } from '#common/values.ts';
import { test } from './admin-support.ts';
import { appInteractive, expect, expectNoAxeViolations, SIM_URL, unique } from './support.ts';

/*
 * Trade values and the trade calculator (decision 036) against the demo: at start the demo reads the
 * simulator's traded leagues through the trades job's reader, and the values job fits them within
 * minutes. The pages are checked against the API's own answers.
 */

const FORMAT = '12-sf-ppr1-te0';
const shots = process.env.VALUES_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shoot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({
    path: `${shots ?? test.info().outputDir}/${name}.png`,
    fullPage: true,
    clip: { x: 0, y: 0, width, height: width < 600 ? 2200 : 1300 },
  });
}

/** Waits for the values job's first set of the format (the demo's trades are read in the background). */
async function valuesOf(request: APIRequestContext, format = FORMAT): Promise<ValuesAnswer> {
  let answer: ValuesAnswer | undefined;
  await expect
    .poll(
      async () => {
        answer = await (await request.get(`/api/values?format=${format}`)).json();
        return answer!.rows.filter((r) => !r.thin && r.kind === 'player').length;
      },
      { timeout: 240_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  return answer!;
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

test('the values page: rendered on the server, the source line, the table against the API, the trades behind a value', async ({
  page,
  request,
}) => {
  const answer = await valuesOf(request);
  // Rendered on the server: the table is in the page as sent.
  const html = await (await request.get(`/tools/values?format=${FORMAT}`)).text();
  expect(html).toContain('data-testid="values-table"');
  expect(html).toContain(answer.rows[0].name);

  await page.goto(`/tools/values?format=${FORMAT}`);
  await appInteractive(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Trade values' })).toBeVisible();
  const source = page.getByTestId('values-source');
  await expect(source).toContainText('12 teams · Superflex · PPR 1.');
  await expect(source).toContainText(`From ${answer.source.trades.toLocaleString('en-US')} trades`);
  await expect(source).toContainText(answer.source.services.includes('sleeper') ? 'Sleeper' : 'MFL');
  await expect(source).toContainText(/\d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}/);

  const rows = page.getByTestId('values-table').locator('tbody > tr');
  await expect(rows).toHaveCount(Math.min(150, answer.rows.length));
  const first = answer.rows[0];
  await expect(rows.first()).toContainText(first.name);
  await expect(rows.first()).toContainText(first.thin ? 'too few trades' : String(Math.round(first.value)));
  // A too-thin value shows no number.
  const thin = answer.rows.findIndex((r) => r.thin);
  if (thin >= 0 && thin < 150) await expect(rows.nth(thin)).toContainText('too few trades');

  // The trades behind the first player's value: the API's trades of him, dated, with the league's format.
  const player = answer.rows.find((r) => r.kind === 'player' && r.ids.length > 0 && r.trades > 0)!;
  const trades: TradesAnswer = await (await request.get(`/api/values/trades?player=${player.ids[0]}`)).json();
  expect(trades.trades.length).toBeGreaterThanOrEqual(player.trades);
  const open = page.getByRole('button', { name: `${player.trades} trades behind ${player.name}'s value` });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const behind = page.getByTestId('trades-behind').locator(':scope > li');
  await expect(behind).toHaveCount(trades.trades.length);
  const t = trades.trades[0];
  const [y, m, d] = t.at.slice(0, 10).split('-');
  await expect(behind.first()).toContainText(`${m}/${d}/${y} · ${t.format.size} teams`);
  await expect(behind.first()).toContainText(player.name);
  await expectNoAxeViolations(page, 'values page');
  await shoot(page, 'values-desktop');
});

test('the values page: filters in the address, another format, and the CSV', async ({ page, request }) => {
  const answer = await valuesOf(request);
  await page.goto(`/tools/values?format=${FORMAT}`);
  await appInteractive(page);
  await page.getByLabel('Position').selectOption('WR');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/position=WR/);
  const wrs = answer.rows.filter((r) => r.position === 'WR');
  const rows = page.getByTestId('values-table').locator('tbody > tr');
  await expect(rows).toHaveCount(Math.min(150, wrs.length));
  await expect(rows.first()).toContainText(wrs[0].name);

  await page.getByLabel('Position').selectOption('');
  await page.getByLabel('Rookies only').check();
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/rookies=1/);
  const rookies = answer.rows.filter((r) => r.rookie);
  if (rookies.length > 0) await expect(rows.first()).toContainText(rookies[0].name);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`trade-values-${FORMAT}.csv`);
  const csv = readFileSync((await file.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('Rank,Name,Position,Team,Value,Error,30-day change,Trades,Too few trades');
  expect(csv.filter(Boolean)).toHaveLength(rookies.length + 1);

  // Another format: the other QB family, its own set.
  await page.getByLabel('Rookies only').uncheck();
  await page.getByLabel('QB', { exact: true }).selectOption('1QB');
  await page.getByLabel('Teams').selectOption('10');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/format=10-1qb-ppr1-te0/);
  await expect(page.getByTestId('values-source')).toContainText('10 teams · 1QB · PPR 1.');
});

test('a format with few trades of its own names the formats with the most', async ({ page, request }) => {
  await valuesOf(request);
  const rare = '10-1qb-ppr0-te1-idp';
  const answer = (await (await request.get(`/api/values?format=${rare}`)).json()) as ValuesAnswer;
  expect(answer.source.exact).toBeLessThan(50);
  const busier = answer.busiest.filter((b) => b.exact > answer.source.exact);
  expect(busier.length).toBeGreaterThan(0);
  await page.goto(`/tools/values?format=${rare}`);
  const note = page.getByTestId('values-busier');
  await expect(note).toContainText('of exactly this format so far');
  const labels = busier.map((b) => formatLabel(parseFormatKey(b.format)!));
  await expect(note.getByRole('link')).toHaveText(labels);
  await note.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`format=${busier[0].format.replace('.', '\\.')}`));
  await expect(page.getByTestId('values-source')).toContainText(`${labels[0]}.`);
  // The busiest format itself has trades enough: no note.
  if (busier[0].exact >= 50) await expect(page.getByTestId('values-busier')).toHaveCount(0);
});

test('the values page on a phone', async ({ page, request }) => {
  await valuesOf(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tools/values?format=${FORMAT}`);
  await appInteractive(page);
  const table = page.getByTestId('values-table');
  await expect(table).toBeVisible();
  // The columns a phone keeps fit its width: no sideways scrolling of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await table.locator('tbody button[aria-expanded]').first().click();
  await expect(page.getByTestId('trades-behind')).toBeVisible();
  await shoot(page, 'values-phone');
});

test('the trade calculator: two sides, the verdict against the values, the trade in a shareable address', async ({
  page,
  request,
}) => {
  const answer = await valuesOf(request);
  const valued = answer.rows.filter((r) => !r.thin);
  const [star, second, third] = valued;
  await page.goto(`/tools/trade?format=${FORMAT}`);
  await appInteractive(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Trade calculator' })).toBeVisible();
  await expect(page.getByTestId('verdict')).toContainText('Add what each side receives');

  const add = async (side: 'a' | 'b', name: string) => {
    const box = page.getByTestId(`side-${side}`).getByLabel('Add a player or pick');
    await box.fill(name);
    await box.press('Enter');
    await expect(page.getByTestId(`side-${side}`).locator('li', { hasText: name }).first()).toBeVisible();
  };
  await add('a', star.name);
  await add('b', second.name);
  await add('b', third.name);
  await expect(page).toHaveURL(new RegExp(`a=${star.asset}&b=${second.asset},${third.asset}`));
  // Enter on a name that finds nothing to add says so, and adds nothing.
  const sideA = page.getByTestId('side-a');
  const field = sideA.getByLabel('Add a player or pick');
  await field.fill('zzqx');
  await field.press('Enter');
  await expect(sideA.getByRole('status').filter({ hasText: 'zzqx' })).toHaveText(
    'No player or pick in this format matches “zzqx”.',
  );
  // A draft year no stored trade has a pick of says why there is no match.
  const years = new Set(answer.rows.filter((r) => r.kind === 'pick').map((r) => r.name.slice(0, 4)));
  const unpicked = [2028, 2029, 2030, 2031, 2032].find((y) => !years.has(String(y)));
  await field.fill(`${unpicked} 1st`);
  await expect(sideA.getByRole('status').filter({ hasText: `${unpicked}` })).toHaveText(
    `No ${unpicked} pick has a value in this format yet: values come from trades, and no stored trade has moved one.`,
  );
  // A match with too few trades shows the estimate it would count at, marked "~", as once added.
  const thinRow = answer.rows.find((r) => r.thin && r.kind === 'player');
  expect(thinRow, 'the demo has a player with too few trades').toBeTruthy();
  await field.fill(thinRow!.name);
  await expect(
    sideA
      .getByRole('list', { name: 'Matches' })
      .getByRole('button', { name: new RegExp(thinRow!.name) })
      .first(),
  ).toContainText(`~${Math.round(thinRow!.value)}`);
  await field.fill(star.name);
  await expect(sideA.getByRole('status').filter({ hasText: 'already' })).toHaveText(
    `Every player or pick matching “${star.name}” is already in this trade.`,
  );
  await field.fill('');
  await expect(page).toHaveURL(new RegExp(`a=${star.asset}&b=`));

  const a = sideWorth([star.value]);
  const b = sideWorth([second.value, third.value]);
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toContainText(`Side A: ${Math.round(a)} · Side B: ${Math.round(b)}`);
  // Two assets are worth less than their sum.
  expect(b).toBeLessThan(second.value + third.value);
  if (Math.abs(a - b) / Math.max(a, b) >= 0.05) await expect(verdict).toContainText('To even it, side');
  else await expect(verdict).toContainText('About even');
  await expectNoAxeViolations(page, 'trade calculator');
  await shoot(page, 'trade-desktop');

  // The address holds the trade: opened anew (server-rendered), the same sides and verdict.
  const url = page.url();
  const html = await (await request.get(url.replace(/^https?:\/\/[^/]+/, ''))).text();
  expect(html).toContain(star.name);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  await appInteractive(page);
  await expect(page.getByTestId('verdict')).toContainText(`Side A: ${Math.round(a)}`);
  await page.getByRole('button', { name: `Remove ${third.name}` }).click();
  await expect(page).not.toHaveURL(new RegExp(third.asset));
  await add('b', third.name);
  await shoot(page, 'trade-phone');
});

test('a side of twelve says it is full when a thirteenth is typed, and Enter adds nothing', async ({
  page,
  request,
}) => {
  const valued = (await valuesOf(request)).rows.filter((r) => !r.thin);
  const twelve = valued.slice(0, 12).map((r) => r.asset);
  const next = valued[12];
  await page.goto(`/tools/trade?format=${FORMAT}&a=${twelve.join(',')}`);
  await appInteractive(page);
  const sideA = page.getByTestId('side-a');
  await expect(sideA.getByRole('button', { name: /^Remove / })).toHaveCount(12);
  const field = sideA.getByLabel('Add a player or pick');
  await field.fill(next.name);
  await field.press('Enter');
  await expect(sideA.getByRole('status')).toHaveText(
    `A side holds at most 12 players and picks: remove one to add “${next.name}”.`,
  );
  await expect(sideA.getByRole('list', { name: 'Matches' })).toHaveCount(0);
  await expect(sideA.getByRole('button', { name: /^Remove / })).toHaveCount(12);
  // One removed, the same name is added by Enter.
  await sideA
    .getByRole('button', { name: /^Remove / })
    .first()
    .click();
  await field.fill(next.name);
  await field.press('Enter');
  await expect(sideA.locator('li', { hasText: next.name }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(next.asset));
});

/**
 * Opens the calculator on the format `start`, chooses the visitor's first league of `type` in "Your
 * league" and checks that the format set is the one the API reads from the league's settings.
 */
async function takesLeagueFormat(page: Page, type: 'mfl' | 'espn' | 'flea', start: string) {
  const [league]: { league_id: string; name: string; url?: string }[] = await (
    await page.request.get(`/api/${type}/leagues`)
  ).json();
  // MFL's league is read on its own host, with the visitor's log-in; ESPN's and Fleaflicker's by id.
  const url = type === 'mfl' ? `&url=${encodeURIComponent(league.url!)}` : '';
  const expected = await (
    await page.request.get(`/api/values/league-format?type=${type}&league_id=${league.league_id}${url}`)
  ).json();
  expect(expected.format).toMatch(/^(10|12|14)-(1qb|sf)-ppr/);
  await page.goto(`/tools/trade?format=${start}`);
  await appInteractive(page);
  const choice = page.getByLabel('Your league');
  await expect(choice).toBeVisible();
  await choice.selectOption({ label: `${league.name} (${leagueTypeLabel[type]})` });
  await expect(page).toHaveURL(new RegExp(`format=${expected.format.replace(/\./g, '\\.')}`));
  await expect(page.getByTestId('verdict')).toContainText(expected.label);
  await expect(page.getByTestId('league-format-taken')).toContainText(`${league.name}`);
  return choice;
}

test("the trade calculator takes the format of the visitor's connected league", async ({ page }) => {
  for (const [path, data] of [
    ['/api/mfl/login', { username: 'demo', password: 'demo1234' }],
    ['/api/sleeper/connect', { username: 'dynastydemo' }],
  ] as const)
    expect((await page.request.post(path, { data })).status(), path).toBe(200);
  await takesLeagueFormat(page, 'mfl', '10-1qb-ppr0-te1');

  // A 2QB league has no values of its own: the page says which format it is priced in instead.
  const sleeper: { league_id: string; name: string }[] = await (
    await page.request.get('/api/sleeper/leagues')
  ).json();
  const answers = await Promise.all(
    sleeper.map(async (l) => ({
      l,
      a: await (
        await page.request.get(`/api/values/league-format?type=sleeper&league_id=${l.league_id}`)
      ).json(),
    })),
  );
  const twoQb = answers.find(({ a }) => / 2QB /.test(a.league));
  expect(twoQb, 'the demo has a Sleeper 2QB league').toBeTruthy();
  expect(twoQb!.a.label).toContain('Superflex');
  await page.getByLabel('Your league').selectOption({ label: `${twoQb!.l.name} (Sleeper)` });
  await expect(page).toHaveURL(new RegExp(`format=${twoQb!.a.format}`));
  await expect(page.getByTestId('league-format-taken')).toHaveText(
    `${twoQb!.l.name} plays ${twoQb!.a.league}: the calculator uses ${twoQb!.a.label}, the nearest format with values.`,
  );
});

test("the trade calculator takes the format of the visitor's connected ESPN league", async ({ page }) => {
  const world = await (await page.request.get(`${SIM_URL}/_sim/world`)).json();
  const { swid, espnS2 } = world.accounts.demo.espn as { swid: string; espnS2: string };
  const ids = (world.leagues.demo.espn as { league_id: string }[]).map((l) => l.league_id);
  const connected = await page.request.post('/api/espn/connect', { data: { leagues: ids, swid, espnS2 } });
  expect(connected.status()).toBe(200);
  await takesLeagueFormat(page, 'espn', '14-1qb-ppr0-te1');
  await expect(page.getByText('Choosing a league sets the fields above from its settings.')).toBeVisible();
});

test("the trade calculator takes the format of the visitor's connected Fleaflicker league", async ({
  page,
}) => {
  expect(
    (await page.request.post('/api/flea/connect', { data: { email: 'demo@dynasty.test' } })).status(),
  ).toBe(200);
  const choice = await takesLeagueFormat(page, 'flea', '14-1qb-ppr0-te1');
  await shoot(page, 'trade-flea-league-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(choice).toBeVisible();
  await shoot(page, 'trade-flea-league-phone');
});

test("a ranking's Trade value column: a ranked value, and a player with too few trades at his estimate", async ({
  page,
  request,
  browser,
  adminState,
}) => {
  const answer = await valuesOf(request);
  // The board's players by the site's ids: an offence player with a value and one with too few trades.
  const list = (await (await request.get('/api/players')).json()) as PlayerList;
  const siteIdOf = (ids: string[]) =>
    list.players.find((p) => ids.includes(`mfl:${p.mfl_id}`) || ids.includes(`sleeper:${p.sleeper_id}`))?.id;
  const offence = answer.rows.filter(
    (r) => r.kind === 'player' && ['QB', 'RB', 'WR', 'TE'].includes(r.position) && siteIdOf(r.ids),
  );
  const valued = offence.find((r) => !r.thin);
  const thin = offence.find((r) => r.thin);
  expect(valued && thin, 'the demo has valued and thin players on the list').toBeTruthy();
  const admin = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    storageState: adminState,
  });
  const created = await admin.request.post('/api/rankings', {
    data: {
      title: unique('Values beside a board'),
      kind: 'overall',
      qbFormat: 'SF',
      isVisible: true,
      entries: [valued!, thin!].map((r) => ({ playerId: siteIdOf(r.ids), tier: 1, note: '' })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ranking = (await created.json()) as Ranking;
  await admin.close();

  await page.goto(`/ranking/${ranking.shortname}`);
  const cells = page.getByTestId('board-entry').locator('td:nth-child(3)');
  await expect(cells.first()).toContainText(`(${Math.round(valued!.value).toLocaleString('en-US')})`);
  await expect(cells.first()).toContainText(/#\d+/);
  // Not a dash: the estimate the calculator counts him at, said to be one.
  await expect(cells.nth(1)).toHaveText(
    `~${Math.round(thin!.value)} (too few trades: an estimate from startup ADP)too few trades`,
  );
  await expectNoAxeViolations(page, 'ranking with a thin value');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'ranking-thin-value-phone');
});
