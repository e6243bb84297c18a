import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support.ts';

/*
 * Rookie ADP against the demo server, whose ADP store reads the simulator's public MFL rookie drafts
 * at start (src/server/demo.ts).
 */

const MESSAGES = [
  'Must select at least one league size.',
  'Must select at least one league type.',
  'Invalid date range.',
];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const mdy = (isoDate: string) => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;
const daysAgo = (n: number) => {
  const now = new Date();
  return iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
};

/** The API's answer for a filter, to check what the page shows. */
async function apiAdp(request: APIRequestContext, body: object) {
  const res = await request.post('/api/mfl/adp', { data: body });
  expect(res.ok()).toBe(true);
  return (await res.json()) as {
    totalLeagues: number;
    players: { id: string; position: string; name: string; adp: number }[];
  };
}

const everyFormat = { sizes: [10, 12, 14], types: ['1QB', 'SF', '2QB'] };

const drafts = (n: number) => `${n} MFL ${n === 1 ? 'draft' : 'drafts'}`;

async function resultRows(page: Page) {
  return page.getByRole('table').locator('tbody tr');
}

test.beforeAll(async ({ request }) => {
  // The store is filled in the background at start: wait for its first full read (slow on a busy machine).
  test.setTimeout(150_000);
  await expect
    .poll(
      async () => {
        const status = await (await request.get('/api/mfl/adp/status')).json();
        return status.refresh.runs >= 1 && !status.refresh.running && status.drafts > 0;
      },
      { timeout: 140_000, intervals: [500] },
    )
    .toBe(true);
});

test.describe('Rookie ADP', () => {
  test('the default view: every format, the last 30 days, ranked by ADP, with the caption and the sidebar', async ({
    page,
    request,
  }) => {
    await page.goto('/tools/rookie-adp');
    await expect(page.getByRole('heading', { level: 1, name: 'MFL Rookie ADP' })).toBeVisible();
    await expect(page).toHaveTitle(/MFL Rookie ADP/);
    await expect(page.getByLabel('PPR')).toHaveValue('0');
    await expect(page.getByLabel('IDP')).toHaveValue('0');
    for (const option of ['Any', 'Yes', 'No'])
      await expect(page.getByLabel('PPR').locator('option', { hasText: option })).toHaveCount(1);
    for (const name of ['10', '12', '14', '1QB', 'SF', '2QB'])
      await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
    const [start, end] = [daysAgo(30), daysAgo(0)];
    await expect(page.getByRole('button', { name: /Draft dates/ })).toContainText(
      `${mdy(start)} – ${mdy(end)}`,
    );

    const expected = await apiAdp(request, {
      ...everyFormat,
      idp: 0,
      ppr: 0,
      startDate: start,
      endDate: end,
    });
    expect(expected.totalLeagues).toBeGreaterThan(0);
    await expect(page.getByTestId('adp-caption')).toHaveText(
      `Data collected from ${drafts(expected.totalLeagues)} between ${mdy(start)} and ${mdy(end)}.`,
    );
    const table = page.getByRole('table');
    await expect(table.locator('thead th')).toContainText(['Rank', 'Pos.', 'Name', 'ADP']);
    const rows = await resultRows(page);
    await expect(rows).toHaveCount(expected.players.length);
    const first = expected.players[0];
    await expect(rows.first().locator('td')).toContainText([
      '1',
      first.position,
      first.name,
      first.adp.toFixed(2),
    ]);
    // ADP to two decimals, best first.
    const adps = await rows.locator('td:nth-child(4)').allTextContents();
    expect(adps.every((a) => /^\d+\.\d{2}$/.test(a))).toBe(true);
    expect(adps.map(Number)).toEqual([...adps.map(Number)].sort((a, b) => a - b));
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  });

  test('filters by PPR, size and type, keeps them in the URL, and filters positions in the order of the spec', async ({
    page,
    request,
  }) => {
    await page.goto('/tools/rookie-adp');
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    await page.getByLabel('PPR').selectOption({ label: 'Yes' });
    await page.getByRole('checkbox', { name: '14', exact: true }).click();
    await page.getByRole('checkbox', { name: '2QB', exact: true }).click();
    await page.getByRole('button', { name: 'Draft dates' }).click();
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Get ADP' }).click();
    await expect(page).toHaveURL(/ppr=1&idp=0&sizes=10%2C12&types=1QB%2CSF/);

    const [start, end] = [daysAgo(90), daysAgo(0)];
    const expected = await apiAdp(request, {
      sizes: [10, 12],
      types: ['1QB', 'SF'],
      idp: 0,
      ppr: 1,
      startDate: start,
      endDate: end,
    });
    await expect(page.getByTestId('adp-caption')).toHaveText(
      `Data collected from ${drafts(expected.totalLeagues)} between ${mdy(start)} and ${mdy(end)}.`,
    );
    await expect(await resultRows(page)).toHaveCount(expected.players.length);

    // Position checkboxes follow QB, RB, WR, TE, DE, DT, LB, CB, S, PK, PN.
    const order = ['QB', 'RB', 'WR', 'TE', 'DE', 'DT', 'LB', 'CB', 'S', 'PK', 'PN'];
    const positions = await page.getByRole('group', { name: 'Positions' }).getByRole('checkbox').all();
    const names = await Promise.all(
      positions.map(
        async (c) => (await page.locator(`label[for="${await c.getAttribute('id')}"]`).textContent()) ?? '',
      ),
    );
    expect(names.length).toBeGreaterThan(2);
    expect(names).toEqual([...names].sort((a, b) => order.indexOf(a) - order.indexOf(b)));

    // Hiding WR: the list loses them and ranks again from 1; a reload keeps the filters.
    await page.getByRole('checkbox', { name: 'WR', exact: true }).click();
    const wrs = expected.players.filter((p) => p.position === 'WR').length;
    await expect(await resultRows(page)).toHaveCount(expected.players.length - wrs);
    await expect(page.getByRole('table').locator('tbody td:nth-child(2)', { hasText: /^WR$/ })).toHaveCount(
      0,
    );
    await expect((await resultRows(page)).first().locator('td').first()).toHaveText('1');
    // Each player's overall place (among all positions) shows once a position is filtered out.
    const table = page.getByRole('table');
    await expect(table.locator('thead th')).toContainText(['Rank', 'Pos.', 'Name', 'ADP', 'Overall']);
    const firstShown = expected.players.findIndex((p) => p.position !== 'WR');
    const secondShown = expected.players.findIndex((p, i) => i > firstShown && p.position !== 'WR');
    await expect((await resultRows(page)).nth(1).locator('td').nth(4)).toHaveText(String(secondShown + 1));
    await page.reload();
    await expect(page.getByLabel('PPR')).toHaveValue('1');
    await expect(page.getByRole('checkbox', { name: '14', exact: true })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: '2QB', exact: true })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'WR', exact: true })).not.toBeChecked();
    await expect(await resultRows(page)).toHaveCount(expected.players.length - wrs);
  });

  test('shows the three check messages in the spec order', async ({ page }) => {
    await page.goto('/tools/rookie-adp');
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    for (const name of ['10', '12', '14', '1QB', 'SF', '2QB'])
      await page.getByRole('checkbox', { name, exact: true }).click();
    await page.getByRole('button', { name: /Draft dates/ }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Get ADP' }).click();
    const alert = page.getByRole('alert', { name: 'Problems with the filter' });
    await expect(alert.getByRole('listitem')).toHaveText(MESSAGES);

    await page.getByRole('checkbox', { name: '12', exact: true }).click();
    await page.getByRole('button', { name: 'Get ADP' }).click();
    await expect(alert.getByRole('listitem')).toHaveText(MESSAGES.slice(1));

    await page.getByRole('checkbox', { name: 'SF', exact: true }).click();
    await page.getByRole('button', { name: 'Get ADP' }).click();
    await expect(alert.getByRole('listitem')).toHaveText(MESSAGES.slice(2));

    // An end before the start is refused too.
    await page.getByRole('button', { name: /Draft dates/ }).click();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(daysAgo(3));
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(daysAgo(10));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Get ADP' }).click();
    await expect(alert.getByRole('listitem')).toHaveText(['Invalid date range.']);

    await page.getByRole('button', { name: /Draft dates/ }).click();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Get ADP' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page).toHaveURL(/sizes=12&types=SF/);
  });

  test('says No Draft Data Found. when no draft matches', async ({ page }) => {
    await page.goto('/tools/rookie-adp?sizes=12&types=2QB&from=2001-01-01&to=2001-01-31');
    await expect(page.getByText('No Draft Data Found.')).toBeVisible();
    await expect(page.getByTestId('adp-caption')).toHaveText(
      'Data collected from 0 MFL drafts between 01/01/2001 and 01/31/2001.',
    );
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('shows a spinner and disables Get ADP while loading', async ({ page }) => {
    await page.goto('/tools/rookie-adp');
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/mfl/adp', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('checkbox', { name: '10', exact: true }).click();
    await page.getByRole('button', { name: 'Get ADP' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading ADP' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get ADP' })).toBeDisabled();
    release();
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get ADP' })).toBeEnabled();
  });

  test('exports the list as CSV and draws the chart', async ({ page }) => {
    await page.goto('/tools/rookie-adp');
    const rows = await resultRows(page);
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('Rank,Pos.,Name,ADP,Min,Max,Drafts,Share');
    // A header and one line a player, each ended by CRLF.
    expect(csv).toHaveLength(count + 2);
    expect(csv.at(-1)).toBe('');

    await page.getByRole('button', { name: 'Chart' }).click();
    await expect(page).toHaveURL(/view=chart/);
    await expect(page.getByRole('img', { name: /ADP and pick range/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /ADP and pick range/ }).locator('[data-marker]')).toHaveCount(
      Math.min(30, count),
    );
  });

  test('has no accessibility violations in the table, the chart or the date picker', async ({ page }) => {
    await page.goto('/tools/rookie-adp');
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    const violations = async (selector: string) =>
      (await new AxeBuilder({ page }).include(selector).analyze()).violations.map(
        (v) => `${v.id}: ${v.help}`,
      );
    expect(await violations('main')).toEqual([]);
    await page.getByRole('button', { name: 'Chart' }).click();
    expect(await violations('main')).toEqual([]);
    await page.getByRole('button', { name: /Draft dates/ }).click();
    await expect(page.getByRole('dialog', { name: 'Choose the draft dates' })).toBeVisible();
    expect(await violations('[role="dialog"]')).toEqual([]);
  });

  test('fits a phone screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tools/rookie-adp');
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('rookie-adp-phone.png') });
  });
});
