import type { Page } from '@playwright/test';
import { expect, SIM_URL, test } from './support.ts';

/*
 * When an extra's call fails (the simulator's fault controls), the tool pages still show every
 * league and say in one quiet line what is left out; the Status Checker tells "this league does not
 * use the position" from "this service does not list the player".
 */

async function connectAll(page: Page) {
  for (const [path, data] of [
    ['/api/mfl/login', { username: 'demo', password: 'demo1234' }],
    ['/api/sleeper/connect', { username: 'dynastydemo' }],
    ['/api/flea/connect', { email: 'demo@dynasty.test' }],
  ] as const) {
    expect((await page.request.post(path, { data })).status(), path).toBe(200);
  }
}

/*
 * The faults are set on the bench account's own MFL leagues, which no other spec reads, so specs
 * running at the same time on the same simulator are not touched (and nothing needs a reset).
 */
async function benchLeagues(page: Page): Promise<{ league_id: string }[]> {
  const login = await page.request.post('/api/mfl/login', {
    data: { username: 'bench', password: 'bench1234' },
  });
  expect(login.status()).toBe(200);
  return (await page.request.get('/api/mfl/leagues')).json();
}

const fault = (page: Page, match: string) =>
  page.request.post(`${SIM_URL}/_sim/faults`, {
    data: { service: 'mfl', kind: '500', count: 10_000, match },
  });

test('Rostership: MFL starter flags fail, every league still loads, one quiet line says so', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const leagues = await benchLeagues(page);
  // The first league is left whole: the Lineup test below reads it.
  for (const l of leagues.slice(1)) {
    await fault(page, `TYPE=playerStatus&L=${l.league_id}&`);
    await fault(page, `TYPE=liveScoring&L=${l.league_id}&`);
  }
  await page.goto('/tools/rostership');
  await page.getByRole('button', { name: 'Get Players' }).click();
  const total = leagues.length;
  await expect(page.getByText(`${total} of ${total} leagues`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('failed-league')).toHaveCount(0);
  await expect(page.getByTestId('missing-extras')).toHaveText(
    'Not shown right now, a service did not answer: starter flags.',
  );
  await page.screenshot({ path: testInfo.outputPath('rostership-missing-extras.png') });
});

test('Lineup: without projections the lineup still loads, with one quiet line', async ({
  page,
}, testInfo) => {
  const [league] = await benchLeagues(page);
  await fault(page, `TYPE=projectedScores&L=${league.league_id}&`);
  await page.goto(`/tools/lineup/${league.league_id}`);
  await expect(page.getByRole('heading', { name: /Week \d+ Lineup/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('missing-extras')).toHaveText(
    'Not shown right now, a service did not answer: projections.',
  );
  await page.screenshot({ path: testInfo.outputPath('lineup-missing-extras.png') });
});

test('Status Checker: "does not use his position" and "does not list this player" are told apart', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await connectAll(page);
  // A linebacker: leagues without IDP do not use his position.
  const all: { id: string; name: string; position: string; team: string }[] = (
    await (await page.request.get('/api/players')).json()
  ).players;
  const count = new Map<string, number>();
  for (const p of all) count.set(p.name, (count.get(p.name) ?? 0) + 1);
  const lb = all.find((p) => p.position === 'LB' && count.get(p.name) === 1 && !p.name.includes("'"))!;
  // Every player of the demo world is on all three services; a Sleeper that no longer lists him is
  // what this page would show after a player leaves Sleeper's database.
  await page.route('**/api/players/status', async (route) => {
    const res = await route.fetch();
    const rows = (await res.json()) as { type: string; playerStatus?: { status: string } }[];
    for (const r of rows) if (r.type === 'sleeper' && r.playerStatus) r.playerStatus = { status: 'NL' };
    await route.fulfill({ response: res, json: rows });
  });

  await page.goto('/tools/status-checker');
  await page.getByRole('combobox', { name: 'Player' }).fill(lb.name.toLowerCase());
  await page.getByRole('option', { name: `${lb.name} · ${lb.position} · ${lb.team}` }).click();
  await expect(page.getByText('Checking…')).toHaveCount(0, { timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Player status by league' });
  await expect(table.getByText('Not available: this league does not use his position').first()).toBeVisible();
  await expect(table.getByText('Not available: Sleeper does not list this player').first()).toBeVisible();
  // Fleaflicker leagues without IDP slots do not use him either; none of its rows says "not listed".
  await expect(table.getByText('Not available: Fleaflicker does not list this player')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('status-not-available.png'), fullPage: true });
});
