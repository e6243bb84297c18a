import { test } from './admin-support.ts';
import { expect, expectNoAxeViolations } from './support.ts';

/*
 * The Rookie ADP data page's league form: an MFL league is listed only when the admin confirms its
 * commissioner's permission, the form states the cap, and a listed league can be removed.
 */

test('an MFL league needs its commissioner’s permission; the cap is stated; a listed league can be removed', async ({
  adminPage: page,
}) => {
  // A league id of no league in the simulator: it fails its reads, which is harmless here.
  const id = String(900_000 + Math.floor(Math.random() * 90_000));
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
  await form.getByLabel('League id or address').fill(`mfl:${id}`);
  await expectNoAxeViolations(page, 'the league form', 'section[aria-labelledby="adp-add"]');
  // A Sleeper league asks no permission.
  await form.getByLabel('League id or address').fill('sleeper:123456789012345678');
  await expect(form.getByRole('checkbox', { name: /commissioner has agreed/ })).toHaveCount(0);

  await row.getByRole('button', { name: `Remove MFL league ${id}` }).click();
  await expect(row).toHaveCount(0);
});

test('on a 390 px phone the page fits: its tables scroll inside their own box, the form wraps', async ({
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
    await expect(page.getByRole('table', { name: 'Last runs' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const layout = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      // Each section stays inside the screen; what is wider scrolls inside it.
      sections: [...document.querySelectorAll('main section')]
        .filter((s) => s.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((s) => s.getAttribute('aria-label') ?? s.querySelector('h2')?.textContent),
    }));
    expect(layout).toEqual({ page: 0, sections: [] });
    // The widest table scrolls sideways in its own box.
    const runs = page.getByRole('table', { name: 'Last runs' });
    const box = await runs.evaluate((t) => {
      const parent = t.parentElement as HTMLElement;
      return { scrolls: getComputedStyle(parent).overflowX, fits: parent.clientWidth <= 390 };
    });
    expect(box).toEqual({ scrolls: 'auto', fits: true });
  } finally {
    await context.close();
  }
});
