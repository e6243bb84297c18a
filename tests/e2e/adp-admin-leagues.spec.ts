import type { APIRequestContext } from '@playwright/test';
import { test } from './admin-support.ts';
import { expect, expectNoAxeViolations, SIM_URL } from './support.ts';

/*
 * The Rookie ADP data page's league form: a league is read from its service before it is listed, an
 * MFL league is listed only when the admin confirms its commissioner's permission, the form states
 * the cap, and a listed league can be removed.
 */

/**
 * A public MFL league of the simulator that held no rookie draft (a redraft league, found by MFL's
 * league search): listing it and reading it changes none of the figures other specs compare.
 */
async function mflLeagueWithoutRookieDraft(request: APIRequestContext) {
  const { season } = await (await request.get(`${SIM_URL}/_sim/world`)).json();
  const found = await (
    await request.get(`${SIM_URL}/mfl/api/${season}/export?TYPE=leagueSearch&SEARCH=Redraft&JSON=1`)
  ).json();
  const leagues = ([] as { id: string }[]).concat(found.leagues.league);
  return leagues[Math.floor(Math.random() * leagues.length)].id;
}

test('an MFL league needs its commissioner’s permission; the cap is stated; a listed league can be removed', async ({
  adminPage: page,
}) => {
  const id = await mflLeagueWithoutRookieDraft(page.request);
  await page.goto('/admin/adp-data');
  const form = page.getByRole('region', { name: 'Add a league' });
  await expect(form.getByTestId('adp-add-terms')).toContainText(
    /An MFL league may be listed only with the permission of its commissioner.*At most 50 MFL leagues can be listed/,
  );
  await form.getByLabel('League id or address').fill(`mfl:${id}`);
  const add = form.getByRole('button', { name: 'Add league' });
  await expect(add).toBeDisabled();
  await form.getByRole('checkbox', { name: /commissioner has agreed/ }).check();
  await add.click();
  await expect(form.getByRole('status')).toHaveText(`MFL league ${id} added; it is read in the next run.`);
  const row = form.getByRole('row', { name: new RegExp(`MFL ${id}`) });
  await expect(row).toBeVisible();
  // On a phone the table fits its box even with a Sleeper league's 19-digit id in a row.
  await page.setViewportSize({ width: 390, height: 844 });
  const fit = await row.evaluate((tr) => {
    const cell = tr.firstElementChild as HTMLElement;
    const text = cell.textContent;
    cell.textContent = 'Sleeper 1234567890123456789';
    const table = tr.closest('table') as HTMLElement;
    const measured = { table: table.scrollWidth, box: (table.parentElement as HTMLElement).clientWidth };
    cell.textContent = text;
    return measured;
  });
  expect(fit.table).toBeLessThanOrEqual(fit.box);
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByLabel('League id or address').fill(`mfl:${id}`);
  await expectNoAxeViolations(page, 'the league form', 'section[aria-labelledby="adp-add"]');
  // A Sleeper league asks no permission.
  await form.getByLabel('League id or address').fill('sleeper:123456789012345678');
  await expect(form.getByRole('checkbox', { name: /commissioner has agreed/ })).toHaveCount(0);

  await row.getByRole('button', { name: `Remove MFL league ${id}` }).click();
  await expect(row).toHaveCount(0);
});

test('a Fleaflicker league needs its commissioner’s permission and is listed for trade values only', async ({
  adminPage: page,
}) => {
  // A bench league of the simulator (no visitor of another spec has it), not one of those the demo
  // lists at start (the first Fleaflicker leagues that traded, whoever's they are).
  const world = await (await page.request.get(`${SIM_URL}/_sim/world`)).json();
  const listed: { leagues: { service: string; leagueId: string }[] } = await (
    await page.request.get('/api/admin/adp/leagues')
  ).json();
  const taken = new Set(listed.leagues.filter((l) => l.service === 'flea').map((l) => l.leagueId));
  const bench = (world.leagues.bench.flea as { league_id: string }[]).filter((l) => !taken.has(l.league_id));
  expect(bench.length).toBeGreaterThan(0);
  const id = bench[Math.floor(Math.random() * bench.length)].league_id;
  await page.goto('/admin/adp-data');
  const form = page.getByRole('region', { name: 'Add a league' });
  await expect(form.getByTestId('adp-add-terms')).toContainText(
    /A Fleaflicker league .* is listed on the same terms, at most 50.*it feeds trade values only, not Rookie ADP/,
  );
  await form.getByLabel('League id or address').fill(`https://www.fleaflicker.com/nfl/leagues/${id}`);
  const add = form.getByRole('button', { name: 'Add league' });
  await expect(add).toBeDisabled();
  await form.getByRole('checkbox', { name: /Fleaflicker league’s commissioner has agreed/ }).check();
  await add.click();
  await expect(form.getByRole('status')).toHaveText(
    `Fleaflicker league ${id} added; its trades are read for trade values within the hour.`,
  );
  const row = form.getByRole('row', { name: new RegExp(`Fleaflicker ${id}`) });
  await expect(row).toContainText('Feeds trade values, not ADP');
  await expectNoAxeViolations(page, 'the listed Fleaflicker league', 'section[aria-labelledby="adp-add"]');
  const shots = process.env.ADMIN_SHOTS;
  if (shots) {
    // The form with a Fleaflicker league typed: its own permission box.
    await form.getByLabel('League id or address').fill('flea:312861');
    await form.screenshot({ path: `${shots}/adp-add-flea-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await form.screenshot({ path: `${shots}/adp-add-flea-phone.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await row.getByRole('button', { name: `Remove Fleaflicker league ${id}` }).click();
  await expect(row).toHaveCount(0);
});

test('a league its service does not have is refused beside the field; a service out of reach is said apart', async ({
  adminPage: page,
}) => {
  // Ids no league has, and no other spec asks for.
  const missing = `9${Date.now()}${Math.floor(Math.random() * 1e4)}`.slice(0, 18);
  const unreachable = `8${Date.now()}${Math.floor(Math.random() * 1e4)}`.slice(0, 18);
  await page.goto('/admin/adp-data');
  const form = page.getByRole('region', { name: 'Add a league' });
  const field = form.getByLabel('League id or address');
  await field.fill(`sleeper:${missing}`);
  await form.getByRole('button', { name: 'Add league' }).click();
  await expect(field).toHaveAccessibleDescription(
    `Sleeper has no league ${missing}: check the id or the address.`,
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('row', { name: new RegExp(missing) })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the refused league', 'section[aria-labelledby="adp-add"]');
  // Typing again clears the problem.
  await field.fill(`sleeper:${unreachable}`);
  await expect(field).not.toHaveAttribute('aria-invalid');

  // Sleeper drops every try for this league: the box below the form says so, not the field.
  const fault = await page.request.post(`${SIM_URL}/_sim/faults`, {
    data: { service: 'sleeper', kind: 'down', count: 3, match: `/league/${unreachable}` },
  });
  expect(fault.ok()).toBe(true);
  await form.getByRole('button', { name: 'Add league' }).click();
  await expect(form.getByRole('alert')).toContainText(
    `Could not check Sleeper league ${unreachable}, so it was not listed: Sleeper is not available right now, try again later.`,
  );
  await expect(field).not.toHaveAttribute('aria-invalid');
});

test('on a 390 px phone the page fits: each table fits its box, the widest are lists of figures', async ({
  browser,
  adminState,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    storageState: adminState,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  try {
    await page.goto('/admin/adp-data');
    await expect(page.getByRole('heading', { name: 'Discovery' })).toBeVisible();
    // The two widest tables (eight and nine columns) are lists on a phone.
    await expect(page.getByRole('list', { name: 'Last runs' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'By service' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Last runs' })).toBeHidden();
    await page.waitForLoadState('networkidle');
    const layout = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return {
        page: document.documentElement.scrollWidth - width,
        // Each section stays inside the screen, and each table shown inside its box.
        sections: [...document.querySelectorAll('main section')]
          .filter((s) => s.getBoundingClientRect().right > width)
          .map((s) => s.getAttribute('aria-label') ?? s.querySelector('h2')?.textContent),
        tables: [...document.querySelectorAll('main table')]
          .filter((t) => (t as HTMLElement).offsetParent !== null)
          .filter((t) => t.scrollWidth > (t.parentElement as HTMLElement).clientWidth + 1)
          .map((t) => t.querySelector('caption')?.textContent),
      };
    });
    expect(layout).toEqual({ page: 0, sections: [], tables: [] });
    await expectNoAxeViolations(page, 'the ADP data page on a phone');
  } finally {
    await context.close();
  }
});
