import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, SIM_URL, test } from './support.ts';

/*
 * ESPN in Chromium against the simulator: the demo member connects through the dialog with one
 * league id and their two ESPN cookies (the form names a wrong line before anything is sent), and
 * every ESPN league of theirs (found with the cookies) is counted in Rostership and has its card
 * in My week.
 */

interface WorldLeague {
  league_id: string;
  name: string;
  team_id?: string;
}
interface EspnWorld {
  leagues: WorldLeague[];
  swid: string;
  espnS2: string;
}

/** The demo member's ESPN leagues and cookies, as the simulator tells them. */
async function espnWorld(page: Page): Promise<EspnWorld> {
  const world = await (await page.request.get(`${SIM_URL}/_sim/world`)).json();
  const { swid, espnS2 } = world.accounts.demo.espn as { swid: string; espnS2: string };
  return { leagues: world.leagues.demo.espn as WorldLeague[], swid, espnS2 };
}

const box = (dialog: Locator) => dialog.getByLabel('League ids or team page addresses');

async function connectThroughDialog(page: Page, espn: EspnWorld) {
  await page.getByRole('button', { name: 'Connect ESPN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect ESPN' });
  await expect(box(dialog)).toBeFocused();

  // A line that is neither a league id nor an ESPN address is named beside the box; nothing is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/espn/connect')) sent++;
  });
  await box(dialog).fill(`${espn.leagues[0].league_id}\nmy league`);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(
    dialog.getByText('Line 2 (“my league”) is not a league id or an ESPN team page address.'),
  ).toBeVisible();
  await expect(box(dialog)).toHaveAttribute('aria-invalid', 'true');
  await expect(box(dialog)).toBeFocused();
  expect(sent).toBe(0);

  // One league id and the cookies: the cookies find the member's other leagues and teams.
  await box(dialog).fill(espn.leagues[0].league_id);
  await dialog.getByText('Private league?').click();
  await expect(dialog.getByLabel('espn_s2')).toHaveAttribute('type', 'password');
  await dialog.getByLabel('espn_s2').fill(espn.espnS2);
  await dialog.getByLabel('SWID').fill(espn.swid);
  await expectNoAxeViolations(page, 'ESPN connect dialog', '[role="dialog"]');
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: 'Connect', exact: true }).click(),
  ]);
  expect(sent).toBe(1);
  await expect(page.getByTestId('connected-espn')).toContainText('ESPN connected');
}

test.describe('espn', () => {
  test('connects through the dialog; Rostership counts every ESPN league, My week shows each', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const espn = await espnWorld(page);
    expect(espn.leagues.length).toBeGreaterThan(1);

    await page.goto('/tools/rostership');
    await connectThroughDialog(page, espn);

    // Rostership: each ESPN league listed and active, all of them read by Get Players.
    const n = espn.leagues.length;
    await expect(page.getByText(`${n} of ${n} active`)).toBeVisible({ timeout: 30_000 });
    const list = page.getByRole('table', { name: 'Your leagues' });
    for (const l of espn.leagues)
      await expect(list.getByRole('row', { name: new RegExp(l.name) })).toContainText('ESPN');
    await page.getByRole('button', { name: 'Get Players' }).click();
    await expect(page.getByText(`${n} ${n === 1 ? 'league' : 'leagues'} read`)).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByTestId('failed-league')).toHaveCount(0);
    await expect(
      page.getByRole('table', { name: 'Players on your teams' }).locator('tbody tr').first(),
    ).toBeVisible();

    // My week: a card for each ESPN league, none failed, each with its link to ESPN.
    await page.goto('/tools/my-week');
    const cards = page.locator('[data-testid="my-week-league"][data-league^="espn:"]');
    await expect(cards).toHaveCount(n, { timeout: 30_000 });
    await expect(cards.getByText('Loading…')).toHaveCount(0, { timeout: 60_000 });
    await expect(cards.getByRole('alert')).toHaveCount(0);
    await expect(cards.first().getByRole('link', { name: /^(Fix|Open) on ESPN/ })).toHaveAttribute(
      'href',
      /espn\.com\/football\//,
    );

    // Logging out of ESPN forgets the connection.
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Log out of ESPN' }).click(),
    ]);
    await expect(page.getByRole('button', { name: 'Connect ESPN' })).toBeVisible();
  });

  test('a league ESPN does not know keeps the dialog open with ESPN’s words', async ({ page }) => {
    await page.goto('/tools/rostership');
    await page.getByRole('button', { name: 'Connect ESPN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect ESPN' });
    await box(dialog).fill('999999999999');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(dialog.getByRole('alert')).toBeVisible({ timeout: 20_000 });
    await expect(box(dialog)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();
  });
});
