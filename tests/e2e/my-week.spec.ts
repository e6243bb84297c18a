import type { Page } from '@playwright/test';
import { adpStoreRead, expect, expectNoAxeViolations, SIM_URL, test } from './support.ts';

/*
 * My week in Chromium against the simulator, for the demo user with leagues on MFL, Sleeper and
 * Fleaflicker: every league gets its card as its line streams in, problems link to where they are
 * fixed, the week picker reloads the week, best available lists each league's free agents and the
 * players free in most leagues, and the page works 390 px wide.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';
const demo = { mfl: ['demo', 'demo1234'], sleeper: 'dynastydemo', flea: 'demo@dynasty.test' } as const;

async function connectAll(page: Page) {
  for (const [path, data] of [
    ['/api/mfl/login', { username: demo.mfl[0], password: demo.mfl[1] }],
    ['/api/sleeper/connect', { username: demo.sleeper }],
    ['/api/flea/connect', { email: demo.flea }],
  ] as const) {
    const res = await page.request.post(path, { data });
    expect(res.status(), path).toBe(200);
  }
}

async function worldLeagueCount(page: Page) {
  const world = await (await page.request.get(`${SIM_URL}/_sim/world`)).json();
  const mine = world.leagues.demo as Record<string, unknown[]>;
  return mine.mfl.length + mine.sleeper.length + mine.flea.length;
}

async function loaded(page: Page) {
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(async () =>
    expect(await bar.getAttribute('aria-valuenow')).toBe(await bar.getAttribute('aria-valuemax')),
  ).toPass({ timeout: 60_000 });
}

test.describe('my week', () => {
  test('is in the Tools menu and asks to connect first', async ({ page }) => {
    await page.goto('/');
    await page.goto('/tools/my-week');
    await expect(page.getByRole('heading', { name: 'My week', level: 1 })).toBeVisible();
    await expect(page.getByText('Connect at least one account above')).toBeVisible();
  });

  test('every league of every service gets its card; problems link to where they are fixed', async ({
    page,
  }) => {
    // The lines read here are kept for a while and read again by "best available" below: read after
    // the site's ADP has filled, so that test's players have theirs (slow on a busy machine).
    test.setTimeout(200_000);
    await adpStoreRead(page.request);
    await connectAll(page);
    const total = await worldLeagueCount(page);
    await page.goto('/tools/my-week');
    await loaded(page);
    const cards = page.getByTestId('my-week-league');
    await expect(cards).toHaveCount(total);
    await expect(page.getByRole('heading', { name: /^Week \d+$/ })).toBeVisible();
    // No league failed, and none is still loading.
    await expect(cards.getByRole('alert')).toHaveCount(0);
    await expect(cards.getByText('Loading…')).toHaveCount(0);
    // The demo teams have problems (the world puts injured starters and byes in their lineups).
    await expect(page.getByTestId('problem').first()).toBeVisible();
    await expect(page.getByTestId('problem-summary')).toContainText(/\d+ problems? in \d+ of \d+ leagues/);

    // Every league links to where its lineup is set; a league with problems says "Fix".
    const link = (service: string, name: RegExp) =>
      page.locator(`[data-league^="${service}:"]`).getByRole('link', { name });
    await expect(link('mfl', /^(Fix|Open) in the Lineup tool$/).first()).toHaveAttribute(
      'href',
      /^\/tools\/lineup\/\d+$/,
    );
    await expect(link('sleeper', /^(Fix|Open) on Sleeper/).first()).toHaveAttribute(
      'href',
      /^https:\/\/sleeper\.com\/leagues\/\d+\/team$/,
    );
    await expect(link('flea', /^(Fix|Open) on Fleaflicker/).first()).toHaveAttribute(
      'href',
      /^https:\/\/www\.fleaflicker\.com\/nfl\/leagues\/\d+\/teams\/\d+$/,
    );
    await expect(page.getByRole('link', { name: /^Fix / }).first()).toBeVisible();
    // A best-ball league's lineup is the service's to set: its card says so and links nowhere.
    const ball = cards.filter({ hasText: 'Demo Best Ball SF' });
    await expect(ball).toContainText(
      'Best ball: MFL sets your lineup from the week’s scores, so there is nothing to set.',
    );
    await expect(ball.getByRole('link')).toHaveCount(0);
    await expect(ball.getByText(/can still change/)).toBeHidden();
    const mflFix = link('mfl', /^(Fix|Open) in the Lineup tool$/);
    await expectNoAxeViolations(page, 'my week');
    await page.screenshot({ path: `${SHOTS}/my-week-1280.png`, fullPage: false });

    // The MFL fix link opens that league in the Lineup tool.
    const href = await mflFix.first().getAttribute('href');
    await mflFix.first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('the week picker loads another week', async ({ page }) => {
    await connectAll(page);
    await page.goto('/tools/my-week');
    await loaded(page);
    const heading = page.getByRole('heading', { name: /^Week \d+$/ });
    const current = Number((await heading.innerText()).replace(/\D/g, ''));
    const other = current >= 18 ? 17 : current + 1;
    await page.getByLabel('Week', { exact: true }).selectOption(String(other));
    await expect(page.getByRole('heading', { name: `Week ${other}` })).toBeVisible({ timeout: 30_000 });
    await loaded(page);
    await expect(page.getByTestId('my-week-league').getByRole('alert')).toHaveCount(0);
  });

  test('best available: each league’s free agents, the players free in most leagues, the ranking stated', async ({
    page,
  }) => {
    // The site's ADP fills in the background at start: wait for its first read (slow on a busy machine).
    test.setTimeout(200_000);
    await adpStoreRead(page.request);
    await connectAll(page);
    const total = await worldLeagueCount(page);
    await page.goto('/tools/my-week');
    await loaded(page);
    await expect(page.getByTestId('ranking-fallback')).toContainText('players without ADP follow');
    const perLeague = page.getByTestId('best-league');
    await expect(perLeague).toHaveCount(total);
    await perLeague.first().locator('summary').click();
    await expect(perLeague.first().getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/tools\/status-checker\?player=/,
    );
    const most = page.getByTestId('free-in-most').getByRole('listitem');
    await expect(most.first()).toContainText(/free in \d+ of \d+ leagues/);
    // Opening a player shows where he is free and where rostered: the Status Checker's answer.
    await most.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/tools\/status-checker\?player=/);
  });

  test('works 390 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await connectAll(page);
    await page.goto('/tools/my-week');
    await loaded(page);
    await expect(page.getByTestId('my-week-league').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The first problem, and the link to where it is fixed, are on the first screen without scrolling.
    const fix = await page.getByRole('link', { name: /^Fix / }).first().boundingBox();
    expect(fix!.y + fix!.height).toBeLessThanOrEqual(844);
    await expect(page.getByTestId('problem').first()).toBeInViewport();
    // The accounts fold into one line there, and open on demand.
    const accounts = page.getByRole('region', { name: 'Your accounts' });
    await expect(accounts.getByRole('button', { name: 'Log out of MFL' })).toBeHidden();
    await accounts.getByRole('button', { name: 'Accounts' }).click();
    await expect(accounts.getByRole('button', { name: 'Log out of MFL' })).toBeVisible();
    await accounts.getByRole('button', { name: 'Hide accounts' }).click();
    await page.screenshot({ path: `${SHOTS}/my-week-390.png`, fullPage: false });
    await page.getByTestId('best-league').first().scrollIntoViewIfNeeded();
    await page.getByTestId('best-league').first().locator('summary').click();
    await page.screenshot({ path: `${SHOTS}/my-week-390-best.png`, fullPage: false });
  });
});
