import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, SIM_URL, test } from './support.ts';

/*
 * The Player Status Checker in Chromium against the simulator, for the demo user with leagues on
 * MFL, Sleeper and Fleaflicker: the connect buttons, the type-ahead, a status row for every league
 * labelled by service, and a league that fails and is retried.
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

interface Listed {
  id: string;
  mfl_id?: string;
  name: string;
  position: string;
  team: string;
}

/** A player on the demo user's team in its first MFL league, whose name no one else has. */
async function myMflPlayer(page: Page) {
  const leagues = await (await page.request.get('/api/mfl/leagues')).json();
  const league = leagues[0];
  const answer = await (
    await page.request.post('/api/mfl/rostership', {
      data: {
        leagues: [{ league_id: league.league_id, franchise_id: league.franchise_id, url: league.url }],
      },
    })
  ).json();
  const { players: all }: { players: Listed[] } = await (await page.request.get('/api/players')).json();
  const count = new Map<string, number>();
  for (const p of all) count.set(p.name, (count.get(p.name) ?? 0) + 1);
  const mine = answer.players.find(
    (p: Listed) => count.get(p.name) === 1 && /^\d+$/.test(p.id) && !p.name.includes("'"),
  ) as Listed;
  return { league, player: mine };
}

const statusTable = (page: Page) => page.getByRole('table', { name: 'Player status by league' });

test.describe('player status checker', () => {
  test('the player search appears once an account is connected; MFL login and Sleeper Connect buttons', async ({
    page,
  }) => {
    await page.goto('/tools/status-checker');
    await expect(page.getByRole('button', { name: 'Log in to MFL' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sleeper Connect' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Fleaflicker' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Player' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sleeper Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sleeper Connect' });
    await dialog.getByLabel('Sleeper username').fill('dynastydemo');
    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Connect', exact: true }).click(),
    ]);
    await expect(page.getByRole('combobox', { name: 'Player' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out of Sleeper' })).toBeVisible();
    // Logging out takes the search away again.
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Log out of Sleeper' }).click(),
    ]);
    await expect(page.getByRole('combobox', { name: 'Player' })).toHaveCount(0);
  });

  test('a player’s status in every league, labelled by service; a failing league is retried', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await connectAll(page);
    const world = await (await page.request.get(`${SIM_URL}/_sim/world`)).json();
    const demo = world.leagues.demo as Record<
      'mfl' | 'sleeper' | 'flea',
      { league_id: string; name: string }[]
    >;
    const total = demo.mfl.length + demo.sleeper.length + demo.flea.length;
    const { league, player } = await myMflPlayer(page);
    // MFL refuses this player's status in another league on every try the client makes.
    const failing = demo.mfl[1];
    await page.request.post(`${SIM_URL}/_sim/faults`, {
      data: {
        service: 'mfl',
        kind: '500',
        count: 3,
        match: `L=${failing.league_id}&P=${player.id}&JSON`,
      },
    });

    await page.goto('/tools/status-checker');
    const search = page.getByRole('combobox', { name: 'Player' });
    await search.fill(player.name.slice(0, Math.max(4, player.name.length - 2)).toLowerCase());
    const option = page.getByRole('option', { name: `${player.name} · ${player.position} · ${player.team}` });
    await expect(option).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('status-search.png') });
    await option.click();

    const rows = statusTable(page).locator('tbody tr');
    await expect(rows).toHaveCount(total);
    // Every league type is labelled.
    for (const label of ['MFL', 'Sleeper', 'Fleaflicker'])
      await expect(statusTable(page).getByText(label, { exact: true }).first()).toBeVisible();
    // His own MFL league says so, with MFL's add/drop page.
    const own = rows.filter({ hasText: league.name });
    await expect(own).toContainText('On my team', { timeout: 30_000 });
    await expect(own.getByRole('link', { name: 'Drop' })).toHaveAttribute('href', /add_drop\?L=/);
    // The failing league answers its own error; the rest finish.
    const bad = rows.filter({ hasText: failing.name });
    await expect(bad.getByTestId('status-error')).toContainText('MFL', { timeout: 30_000 });
    await expect(page.getByText('Checking…')).toHaveCount(0, { timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath('status-failed-league.png'), fullPage: true });
    await bad.getByRole('button', { name: `Retry ${failing.name}` }).click();
    await expect(bad.getByTestId('status-error')).toHaveCount(0, { timeout: 30_000 });
    await expect(bad).toContainText(/Free Agent|On my team|Rostered by|Not available/);
    // Free agents come with the service's add link.
    const free = rows.filter({ hasText: 'Free Agent' });
    if ((await free.count()) > 0) await expect(free.first().getByRole('link', { name: 'Add' })).toBeVisible();

    const axe = await new AxeBuilder({ page }).include('[aria-labelledby="status-title"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('status-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await statusTable(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('status-phone.png') });
  });
});
