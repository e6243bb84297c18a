import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, SIM_URL, test } from './support.ts';

/*
 * The Player Status Checker in Chromium against the simulator, for the demo user with leagues on
 * MFL, Sleeper and Fleaflicker: the connect buttons, the type-ahead (by mouse and by keyboard), a
 * status row for every league labelled by service, and a league that fails and is retried.
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

/**
 * The words of these elements that run over more than one line: each word's text range gives one
 * box per line it is drawn on.
 */
const brokenWords = (elements: Locator) =>
  elements.evaluateAll((els) =>
    els.flatMap((el) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(`"${m[0]}" on ${lines.size} lines in "${el.textContent}"`);
        }
      }
      return broken;
    }),
  );

const statusTable = (page: Page) => page.getByRole('table', { name: 'Player status by league' });
const optionName = (p: Listed) => `${p.name} · ${p.position} · ${p.team}`;

test.describe('player status checker', () => {
  test('the player search appears once an account is connected; MFL login and Sleeper Connect buttons', async ({
    page,
  }) => {
    await page.goto('/tools/status-checker');
    await expect(page.getByRole('button', { name: 'Log in to MFL' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sleeper Connect' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Fleaflicker' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect ESPN' })).toBeVisible();
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
    const option = page.getByRole('option', { name: optionName(player) });
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
    // (A free agent's add link is checked in the routes' tests, on leagues where the player is free:
    // the player picked here, on the demo user's team, is free in none of them.)

    await expectNoAxeViolations(page, 'the status', '[aria-labelledby="status-title"]');
    await page.screenshot({ path: testInfo.outputPath('status-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await statusTable(page).scrollIntoViewIfNeeded();
    // On the phone a status may wrap between its words, never inside one ("Free Age / nt").
    const badges = statusTable(page).getByTestId('status-badge');
    expect(await badges.count()).toBeGreaterThan(0);
    expect(await brokenWords(badges)).toEqual([]);
    // However narrow its cell gets (large text on a small phone), a word stays whole: here each
    // badge gets less room than its longest word ("available:").
    const squeeze = await page.addStyleTag({
      content: '[data-testid="status-badge"] { max-width: 4rem }',
    });
    expect(await brokenWords(badges)).toEqual([]);
    await squeeze.evaluate((style) => (style as HTMLStyleElement).remove());
    await page.screenshot({ path: testInfo.outputPath('status-phone.png') });
  });

  test('the site search lists NFL players by name; one opens the checker with him chosen', async ({
    page,
  }, testInfo) => {
    await connectAll(page);
    // myMflPlayer reads /api/players, so the server holds the list the site search looks into.
    const { player } = await myMflPlayer(page);
    const surname = player.name.split(' ').at(-1)!;
    await page.goto(`/search?search=${encodeURIComponent(surname)}`);
    const hits = page.getByRole('region', { name: 'NFL players' });
    const link = hits.getByRole('link', { name: new RegExp(`^${player.name}`) });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `/tools/status-checker?player=${player.id}`);
    await page.screenshot({ path: testInfo.outputPath('search-players.png') });
    // A typo in the name (two letters of the surname swapped) finds him too.
    if (surname.length >= 5) {
      const typo = `${surname.slice(0, 2)}${surname[3]}${surname[2]}${surname.slice(4)}`;
      await page.goto(`/search?search=${encodeURIComponent(typo)}`);
      await expect(hits.getByRole('link', { name: new RegExp(`^${player.name}`) })).toBeVisible();
    }
    await page.goto(`/search?search=${encodeURIComponent(surname)}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/tools/status-checker\\?player=${player.id}$`));
    await expect(page.getByRole('heading', { name: new RegExp(`^${player.name}`) })).toBeVisible();
    await expect(statusTable(page).locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    // A link to a player the list does not have says so.
    await page.goto('/tools/status-checker?player=nobody-999');
    await expect(page.getByText('The player in this link is not in the player list.')).toBeVisible();
  });

  test('the player search: typing filters, arrow keys move, Enter picks, Escape closes, at most 50 options', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await connectAll(page);
    const { players: all }: { players: Listed[] } = await (await page.request.get('/api/players')).json();
    const count = new Map<string, number>();
    for (const p of all) count.set(p.name, (count.get(p.name) ?? 0) + 1);
    // Names as the search compares them: no accents or punctuation, any case.
    const fold = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[.'’`-]/g, '');
    const matching = (q: string) => all.filter((p) => fold(p.name).includes(q)).length;
    // A surname a few players share, one of whom (not the first) is the only player of his name.
    const bySurname = new Map<string, Listed[]>();
    for (const p of all.filter((p) => /^[A-Za-z]+ [A-Za-z]+$/.test(p.name))) {
      const surname = p.name.split(' ')[1];
      bySurname.set(surname, [...(bySurname.get(surname) ?? []), p]);
    }
    const [surname, namesakes] = [...bySurname].find(
      ([name, ps]) =>
        ps.length >= 3 && matching(fold(name)) <= 20 && ps.slice(1).some((p) => count.get(p.name) === 1),
    )!;
    // Arrow keys must move to him before Enter picks him.
    const target = namesakes.findLast((p) => count.get(p.name) === 1)!;
    expect(matching('a')).toBeGreaterThan(50);

    await page.goto('/tools/status-checker');
    const search = page.getByRole('combobox', { name: 'Player' });
    const list = page.getByRole('listbox', { name: 'Player' });
    const options = list.getByRole('option');
    await expect(page.locator('label', { hasText: /^Player$/ })).toBeVisible();
    await expect(search).toHaveAttribute('placeholder', 'Type a player’s name', { timeout: 20_000 });
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();

    // Focused and empty, the list asks for a name.
    await search.click();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toContainText('Start typing a name');
    await expect(options).toHaveCount(0);

    // One letter matches most of the list; only the first 50 are drawn, the first one highlighted.
    await search.pressSequentially('a');
    await expect(options).toHaveCount(50);
    const highlighted = async () => {
      const id = await search.getAttribute('aria-activedescendant');
      return id ? page.locator(`[id="${id}"]`).getAttribute('aria-label') : null;
    };
    const names = await options.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    await expect.poll(highlighted).toBe(names[0]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(highlighted).toBe(names[2]);
    await page.keyboard.press('ArrowUp');
    await expect.poll(highlighted).toBe(names[1]);
    await expect(options.nth(1)).toHaveAttribute('data-active-item', 'true');

    // Escape closes the list and keeps what was typed; an arrow key opens it again.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await expect(search).toHaveValue('a');
    await expect(search).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();

    // Typing narrows the list to the players of that surname; arrow keys and Enter pick one.
    await search.fill(surname.toLowerCase());
    await expect(options).toHaveCount(matching(fold(surname)));
    await expect(list.getByRole('option', { name: optionName(target) })).toBeVisible();
    const shown = await options.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const at = shown.indexOf(optionName(target));
    expect(at).toBeGreaterThan(0);
    for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(highlighted).toBe(optionName(target));
    await expectNoAxeViolations(page, 'the player search', 'main');
    await page.screenshot({ path: testInfo.outputPath('player-search-desktop.png') });
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(search).toHaveValue(target.name);
    await expect(page.getByRole('heading', { name: target.name })).toBeVisible();
    await expect(statusTable(page).locator('tbody tr').first()).toBeVisible();

    // A name that matches no one says so; Escape then shows the pick again.
    await search.fill('zzqqxx');
    await expect(list).toContainText('No player by that name');
    await expect(page.getByRole('status').filter({ hasText: 'No player by that name' })).toBeAttached();
    await expect(options).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(search).toHaveValue(target.name);
    await expect(page.getByRole('heading', { name: target.name })).toBeVisible();

    // The clear button drops the pick and the status table, and gives the field its focus back.
    await page.getByRole('button', { name: 'Clear Player' }).click();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(page.getByRole('heading', { name: target.name })).toHaveCount(0);
    await expect(statusTable(page)).toHaveCount(0);

    // On a 390 px phone the open list stays inside the screen and the page does not scroll sideways;
    // a tap on an option picks it.
    await page.setViewportSize({ width: 390, height: 844 });
    await search.fill(surname.toLowerCase());
    await expect(list).toBeVisible();
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('player-search-phone.png') });
    await list.getByRole('option', { name: optionName(target) }).click();
    await expect(search).toHaveValue(target.name);
    await expect(page.getByRole('heading', { name: target.name })).toBeVisible();
    // A click elsewhere closes the list without picking.
    await search.fill('a');
    await expect(list).toBeVisible();
    await page.getByRole('heading', { name: 'Player Status Checker' }).click();
    await expect(list).toBeHidden();
    await expect(search).toHaveValue(target.name);
  });
});
