import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { adpStoreRead, expect, expectNoAxeViolations, test } from './support.ts';

/*
 * Rookie ADP against the demo server, whose ADP store reads the simulator's public MFL rookie drafts
 * at start (src/server/demo.ts).
 */

/**
 * The dates the answer's numbers cover, as the caption says them: the window asked for from the
 * store, the season so far from MFL's own ADP (its end is exclusive).
 */
const covered = (a: { startTime: number; endTime: number }) => {
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `${mdy(iso(a.startTime))} and ${mdy(iso(a.endTime - 86_400_000))}`;
};

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
    startTime: number;
    endTime: number;
    players: { id: string; position: string; name: string; adp: number; trend?: number }[];
    hidden: number;
    trend?: { note: string; recent?: { startDate: string; endDate: string } };
    source: { kind: string; note: string };
    latest?: { startDate: string; endDate: string; label: string };
    empty?: { reason: string; sleeperDrafts?: number };
  };
}

const everyFormat = { sizes: [10, 12, 14], types: ['1QB', 'SF', '2QB'] };

const drafts = (n: number, service = 'MFL') => `${n} ${service} ${n === 1 ? 'draft' : 'drafts'}`;

/** The body of the next POST /api/mfl/adp the page sends. */
const nextAdpRequest = (page: Page) =>
  page
    .waitForRequest((r) => r.url().endsWith('/api/mfl/adp') && r.method() === 'POST')
    .then((r) => r.postDataJSON() as Record<string, unknown>);

async function resultRows(page: Page) {
  return page.getByRole('table').locator('tbody tr');
}

test.beforeAll(async ({ request }) => {
  // The store is filled in the background at start: wait for its first full read (slow on a busy machine).
  test.setTimeout(150_000);
  await adpStoreRead(request);
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
      `Data collected from ${drafts(expected.totalLeagues)} between ${covered(expected)}.`,
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
    // ADP to two decimals, best first (as shown: the trend under it is a phone's).
    const adps = (await rows.locator('td:nth-child(4)').allInnerTexts()).map((a) => a.trim());
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
      `Data collected from ${drafts(expected.totalLeagues)} between ${covered(expected)}.`,
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
    // The last answer is for a filter no longer on screen: it goes while the problems show.
    await expect(page.getByTestId('adp-caption')).toHaveCount(0);

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
    await expect(page.getByTestId('adp-caption')).toBeVisible();
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
    // MFL's answer has trends derived from the copies of its counts the demo keeps: the CSV ends with them.
    expect(csv[0]).toBe('Rank,Pos.,Name,ADP,Min,Max,Drafts,Share,Trend');
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

  test('with one league size, shows ADP as round.pick in the table, the CSV and the legend', async ({
    page,
    request,
  }) => {
    // The nearest overall pick, its round and its place in the round (a half goes to the later pick).
    const roundPick = (adp: number, size: number) => {
      const overall = Math.max(1, Math.round(adp));
      return `${Math.ceil(overall / size)}.${pad(((overall - 1) % size) + 1)}`;
    };
    const [start, end] = [daysAgo(30), daysAgo(0)];
    const expected = await apiAdp(request, {
      sizes: [12],
      types: everyFormat.types,
      idp: 0,
      ppr: 0,
      startDate: start,
      endDate: end,
    });
    expect(expected.players.length).toBeGreaterThan(0);
    await page.goto(`/tools/rookie-adp?sizes=12&from=${start}&to=${end}`);
    await expect(page.getByTestId('adp-pick-legend')).toHaveText(
      'Pick: ADP as round.pick in a 12-team draft, from the nearest overall pick (ADP 7.0 is 1.07; a half goes to the later pick).',
    );
    const table = page.getByRole('table');
    await expect(table.locator('thead th')).toContainText(['Rank', 'Pos.', 'Name', 'ADP', 'Pick']);
    const rows = await resultRows(page);
    await expect(rows).toHaveCount(expected.players.length);
    expect(await rows.getByTestId('adp-pick').allTextContents()).toEqual(
      expected.players.map((p) => roundPick(p.adp, 12)),
    );

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('Rank,Pos.,Name,ADP,Pick (12-team),Min,Max,Drafts,Share,Trend');
    const first = expected.players[0];
    expect(csv[1].split(',').slice(3, 5)).toEqual([first.adp.toFixed(2), roundPick(first.adp, 12)]);

    // Two sizes: no single draft to number picks in.
    await page.getByRole('checkbox', { name: '10', exact: true }).click();
    await page.getByRole('button', { name: 'Get ADP' }).click();
    await expect(page).toHaveURL(/sizes=10%2C12|sizes=10,12/);
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('adp-pick-legend')).toHaveCount(0);
    await expect(table.locator('thead th', { hasText: /^Pick$/ })).toHaveCount(0);
    // ADP 4.13 would read as round 4, pick 13: the legend says what it is, and why round.pick is hidden.
    await expect(page.getByTestId('adp-pick-hidden')).toHaveText(
      'ADP is the average overall pick (4.13 lies between the 4th and 5th pick, not round 4, pick 13). Round.pick is shown when one league size is chosen: these drafts have 10 or 12 teams, so a round has no single length.',
    );
  });

  test("MFL's own ADP over other dates than the chosen ones: a banner names both, and the CSV's name the ones covered", async ({
    page,
    request,
  }) => {
    const [start, end] = [daysAgo(20), daysAgo(-30)];
    const answer = await apiAdp(request, { ...everyFormat, idp: 0, ppr: 0, startDate: start, endDate: end });
    expect(answer.source.kind).toBe('mfl-aggregate');
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const [first, last] = [day(answer.startTime), day(answer.endTime - 86_400_000)];
    await page.goto(`/tools/rookie-adp?from=${start}&to=${end}`);
    await expect(page.getByTestId('adp-coverage')).toHaveText(
      `These figures are MFL's own ADP over its whole ${first.slice(0, 4)} season so far, ${mdy(first)} to ${mdy(last)}: MFL does not cut them to the dates above (${mdy(start)} to ${mdy(end)}).`,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`rookie-adp-${first}-to-${last}.csv`);
  });

  test("an empty MFL answer says what MFL's own ADP cannot answer and what the store holds, and offers Sleeper's", async ({
    page,
    request,
  }) => {
    // A filter MFL's own ADP cannot answer (IDP, or a QB format) whose MFL drafts the store lacks and
    // whose Sleeper drafts it holds (the simulator's world has some: 10-team 2QB non-IDP non-PPR).
    const [start, end] = [daysAgo(365), daysAgo(0)];
    const candidates = [10, 12, 14].flatMap((size) =>
      ['1QB', 'SF', '2QB'].flatMap((type) =>
        [1, -1].flatMap((idp) =>
          [0, 1, -1].map((ppr) => ({
            sizes: [size],
            types: [type],
            idp,
            ppr,
            startDate: start,
            endDate: end,
          })),
        ),
      ),
    );
    let found:
      | { filter: (typeof candidates)[number]; answer: Awaited<ReturnType<typeof apiAdp>> }
      | undefined;
    for (const filter of candidates) {
      const answer = await apiAdp(request, filter);
      if (answer.totalLeagues === 0 && answer.empty?.sleeperDrafts) {
        found = { filter, answer };
        break;
      }
    }
    expect(found, 'a filter only Sleeper has drafts for').toBeDefined();
    const { filter, answer } = found!;
    const url = `/tools/rookie-adp?ppr=${filter.ppr}&idp=${filter.idp}&sizes=${filter.sizes[0]}&types=${filter.types[0]}&from=${start}&to=${end}`;
    await page.goto(url);
    const box = page.getByTestId('adp-empty');
    await expect(box).toContainText(answer.empty!.reason);
    await expect(box).toContainText(/MFL's own ADP cannot tell/);
    await expect(box).not.toContainText('recent window');
    const sleeper = box.getByRole('button', { name: "Show Sleeper's ADP for these filters" });
    const sent = nextAdpRequest(page);
    await sleeper.click();
    expect(await sent).toMatchObject({ service: 'sleeper', ...filter });
    await expect(page.getByTestId('adp-caption')).toHaveText(
      new RegExp(`^Data collected from ${drafts(answer.empty!.sleeperDrafts!, 'Sleeper')} between`),
    );
    await expect(page.getByTestId('adp-empty')).toHaveCount(0);

    // MFL Startup: MFL's own ADP has no startup report; where the store holds none, no Sleeper offer
    // unless it holds Sleeper's.
    const startup = await request.post('/api/mfl/adp/startup', {
      data: { ...everyFormat, startDate: '2001-01-01', endDate: '2001-01-31', kind: 'snake' },
    });
    const empty = (await startup.json()).empty as { reason: string; sleeperDrafts?: number };
    expect(empty.reason).toMatch(/^MFL's own ADP has no startup report\. This site holds /);
    expect(empty.sleeperDrafts).toBeUndefined();
    await page.goto('/tools/rookie-adp?draft=startup&from=2001-01-01&to=2001-01-31');
    await expect(page.getByTestId('adp-empty')).toContainText(empty.reason);
    await expect(page.getByRole('button', { name: "Show Sleeper's ADP for these filters" })).toHaveCount(0);
  });

  test("shows each player's trend with an arrow and words, and his ADP month by month when his row is opened", async ({
    page,
    request,
  }) => {
    const [start, end] = [daysAgo(90), daysAgo(0)];
    const body = { ...everyFormat, idp: 0, ppr: 0, startDate: start, endDate: end, service: 'sleeper' };
    const expected = await apiAdp(request, body);
    expect(expected.trend?.recent?.endDate).toBe(end);
    const withTrend = expected.players.filter((p) => p.trend !== undefined);
    expect(withTrend.length).toBeGreaterThan(0);
    await page.goto(`/tools/rookie-adp?from=${start}&to=${end}&service=sleeper`);
    await expect(page.getByTestId('adp-trend-note')).toHaveText(expected.trend!.note);
    await expect(page.getByTestId('adp-trend-note')).toContainText(
      `Trend: ADP in the 30 days from ${mdy(daysAgo(29))} to ${mdy(end)} minus ADP in the 30 days from ${mdy(daysAgo(59))} to ${mdy(daysAgo(30))}`,
    );
    const rows = await resultRows(page);
    await expect(rows).toHaveCount(expected.players.length);
    // Each cell: the arrow and the signed change to one decimal, read out as words.
    for (const [i, p] of expected.players.entries()) {
      const cell = rows.nth(i).getByTestId('adp-trend');
      if (p.trend === undefined) {
        await expect(cell).toHaveText('–');
        continue;
      }
      const picks = Math.abs(p.trend).toFixed(1);
      const unit = picks === '1.0' ? 'pick' : 'picks';
      const [arrow, text, label] =
        picks === '0.0'
          ? ['→', '0.0', 'Steady: within 0.05 of a pick of the 30 days before']
          : p.trend < 0
            ? ['▲', `−${picks}`, `Rising: ${picks} ${unit} earlier than the 30 days before`]
            : ['▼', `+${picks}`, `Falling: ${picks} ${unit} later than the 30 days before`];
      await expect(cell.getByRole('img', { name: label, exact: true })).toHaveText(`${arrow} ${text}`);
    }

    // The CSV ends with the trend, as a number.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('Rank,Pos.,Name,ADP,Min,Max,Drafts,Share,Trend');
    const firstTrend = expected.players[0].trend;
    expect(csv[1].split(',').at(-1)).toBe(
      firstTrend === undefined ? '' : String(Math.round(firstTrend * 10) / 10 || 0),
    );

    // Opening a row: his ADP month by month, from the stored months, with its source.
    const p = withTrend[0];
    const months = await request.post('/api/mfl/adp/months', { data: { ...body, player: p.id } });
    expect(months.ok()).toBe(true);
    const answer = (await months.json()) as { months: { month: string; adp: number; drafts: number }[] };
    expect(answer.months.length).toBeGreaterThan(0);
    const open = page.getByRole('button', { name: new RegExp(`^${p.name}`) });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const chart = page.getByRole('img', { name: new RegExp(`^${p.name}'s ADP by month: `) });
    await expect(chart).toBeVisible();
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    for (const m of answer.months)
      await expect(chart).toHaveAttribute(
        'aria-label',
        new RegExp(
          `${names[Number(m.month.slice(5, 7)) - 1]} ${m.month.slice(0, 4)} ${m.adp.toFixed(1)} \\(${m.drafts} drafts?\\)`,
        ),
      );
    await expect(chart.locator('circle')).toHaveCount(answer.months.length);
    await expect(page.locator(`#adp-months-${p.id}`)).toContainText(
      'Sleeper rookie drafts this site has read',
    );
    await expectNoAxeViolations(page, 'his months', 'main');
    await open.click();
    await expect(chart).toHaveCount(0);
  });

  test("shows MFL's trends derived from the copies of MFL's counts the site keeps, and his months from them", async ({
    page,
    request,
  }, testInfo) => {
    // The demo starts with the copies a site running since then would have kept (src/server/demo-mfl-copies.ts).
    const sent = nextAdpRequest(page);
    await page.goto('/tools/rookie-adp');
    const expected = await apiAdp(request, await sent);
    expect(expected.source.kind).toBe('mfl-aggregate');
    expect(expected.trend?.recent).toEqual({ startDate: daysAgo(30), endDate: daysAgo(0) });
    const withTrend = expected.players.filter((p) => p.trend !== undefined);
    expect(withTrend.length).toBeGreaterThan(0);
    await expect(page.getByTestId('adp-trend-note')).toHaveText(expected.trend!.note);
    await expect(page.getByTestId('adp-trend-note')).toContainText(
      `Trend: ADP of the drafts MFL counted between its counts the site kept on ${mdy(daysAgo(30))} and ${mdy(daysAgo(0))} minus ADP of those it counted between ${mdy(daysAgo(60))} and ${mdy(daysAgo(30))}`,
    );
    await expect(page.getByRole('table').locator('thead th', { hasText: 'Trend' })).toHaveCount(1);
    const rows = await resultRows(page);
    await expect(rows).toHaveCount(expected.players.length);
    for (const [i, p] of expected.players.entries()) {
      const cell = rows.nth(i).getByTestId('adp-trend');
      if (p.trend === undefined) await expect(cell).toHaveText('–');
      else {
        const picks = Math.abs(p.trend).toFixed(1);
        const text = picks === '0.0' ? '0.0' : p.trend < 0 ? `−${picks}` : `+${picks}`;
        await expect(cell).toContainText(text);
      }
    }
    // Opening a row: his months from the copies kept at month ends, and the note says so.
    const p = withTrend[0];
    await page.getByRole('button', { name: new RegExp(`^${p.name}`) }).click();
    await expect(page.getByRole('img', { name: new RegExp(`^${p.name}'s ADP by month`) })).toBeVisible();
    await expect(page.locator(`#adp-months-${p.id}`)).toContainText("Month by month from MFL's own ADP");
    await page.screenshot({ path: testInfo.outputPath('rookie-adp-mfl-trend.png'), fullPage: true });
    await expectNoAxeViolations(page, "MFL's trends", 'main');
  });

  test('has no accessibility violations in the table, the chart or the date picker', async ({ page }) => {
    await page.goto('/tools/rookie-adp');
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    await expectNoAxeViolations(page, 'the table', 'main');
    await page.getByRole('button', { name: 'Chart' }).click();
    await expectNoAxeViolations(page, 'the chart', 'main');
    await page.getByRole('button', { name: /Draft dates/ }).click();
    await expect(page.getByRole('dialog', { name: 'Choose the draft dates' })).toBeVisible();
    await expectNoAxeViolations(page, 'the date picker', '[role="dialog"]');
  });

  test('fits a phone screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tools/rookie-adp');
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('rookie-adp-phone.png') });
  });

  test('switches between MFL and Sleeper: the title, the request, the caption and the URL follow', async ({
    page,
    request,
  }) => {
    const [start, end] = [daysAgo(90), daysAgo(0)];
    await page.goto(`/tools/rookie-adp?from=${start}&to=${end}`);
    await expect(page.getByTestId('adp-caption')).toContainText('MFL drafts');
    const services = page.getByRole('group', { name: 'Drafts on' });
    await expect(services.getByRole('radio', { name: 'MFL' })).toBeChecked();

    const sent = nextAdpRequest(page);
    await services.getByText('Sleeper', { exact: true }).click();
    expect(await sent).toMatchObject({ service: 'sleeper', startDate: start, endDate: end });
    await expect(page.getByRole('heading', { level: 1, name: 'Sleeper Rookie ADP' })).toBeVisible();
    await expect(page).toHaveTitle(/Sleeper Rookie ADP/);
    await expect(page).toHaveURL(/[?&]service=sleeper(&|$)/);
    await expect(services.getByRole('radio', { name: 'Sleeper' })).toBeChecked();

    const sleeper = await apiAdp(request, {
      ...everyFormat,
      idp: 0,
      ppr: 0,
      startDate: start,
      endDate: end,
      service: 'sleeper',
    });
    const mfl = await apiAdp(request, { ...everyFormat, idp: 0, ppr: 0, startDate: start, endDate: end });
    expect(sleeper.totalLeagues).toBeGreaterThan(0);
    expect(sleeper.totalLeagues).not.toBe(mfl.totalLeagues);
    await expect(page.getByTestId('adp-caption')).toHaveText(
      `Data collected from ${drafts(sleeper.totalLeagues, 'Sleeper')} between ${mdy(start)} and ${mdy(end)}.`,
    );
    await expect(page.getByTestId('adp-source')).toHaveText(sleeper.source.note);
    await expect(await resultRows(page)).toHaveCount(sleeper.players.length);
    await expect((await resultRows(page)).first().locator('td').nth(2)).toHaveText(sleeper.players[0].name);

    // A shared link opens on Sleeper; switching back leaves the service out of the URL.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sleeper Rookie ADP' })).toBeVisible();
    await expect(services.getByRole('radio', { name: 'Sleeper' })).toBeChecked();
    await expect(page.getByTestId('adp-caption')).toContainText('Sleeper drafts');
    const back = nextAdpRequest(page);
    await services.getByText('MFL', { exact: true }).click();
    expect(await back).toMatchObject({ service: 'mfl' });
    await expect(page.getByRole('heading', { level: 1, name: 'MFL Rookie ADP' })).toBeVisible();
    await expect(page).not.toHaveURL(/service=/);
    await expect(page.getByTestId('adp-caption')).toHaveText(
      `Data collected from ${drafts(mfl.totalLeagues)} between ${covered(mfl)}.`,
    );

    // An unknown service in the URL is MFL.
    await page.goto(`/tools/rookie-adp?from=${start}&to=${end}&service=yahoo`);
    await expect(page.getByRole('heading', { level: 1, name: 'MFL Rookie ADP' })).toBeVisible();
    await expect(page.getByTestId('adp-caption')).toContainText('MFL drafts');
  });

  test('hides players taken in under 5% of the drafts, says how many, and shows them all on request', async ({
    page,
    request,
  }) => {
    const [start, end] = [daysAgo(90), daysAgo(0)];
    const filter = { ...everyFormat, idp: 0, ppr: 0, startDate: start, endDate: end };
    const some = await apiAdp(request, filter);
    const all = await apiAdp(request, { ...filter, minShare: 0 });
    expect(some.hidden).toBeGreaterThan(0);
    expect(all.players).toHaveLength(some.players.length + some.hidden);

    const first = nextAdpRequest(page);
    await page.goto(`/tools/rookie-adp?from=${start}&to=${end}`);
    expect(await first).toMatchObject({ minShare: 5 });
    const line = page.getByTestId('adp-share-line');
    await expect(line).toContainText(
      `${some.hidden} players taken in fewer than 5% of the drafts are hidden.`,
    );
    await expect(await resultRows(page)).toHaveCount(some.players.length);

    const sent = nextAdpRequest(page);
    await line.getByRole('button', { name: 'Show all players' }).click();
    expect(await sent).toMatchObject({ minShare: 0 });
    await expect(page).toHaveURL(/[?&]min=0(&|$)/);
    await expect(await resultRows(page)).toHaveCount(all.players.length);
    await expect(line).toContainText('Showing every player taken, however rarely.');
    await page.reload();
    await expect(await resultRows(page)).toHaveCount(all.players.length);

    await line.getByRole('button', { name: 'Hide those under 5%' }).click();
    await expect(page).not.toHaveURL(/min=/);
    await expect(await resultRows(page)).toHaveCount(some.players.length);

    // A minimum share that is not a number from 0 to 100 is the default.
    await page.goto(`/tools/rookie-adp?from=${start}&to=${end}&min=-3`);
    await expect(line).toContainText(`${some.hidden} players taken in fewer than 5% of the drafts`);
    await expect(await resultRows(page)).toHaveCount(some.players.length);
  });

  test('out of season: says the window holds no drafts and offers the latest season in one click', async ({
    page,
    request,
  }) => {
    const empty = await apiAdp(request, { ...everyFormat, startDate: '2001-01-01', endDate: '2001-01-31' });
    expect(empty.totalLeagues).toBe(0);
    const latest = empty.latest!;
    expect(latest.label).toMatch(/^\d{4} season$/);
    const season = await apiAdp(request, {
      ...everyFormat,
      startDate: latest.startDate,
      endDate: latest.endDate,
    });
    expect(season.totalLeagues).toBeGreaterThan(0);

    await page.goto('/tools/rookie-adp?from=2001-01-01&to=2001-01-31');
    const box = page.getByTestId('adp-empty');
    await expect(box.getByText('No Draft Data Found.')).toBeVisible();
    await expect(box).toContainText(empty.empty!.reason);
    await expect(box).toContainText(/This site holds \d+ MFL rookie drafts?, none in these dates\./);
    await expect(box).toContainText(`${mdy(latest.startDate)} – ${mdy(latest.endDate)}`);

    const sent = nextAdpRequest(page);
    await box.getByRole('button', { name: `Show the ${latest.label}` }).click();
    expect(await sent).toMatchObject({ startDate: latest.startDate, endDate: latest.endDate });
    await expect(page).toHaveURL(new RegExp(`from=${latest.startDate}&to=${latest.endDate}`));
    await expect(page.getByTestId('adp-caption')).toHaveText(
      `Data collected from ${drafts(season.totalLeagues)} between ${mdy(latest.startDate)} and ${mdy(latest.endDate)}.`,
    );
    await expect(await resultRows(page)).toHaveCount(season.players.length);
    await expect(page.getByRole('button', { name: /Draft dates/ })).toContainText(
      `${mdy(latest.startDate)} – ${mdy(latest.endDate)}`,
    );
    await expect(page.getByTestId('adp-empty')).toHaveCount(0);
  });

  test('names a switch of source in a banner and the age of an earlier answer', async ({ page }) => {
    const staleSince = Date.now() - 3 * 3_600_000 - 60_000;
    const switchReason =
      "MFL's own ADP has no IDP filter, so these figures come from the MFL drafts this site has read.";
    await page.route('**/api/mfl/adp', async (route) => {
      const answer = await (await route.fetch()).json();
      await route.fulfill({
        json: {
          ...answer,
          source: { kind: 'store', note: 'From the site’s drafts.', switchReason, staleSince },
        },
      });
    });
    await page.goto('/tools/rookie-adp?idp=1');
    const banner = page.getByTestId('adp-source-switch');
    await expect(banner).toHaveText(switchReason);
    await expect(banner).toHaveRole('status');
    await expect(page.getByTestId('adp-stale')).toHaveText(
      'MFL did not answer; showing its answer from 3 hours ago.',
    );
    await expect(page.getByTestId('adp-source')).toHaveText('From the site’s drafts.');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('adp-caption')).toBeVisible();

    // Without either, neither shows.
    await page.unroute('**/api/mfl/adp');
    await page.goto('/tools/rookie-adp');
    await expect(page.getByTestId('adp-caption')).toBeVisible();
    await expect(page.getByTestId('adp-source-switch')).toHaveCount(0);
    await expect(page.getByTestId('adp-stale')).toHaveCount(0);
  });

  test('on a phone: no sideways scroll in any state, and every control a 24 px target at least', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    /**
     * The controls under `root` (not the sidebar's), and those whose tap area (their label, when it
     * holds them) is under 24 px either way.
     */
    const targets = (root: string) =>
      page.evaluate((root) => {
        const all = [
          ...document.querySelectorAll(
            ['button', 'select', 'input', '[role="checkbox"]'].map((c) => `${root} ${c}`).join(','),
          ),
        ].filter((el) => !el.closest('aside') && (el as HTMLElement).offsetParent !== null);
        const small = all
          .map((el) => {
            const target = el.closest('label') ?? el;
            const r = target.getBoundingClientRect();
            return { what: target.textContent?.trim() || el.outerHTML.slice(0, 60), w: r.width, h: r.height };
          })
          .filter((t) => t.w < 24 || t.h < 24);
        return { count: all.length, small };
      }, root);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const url of [
      '/tools/rookie-adp',
      `/tools/rookie-adp?from=${daysAgo(90)}&to=${daysAgo(0)}&service=sleeper&min=0`,
      '/tools/rookie-adp?from=2001-01-01&to=2001-01-31',
      '/tools/rookie-adp?view=chart',
    ]) {
      await page.goto(url);
      await expect(page.getByTestId('adp-caption')).toBeVisible();
      expect(await overflow(), url).toBeLessThanOrEqual(0);
      const { count, small } = await targets('main');
      // The service choice, PPR, IDP, the dates, six sizes and types and Get ADP at least.
      expect(count, url).toBeGreaterThanOrEqual(12);
      expect(small, url).toEqual([]);
    }
    // The date picker too: the page makes room under its button (which sits low on a phone), so it
    // opens whole, down to Done.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /Draft dates/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the draft dates' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Last 90 days' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const { count, small } = await targets('[role="dialog"]');
    expect(count).toBeGreaterThanOrEqual(8);
    expect(small).toEqual([]);
    await dialog.getByRole('button', { name: 'Last 90 days' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
