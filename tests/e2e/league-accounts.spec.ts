import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, SIM_URL, test, unique } from './support.ts';

/*
 * League connections kept on the site account (decision 022), in Chromium: a signed-in user
 * connects two Sleeper names, Rostership reads both at once and names each league's account, a new
 * browser signed in as the same user has them without connecting again, and the account page's
 * League accounts (at 390 px) switches one off and removes one.
 */

const PASSWORD = 'Leagues-Kept-On-Account-42';

/** Signs up a fresh user and logs the context's cookie jar in; answers the e-mail. */
async function signUp(request: APIRequestContext) {
  const email = `${unique('leagues').replace(/\W+/g, '.').toLowerCase()}@example.test`;
  const res = await request.post('/api/signup', {
    data: { name: unique('Leagues'), username: email, password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  // A new account is not logged in by its sign-up: the page logs in next.
  const login = await request.post('/api/login', { data: { username: email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return email;
}

/** The Sleeper leagues of the demo and bench users, each once (a league both are in, under demo). */
async function sleeperLeagueCount(page: Page) {
  const world = await (await page.request.get(`${SIM_URL}/_sim/world`)).json();
  const ids = new Set<string>();
  for (const who of ['demo', 'bench'])
    for (const l of world.leagues[who].sleeper as { league_id: string }[]) ids.add(l.league_id);
  return ids.size;
}

async function connectSleeper(page: Page, button: string, username: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'Sleeper Connect' });
  await expect(dialog.getByTestId('saved-on-account')).toBeVisible();
  await dialog.getByLabel('Sleeper username').fill(username);
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: 'Connect', exact: true }).click(),
  ]);
}

const leagueCookies = async (page: Page) =>
  (await page.context().cookies()).filter((c) =>
    /^(MFL_USER_ID|SLEEPER_USER_ID|FLEAFLICKER_EMAIL|ESPN_CONNECTION)$/.test(c.name),
  );

test.describe('league accounts kept on the site account', () => {
  test('two Sleeper accounts both in Rostership, and in a new browser after signing in', async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = await signUp(page.request);
    await page.goto('/tools/rostership');
    await connectSleeper(page, 'Sleeper Connect', 'dynastydemo');
    await expect(page.getByTestId('connected-sleeper')).toContainText('Sleeper: dynastydemo');
    await connectSleeper(page, 'Add Sleeper account', 'benchuser');
    await expect(page.getByTestId('connected-sleeper')).toContainText('Sleeper: dynastydemo, benchuser');
    // Kept on the account, not in this browser.
    expect(await leagueCookies(page)).toEqual([]);

    const list = page.getByTestId('league-list');
    await expect(list.getByRole('cell', { name: 'Sleeper · dynastydemo' }).first()).toBeVisible({
      timeout: 20_000,
    });
    await expect(list.getByRole('cell', { name: 'Sleeper · benchuser' }).first()).toBeVisible();
    const total = await sleeperLeagueCount(page);
    await page.getByRole('button', { name: 'Get Players' }).click();
    await expect(page.getByText(`${total} of ${total} leagues`)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('failed-league')).toHaveCount(0);
    await expect(
      page.getByRole('table', { name: 'Players on your teams' }).locator('tbody tr').first(),
    ).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: testInfo.outputPath('league-accounts-rostership-desktop.png'),
      fullPage: true,
    });

    // A new browser: sign in, and the accounts are there without connecting again.
    const other = await browser.newContext({ baseURL });
    consoleErrors.watch(other);
    const res = await other.request.post('/api/login', { data: { username: email, password: PASSWORD } });
    expect(res.status()).toBe(200);
    const phone = await other.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/tools/rostership');
    await expect(phone.getByTestId('connected-sleeper')).toContainText('Sleeper: dynastydemo, benchuser');
    expect(await leagueCookies(phone)).toEqual([]);
    const phoneList = phone.getByTestId('league-list');
    await expect(phoneList.getByRole('cell', { name: 'Sleeper · benchuser' }).first()).toBeVisible({
      timeout: 20_000,
    });
    await phone.getByTestId('connected-sleeper').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: testInfo.outputPath('league-accounts-connections-phone.png') });
    await phone.getByRole('button', { name: 'Get Players' }).click();
    await expect(phone.getByText(`${total} of ${total} leagues`)).toBeVisible({ timeout: 60_000 });
    await phone.screenshot({
      path: testInfo.outputPath('league-accounts-rostership-phone.png'),
      fullPage: false,
    });
    await other.close();
  });

  test('the accounts list at 390 px: last used, switch off, remove, connect another', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page.request);
    for (const [path, data] of [
      ['/api/sleeper/connect', { username: 'dynastydemo' }],
      ['/api/sleeper/connect', { username: 'benchuser' }],
      ['/api/mfl/login', { username: 'demo', password: 'demo1234' }],
    ] as const)
      expect((await page.request.post(path, { data })).status(), path).toBe(200);
    // Used once: Rostership's league list reads the Sleeper accounts.
    expect((await page.request.get('/api/sleeper/leagues')).status()).toBe(200);

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'League Accounts' });
    await expect(section).toBeVisible();
    const items = section.getByTestId('league-account');
    await expect(items).toHaveCount(3);
    const bench = section.getByRole('listitem', { name: 'Sleeper benchuser' });
    await expect(bench).toContainText('Last used today');
    await expect(section.getByRole('listitem', { name: 'MFL demo' })).toContainText('Not used yet');

    const benchSwitch = bench.getByRole('switch', { name: 'Use Sleeper benchuser' });
    await expect(benchSwitch).toHaveAttribute('aria-checked', 'true');
    await benchSwitch.click();
    await expect(benchSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(bench).toContainText('Off: no tool uses it');
    const connections = await (await page.request.get('/api/connections')).json();
    expect(connections.sleeper.accounts.map((a: { label: string }) => a.label)).toEqual(['dynastydemo']);

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'league accounts', '#league-accounts');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: testInfo.outputPath('league-accounts-phone.png') });

    await section.getByRole('button', { name: 'Remove Sleeper dynastydemo', exact: true }).click();
    await section.getByRole('button', { name: 'Remove Sleeper dynastydemo for good' }).click();
    await expect(items).toHaveCount(2);
    await expect(section.getByRole('listitem', { name: 'Sleeper dynastydemo' })).toHaveCount(0);

    // Connect another, from the page.
    await section.getByRole('button', { name: 'Add Fleaflicker account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Fleaflicker' });
    await dialog.getByLabel('Fleaflicker e-mail').fill('demo@dynasty.test');
    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Connect', exact: true }).click(),
    ]);
    await expect(section.getByRole('listitem', { name: 'Fleaflicker d***@dynasty.test' })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await section.screenshot({ path: testInfo.outputPath('league-accounts-desktop.png') });
  });
});
