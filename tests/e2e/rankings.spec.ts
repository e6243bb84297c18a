import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { LeaguePlayer, PlayerList } from '#common/leagues.ts';
import type { Consensus, Ranking } from '#common/rankings.ts';
import { test } from './admin-support.ts';
import { adpStoreRead, appInteractive, expect, expectNoAxeViolations, unique } from './support.ts';

/*
 * Rankings in the browser: the board editor (adding players, ordering by keyboard with a screen
 * reader's announcement and by dragging, also at a phone's width, a bad tier said beside its row and
 * nothing saved), and the public pages, with JavaScript and without.
 */

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Players of the site's list with an MFL id, by position (the server then holds the list too). */
async function players(request: APIRequestContext, position: string, count: number): Promise<LeaguePlayer[]> {
  const list = (await (await request.get('/api/players')).json()) as PlayerList;
  // Names with no punctuation, so a typed name finds exactly one.
  const found = list.players.filter(
    (p) => p.position === position && p.mfl_id && /^[A-Za-z]+ [A-Za-z]+$/.test(p.name),
  );
  return found.slice(0, count);
}

const rowNames = (page: Page) =>
  page.getByTestId('board-row').locator('span.font-semibold').allTextContents();

async function addPlayer(page: Page, name: string) {
  const field = page.getByRole('combobox', { name: 'Add a player' });
  await field.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} ·`) }).click();
}

test('a contributor builds a board: add, keyboard and drag order, a bad tier refused beside its row', async ({
  contributorPage: page,
}) => {
  const qbs = await players(page.request, 'QB', 4);
  const title = unique('Superflex QBs');
  await page.goto('/admin/ranking/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Kind').selectOption('position');
  await page.getByLabel('Position', { exact: true }).selectOption('QB');
  for (const p of qbs) await addPlayer(page, p.name);
  await expect.poll(() => rowNames(page)).toEqual(qbs.map((p) => p.name));

  // Keyboard: the third row's handle, up twice; the announcer says where he went.
  const handle = page.getByRole('button', { name: `Move ${qbs[2].name}, rank 3` });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('board-announcer')).toHaveText(`${qbs[2].name} moved to rank 2 of 4.`);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('board-announcer')).toHaveText(`${qbs[2].name} moved to rank 1 of 4.`);
  await expect(page.getByRole('button', { name: `Move ${qbs[2].name}, rank 1` })).toBeFocused();
  await expect.poll(() => rowNames(page)).toEqual([qbs[2], qbs[0], qbs[1], qbs[3]].map((p) => p.name));
  // End sends him to the bottom.
  await page.keyboard.press('End');
  await expect.poll(() => rowNames(page)).toEqual([qbs[0], qbs[1], qbs[3], qbs[2]].map((p) => p.name));

  // Drag: the last row's handle to above the first row.
  const from = await page.getByRole('button', { name: `Move ${qbs[2].name}, rank 4` }).boundingBox();
  const to = await page.getByTestId('board-row').first().boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2, to!.y + 4, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => rowNames(page)).toEqual([qbs[2], qbs[0], qbs[1], qbs[3]].map((p) => p.name));
  await expect(page.getByTestId('board-announcer')).toHaveText(`${qbs[2].name} dropped at rank 1 of 4.`);

  // A tier that skips one: said beside its row, and nothing is sent.
  await page.getByLabel(`Tier of ${qbs[1].name}`).fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  // The skip is said beside its row, and the row after it, now behind it, beside its own.
  await expect(page.getByTestId('row-problem')).toHaveText([
    'Rank 3 jumps from tier 1 to tier 3: tiers go up one at a time.',
    'Rank 4 is in tier 1, after tier 3: tiers run down the list in order.',
  ]);
  await expect(page.getByLabel(`Tier of ${qbs[1].name}`)).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/admin\/ranking\/new$/);
  await shot(page, 'editor-bad-tier-desktop');

  await page.getByLabel(`Tier of ${qbs[1].name}`).fill('2');
  await page.getByLabel(`Tier of ${qbs[3].name}`).fill('2');
  await page.getByLabel(`Note on ${qbs[2].name}`).fill('Rushing floor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/rankings$/);
  const list = (await (await page.request.get('/api/rankings?isAdmin=true&limit=100')).json())
    .items as Ranking[];
  const saved = list.find((r) => r.title === title)!;
  const detail = (await (await page.request.get(`/api/rankings/${saved.id}?isAdmin=true`)).json()) as Ranking;
  expect(detail.entries.map((e) => [e.name, e.tier, e.note])).toEqual([
    [qbs[2].name, 1, 'Rushing floor'],
    [qbs[0].name, 1, ''],
    [qbs[1].name, 2, ''],
    [qbs[3].name, 2, ''],
  ]);
  expect(detail.isVisible).toBe(false);

  // Another board starts from this one.
  await page.goto('/admin/ranking/new');
  await page.getByText('Start from a CSV or another ranking').click();
  await page.getByLabel('Another ranking').selectOption({ label: `${title} (${detail.contributor!.name})` });
  await page.getByRole('button', { name: 'Copy its players' }).click();
  await expect.poll(() => rowNames(page)).toEqual(detail.entries.map((e) => e.name));
  await expect(page.getByLabel(`Note on ${qbs[2].name}`)).toHaveValue('Rushing floor');
});

test('at a phone’s width the board still orders by drag, and starts from a CSV', async ({
  contributorPage: page,
}) => {
  const rbs = await players(page.request, 'RB', 3);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/ranking/new');
  await page.getByLabel('Title').fill(unique('RB CSV'));
  await page.getByText('Start from a CSV or another ranking').click();
  await page
    .getByLabel('CSV', { exact: true })
    .fill(
      `player,tier,note\n${rbs.map((p, i) => `${p.name},${i < 2 ? 1 : 2},`).join('\n')}\nNobody Atall,2,`,
    );
  await page.getByRole('button', { name: 'Use this CSV' }).click({ timeout: 30_000 });
  await expect(page.getByTestId('csv-problems')).toHaveText(
    "Line 5: no player named “Nobody Atall” is on the site's player list.",
  );
  await expect(page.getByTestId('board-row')).toHaveCount(0);
  await page
    .getByLabel('CSV', { exact: true })
    .fill(`player,tier\n${rbs.map((p, i) => `${p.name},${i < 2 ? 1 : 2}`).join('\n')}`);
  await page.getByRole('button', { name: 'Use this CSV' }).click();
  await expect.poll(() => rowNames(page)).toEqual(rbs.map((p) => p.name));
  // A file longer than a board is refused whole.
  const many = Array.from({ length: 700 }, () => rbs[0].name).join('\n');
  await page.getByLabel('CSV', { exact: true }).fill(`player\n${many}`);
  await page.getByRole('button', { name: 'Use this CSV' }).click();
  await expect(page.getByTestId('csv-problems')).toHaveText(
    'The CSV names 700 players; a ranking holds at most 600.',
  );
  await expect(page.getByTestId('board-row')).toHaveCount(3);
  await expectNoAxeViolations(page, 'ranking editor at a phone width');

  // The board in view, as a finger would find it.
  await page.getByText('Start from a CSV or another ranking').click();
  await page
    .getByTestId('board-row')
    .nth(1)
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const from = await page.getByRole('button', { name: `Move ${rbs[0].name}, rank 1` }).boundingBox();
  const last = await page.getByTestId('board-row').last().boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2, last!.y + last!.height - 4, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => rowNames(page)).toEqual([rbs[1], rbs[2], rbs[0]].map((p) => p.name));
  await shot(page, 'editor-phone');
});

test.describe('the public pages', () => {
  let ranking: Ranking;
  test.beforeAll(async ({ browser, adminState }, info) => {
    info.setTimeout(180_000);
    const context = await browser.newContext({
      baseURL: String(info.project.use.baseURL),
      storageState: adminState,
    });
    const { request } = context;
    // The market columns read the ADP store, which the server fills from the simulator's drafts.
    await adpStoreRead(request);
    const qbs = await players(request, 'QB', 6);
    const rbs = await players(request, 'RB', 6);
    const wrs = await players(request, 'WR', 6);
    const board = [qbs[0], rbs[0], wrs[0], qbs[1], rbs[1], wrs[1], wrs[2], rbs[2], qbs[2], wrs[3]];
    const body = {
      title: unique('Dynasty Top 10'),
      description: 'The superflex board, in tiers.',
      kind: 'overall',
      qbFormat: 'SF',
      isVisible: true,
      entries: board.map((p, i) => ({
        playerId: p.id,
        tier: i < 3 ? 1 : i < 7 ? 2 : 3,
        note: i === 0 ? 'The safest asset in the format.' : '',
      })),
    };
    const created = (await (await request.post('/api/rankings', { data: body })).json()) as Ranking;
    // A second version: two players swap, one new.
    const moved = [board[1], board[0], ...board.slice(2, 9), wrs[4]];
    const res = await request.post(`/api/rankings/${created.id}`, {
      data: {
        ...body,
        entries: moved.map((p, i) => ({ playerId: p.id, tier: i < 3 ? 1 : i < 7 ? 2 : 3, note: '' })),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    ranking = await res.json();
    await context.close();
  });

  test('a ranking’s page shows the board beside the market, the movers and the history', async ({ page }) => {
    await page.goto(`/ranking/${ranking.shortname}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ranking.title);
    const board = page.getByTestId('ranking-board');
    await expect(board.getByRole('columnheader')).toHaveText([
      'Rank',
      'Player',
      'Trade value',
      'MFL ADP',
      'Sleeper ADP',
    ]);
    await expect(board.getByTestId('board-entry')).toHaveCount(10);
    await expect(page.getByTestId('movers')).toContainText('New');
    await page.getByText('Version history (2)').click();
    await expect(page.getByTestId('versions')).toContainText('Version 2');
    await expectNoAxeViolations(page, 'ranking page');
    await shot(page, 'ranking-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'ranking-phone');
  });

  test('the list filters and the consensus names the writers', async ({ page }) => {
    await page.goto('/rankings');
    await page.getByLabel('Kind').selectOption('overall');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/rankings\?kind=overall$/);
    await expect(page.getByRole('link', { name: ranking.title })).toBeVisible();
    await expectNoAxeViolations(page, 'rankings list');
    await shot(page, 'list-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'list-phone');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/rankings/consensus?kind=overall&qbFormat=SF');
    await expect(page.getByTestId('consensus-writers')).toContainText(ranking.contributor!.name);
    await expect(page.getByTestId('consensus-table').getByRole('row')).not.toHaveCount(0);
    // A player only one writer ranks shows no spread (0 would read as agreement); two writers' do.
    const consensus = (await (
      await page.request.get('/api/rankings/consensus?kind=overall&qbFormat=SF')
    ).json()) as Consensus;
    const writersOf = (r: Consensus['rows'][number]) => r.ranks.filter((x) => x !== null).length;
    const lone = consensus.rows.findIndex((r) => writersOf(r) === 1);
    const shared = consensus.rows.findIndex((r) => writersOf(r) > 1);
    expect(lone, 'a player one writer ranks').toBeGreaterThanOrEqual(0);
    expect(shared, 'a player two writers rank').toBeGreaterThanOrEqual(0);
    const spreadOf = (i: number) =>
      page.getByTestId('consensus-table').locator('tbody tr').nth(i).locator('td').last();
    await expect(spreadOf(lone)).toHaveText('—Ranked by one writer');
    await expect(spreadOf(shared)).toHaveText(String(consensus.rows[shared].spread));
    await expectNoAxeViolations(page, 'consensus page');
    // The position is a by-position board's (QB unless chosen), off for another kind; no empty choice.
    const position = page.getByLabel('Position (Dynasty by position)');
    await expect(position).toHaveValue('QB');
    await expect(position.locator('option')).toHaveText(['QB', 'RB', 'WR', 'TE']);
    await expect(position).toBeDisabled();
    await appInteractive(page);
    await page.getByLabel('Kind').selectOption('position');
    await expect(position).toBeEnabled();
    await shot(page, 'consensus-desktop');
    // The demo's two rookie boards, averaged, each writer named with his ranks.
    await page.goto('/rankings/consensus?kind=rookie&qbFormat=SF');
    await expect(page.getByTestId('consensus-writers').getByRole('link')).toHaveText([
      'Cole Brennan',
      'Tanya Okafor',
    ]);
    await expect(page.getByTestId('consensus-table').getByRole('columnheader')).toHaveText([
      '#',
      'Player',
      'Average',
      'Cole Brennan',
      'Tanya Okafor',
      'Spread',
    ]);
    await shot(page, 'consensus-rookie-desktop');
    // A format no writer has leads to the formats that have boards.
    await page.goto('/rankings/consensus?kind=idp&qbFormat=1QB&tePremium=true');
    await expect(page.getByText('No writer has published a ranking of this format yet.')).toBeVisible();
    await page
      .getByTestId('consensus-formats')
      .getByRole('link', { name: 'Rookie · Superflex · PPR' })
      .click();
    await expect(page).toHaveURL(/kind=rookie&qbFormat=SF&ppr=true&tePremium=false/);
    await expect(page.getByTestId('consensus-writers').getByRole('link')).toHaveCount(2);
    // The list's own link goes to the consensus of the newest board's format, never an empty default.
    await page.goto('/rankings');
    await page.getByRole('link', { name: 'See the consensus' }).click();
    await expect(page.getByTestId('consensus-table').getByRole('row')).not.toHaveCount(0);
    await page.goto('/');
    await expect(page.getByTestId('home-rankings').getByTestId('ranking-card')).toHaveCount(2);
    await shot(page, 'home-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'consensus-phone');
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('the board, the filters and the consensus work as plain pages', async ({ page }) => {
      await page.goto(`/ranking/${ranking.shortname}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ranking.title);
      await expect(page.getByTestId('board-entry')).toHaveCount(10);
      await expect(page.getByText('Tier 3')).toBeVisible();
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
      expect(ld).toMatchObject({ '@type': 'ItemList', numberOfItems: 10 });
      await shot(page, 'ranking-nojs-desktop');
      await page.goto('/rankings');
      await page.getByLabel('Kind').selectOption('overall');
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page).toHaveURL(/\/rankings\?kind=overall&position=&qbFormat=&ppr=&tePremium=$/);
      await expect(page.getByRole('link', { name: ranking.title })).toBeVisible();
      await page.getByRole('link', { name: ranking.title }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ranking.title);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'ranking-nojs-phone');
    });
  });
});
