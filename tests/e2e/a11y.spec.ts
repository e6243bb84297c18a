import type { Page } from '@playwright/test';
import { expect, test } from './admin-support.ts';
import { expectNoAxeViolations } from './support.ts';

/*
 * Every page of the site, tools and admin included, at desktop and phone widths: axe finds nothing,
 * and on a 390 px phone no table is wider than its box and the page never scrolls sideways. Tools
 * run with all three services connected and data loaded, so their tables are full.
 */

const PAGES: { path: string; ready?: (page: Page) => Promise<void> }[] = [
  { path: '/' },
  { path: '/articles' },
  { path: '/article/2027-rookie-rankings-top-24-for-superflex-leagues' },
  { path: '/profiles' },
  { path: '/profile/deandre-whitfield' },
  { path: '/search?search=superflex' },
  { path: '/search?search=zzzqqq' },
  {
    path: '/tools/lineup',
    ready: (p) => expect(p.getByText(/Week \d+ Lineup/)).toBeVisible({ timeout: 30_000 }),
  },
  {
    // With the player search's list open: the listbox and its options are checked too.
    path: '/tools/status-checker',
    ready: async (p) => {
      const search = p.getByRole('combobox', { name: 'Player' });
      await expect(search).toHaveAttribute('placeholder', 'Type a player’s name', { timeout: 20_000 });
      await search.fill('al');
      await expect(p.getByRole('listbox', { name: 'Player' }).getByRole('option').first()).toBeVisible();
      await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
    },
  },
  {
    path: '/tools/rostership',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Get Players' }).click({ timeout: 20_000 });
      await expect(
        p.getByRole('table', { name: 'Players on your teams' }).locator('tbody tr').first(),
      ).toBeVisible({
        timeout: 60_000,
      });
      const bar = p.getByRole('progressbar');
      await expect(async () =>
        expect(await bar.getAttribute('aria-valuenow')).toBe(await bar.getAttribute('aria-valuemax')),
      ).toPass({ timeout: 60_000 });
    },
  },
  {
    path: '/tools/rookie-adp',
    ready: (p) => expect(p.getByTestId('adp-caption')).toBeVisible({ timeout: 20_000 }),
  },
  { path: '/tools/rookie-adp?view=chart', ready: (p) => expect(p.getByTestId('adp-caption')).toBeVisible() },
  { path: '/admin' },
  { path: '/admin/articles' },
  { path: '/admin/article/new' },
  { path: '/admin/article/1' },
  { path: '/admin/profiles' },
  { path: '/admin/profile/new' },
  { path: '/admin/profile/1' },
  { path: '/admin/users' },
  { path: '/admin/user/1' },
];

async function connectAll(page: Page) {
  for (const [path, data] of [
    ['/api/mfl/login', { username: 'demo', password: 'demo1234' }],
    ['/api/sleeper/connect', { username: 'dynastydemo' }],
    ['/api/flea/connect', { email: 'demo@dynasty.test' }],
  ] as const)
    expect((await page.request.post(path, { data })).status(), path).toBe(200);
}

/** Waits until the page has drawn its content: a heading, and no skeletons or spinners. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('main .animate-pulse, main .animate-spin')).toHaveCount(0, { timeout: 30_000 });
}

/** Tables wider than their box at this width (name: table width / box width). */
const overflowingTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main table')]
      .filter((t) => (t as HTMLElement).offsetParent !== null)
      .map((t) => ({
        name: t.getAttribute('aria-label') ?? t.querySelector('th')?.textContent ?? '?',
        width: t.scrollWidth,
        box: (t.parentElement as HTMLElement).clientWidth,
      }))
      .filter((t) => t.width > t.box + 1),
  );

for (const width of [1280, 390]) {
  test(`every page has no axe violations at ${width} px${width < 600 ? ', and every table fits' : ''}`, async ({
    adminPage: page,
  }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await connectAll(page);
    for (const { path, ready } of PAGES) {
      await test.step(path, async () => {
        await page.goto(path);
        await settled(page);
        await ready?.(page);
        await settled(page);
        await expectNoAxeViolations(page, `${path} at ${width} px`);
        if (width < 600) {
          expect(await overflowingTables(page), `tables wider than the screen on ${path}`).toEqual([]);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${path} scrolls sideways`,
          ).toBeLessThanOrEqual(width);
        }
        await page.screenshot({
          path: testInfo.outputPath(`${width}${path.replace(/[^a-z0-9]+/gi, '-')}.png`),
          fullPage: true,
        });
      });
    }
  });
}

test('log-in and sign-up pages have no axe violations', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await settled(page);
      await expectNoAxeViolations(page, `${path} at ${width} px`);
    }
  }
});
