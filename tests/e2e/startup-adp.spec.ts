import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { adpStoreRead, axeFindings, expect, test } from './support.ts';

/*
 * Startup ADP (decision 021) against the demo server, whose store reads the simulator's listed
 * leagues at start: Sleeper leagues with a snake or auction startup before their rookie draft, public
 * MFL leagues with a startup auction, and MFL leagues whose only draft was their snake startup.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const daysAgo = (n: number) => {
  const now = new Date();
  return iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
};
/** A year up to today: every startup the simulator made. */
const year = { startDate: daysAgo(365), endDate: daysAgo(0) };
const yearParams = `from=${year.startDate}&to=${year.endDate}`;
const everyFormat = { sizes: [10, 12, 14], types: ['1QB', 'SF', '2QB'], idp: 0, ppr: 0 };

/** Where the closing note's screenshots go (STARTUP_SHOTS, else Playwright's output folder). */
const shots = process.env.STARTUP_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shoot(page: Page, name: string) {
  // The top of the page: the choices, the filter, the caption and the table's first rows.
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({
    path: `${shots ?? test.info().outputDir}/${name}.png`,
    fullPage: true,
    clip: { x: 0, y: 0, width, height: width < 600 ? 2000 : 1300 },
  });
}

interface StartupBody {
  kind: 'snake' | 'auction';
  totalLeagues: number;
  players: { id: string; position: string; name: string; adp?: number; share?: number }[];
  source: { note: string };
}
async function apiStartup(request: APIRequestContext, body: object) {
  const res = await request.post('/api/mfl/adp/startup', { data: { ...everyFormat, ...year, ...body } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as StartupBody;
}

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');

/** Under 10 drafts the page first says they are too few; the list is shown on request. */
async function listAll(page: Page, totalLeagues: number) {
  if (totalLeagues >= 10) return;
  await page.getByRole('button', { name: `Show these ${totalLeagues} drafts anyway` }).click();
}

test.beforeAll(async ({ request }) => {
  // The store is filled in the background at start: wait for its first full read.
  test.setTimeout(150_000);
  await adpStoreRead(request);
});

test.describe('Startup ADP', () => {
  test('the Rookie / Startup switch and the Snake / Auction choice, kept in the URL, never mixing the two', async ({
    page,
    request,
  }) => {
    await page.goto(`/tools/rookie-adp?service=sleeper&${yearParams}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sleeper Rookie ADP' })).toBeVisible();
    await expect(page.getByTestId('adp-caption')).toContainText('Sleeper drafts');
    await shoot(page, 'sleeper-rookie');
    await expect(page.getByTestId('adp-kind')).toHaveCount(0);

    // Startup: snake drafts first, ranked by ADP.
    await page.getByTestId('adp-draft').getByText('Startup', { exact: true }).click();
    await expect(page).toHaveURL(/service=sleeper&draft=startup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sleeper Startup ADP' })).toBeVisible();
    await expect(page).toHaveTitle(/Sleeper Startup ADP/);
    const snake = await apiStartup(request, { service: 'sleeper', kind: 'snake', minShare: 5 });
    expect(snake.totalLeagues).toBeGreaterThan(0);
    await expect(page.getByTestId('adp-caption')).toContainText(
      `Data collected from ${snake.totalLeagues} Sleeper startup snake ${snake.totalLeagues === 1 ? 'draft' : 'drafts'}`,
    );
    await expect(page.getByTestId('adp-source')).toHaveText(snake.source.note);
    await listAll(page, snake.totalLeagues);
    await expect(page.getByRole('table').locator('thead th')).toContainText(['Rank', 'Pos.', 'Name', 'ADP']);
    await expect(rows(page)).toHaveCount(snake.players.length);
    await expect(rows(page).first().locator('td').nth(3)).toHaveText(snake.players[0].adp!.toFixed(2));
    // A startup's table opens no month-by-month chart and has no trend.
    await expect(page.getByRole('table').getByRole('button')).toHaveCount(0);
    await shoot(page, 'sleeper-startup-snake');

    // Auction: shares of the budget, most expensive first, in a table of their own.
    await page.getByTestId('adp-kind').getByText('Auction', { exact: true }).click();
    await expect(page).toHaveURL(/draft=startup&kind=auction$/);
    const auction = await apiStartup(request, { service: 'sleeper', kind: 'auction', minShare: 5 });
    expect(auction.totalLeagues).toBeGreaterThan(0);
    await expect(page.getByTestId('adp-caption')).toContainText(
      `Data collected from ${auction.totalLeagues} Sleeper startup ${auction.totalLeagues === 1 ? 'auction' : 'auctions'}`,
    );
    await listAll(page, auction.totalLeagues);
    const table = page.getByTestId('auction-table');
    await expect(table.locator('thead th')).toContainText(['Rank', 'Pos.', 'Name', 'Avg % of budget']);
    await expect(table.locator('thead th', { hasText: /^ADP$/ })).toHaveCount(0);
    await expect(rows(page)).toHaveCount(auction.players.length);
    const shares = await page.getByTestId('auction-share').allTextContents();
    expect(shares[0]).toBe(`${(auction.players[0].share! * 100).toFixed(1)}%`);
    expect(shares.map((s) => Number.parseFloat(s))).toEqual(
      [...shares.map((s) => Number.parseFloat(s))].sort((a, b) => b - a),
    );
    await shoot(page, 'sleeper-startup-auction');

    // A reload keeps the view; Rookie again drops the startup's kind from the URL.
    await page.reload();
    await listAll(page, auction.totalLeagues);
    await expect(page.getByTestId('auction-table')).toBeVisible();
    await page.getByTestId('adp-draft').getByText('Rookie', { exact: true }).click();
    await expect(page).not.toHaveURL(/draft=|kind=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sleeper Rookie ADP' })).toBeVisible();
    await expect(page.getByTestId('adp-caption')).toContainText('Sleeper drafts');
  });

  test("MFL startups come from the store's connected and listed leagues, and say so", async ({
    page,
    request,
  }) => {
    await page.goto(`/tools/rookie-adp?${yearParams}`);
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    await shoot(page, 'mfl-rookie');
    await page.goto(`/tools/rookie-adp?draft=startup&${yearParams}`);
    const snake = await apiStartup(request, { service: 'mfl', kind: 'snake', minShare: 5 });
    expect(snake.totalLeagues).toBeGreaterThan(0);
    await expect(page.getByTestId('adp-caption')).toContainText(
      `${snake.totalLeagues} MFL startup snake drafts`,
    );
    await expect(page.getByTestId('adp-source')).toContainText('agreed to share them');
    await expect(page.getByTestId('adp-source-note')).toContainText('never searches');
    await listAll(page, snake.totalLeagues);
    await expect(rows(page)).toHaveCount(snake.players.length);
    await shoot(page, 'mfl-startup-snake');
    await page.getByTestId('adp-kind').getByText('Auction', { exact: true }).click();
    const auction = await apiStartup(request, { service: 'mfl', kind: 'auction', minShare: 5 });
    expect(auction.totalLeagues).toBeGreaterThan(0);
    await expect(page.getByTestId('adp-caption')).toContainText(
      `${auction.totalLeagues} MFL startup auctions`,
    );
    await expect(rows(page)).toHaveCount(auction.players.length);
    await shoot(page, 'mfl-startup-auction');
  });

  test('on a 390 px phone: the choices fit, the auction table shows its range in one column, and axe finds nothing', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/tools/rookie-adp?service=sleeper&draft=startup&kind=auction&${yearParams}`);
    await listAll(
      page,
      (await apiStartup(request, { service: 'sleeper', kind: 'auction', minShare: 5 })).totalLeagues,
    );
    await expect(page.getByTestId('auction-table')).toBeVisible();
    for (const name of ['Rookie', 'Startup', 'Snake', 'Auction']) {
      const box = await page.getByText(name, { exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    await expect(page.getByTestId('auction-table').locator('thead th:visible')).toHaveText(
      ['Rank', 'Pos.', 'Name', 'Avg %', 'Range'],
      { useInnerText: true },
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeFindings(page)).toEqual([]);
    await shoot(page, 'sleeper-startup-auction-phone');
    await page.getByTestId('adp-kind').getByText('Snake', { exact: true }).click();
    await listAll(
      page,
      (await apiStartup(request, { service: 'sleeper', kind: 'snake', minShare: 5 })).totalLeagues,
    );
    await expect(page.getByRole('table').locator('thead th', { hasText: /^ADP$/ })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await shoot(page, 'sleeper-startup-snake-phone');
  });
});
