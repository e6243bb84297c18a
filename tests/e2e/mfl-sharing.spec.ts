import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support.ts';

/*
 * Consent for MFL drafts from a visitor's leagues: a box on MFL's log-in form, off by default, and a
 * way to stop wherever the MFL connection is shown. (What stopping deletes is tested on the API in
 * src/server/adp-data/consent.test.ts.)
 */

const SHARE_LABEL = 'Let my leagues’ rookie drafts help the site’s Rookie ADP';

async function openMflLogin(page: Page) {
  await page.goto('/tools/rostership');
  await page.getByRole('button', { name: 'Log in to MFL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to MFL' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logIn(page: Page, share: boolean) {
  const dialog = await openMflLogin(page);
  const box = dialog.getByRole('checkbox', { name: SHARE_LABEL });
  // Off unless the visitor ticks it, and it says what is kept.
  await expect(box).not.toBeChecked();
  await expect(dialog.getByText(/Only the picks are kept .* no team or owner names/)).toBeVisible();
  if (share) await box.check();
  await dialog.getByLabel('MFL username').fill('demo');
  await dialog.getByLabel('Password').fill('demo1234');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('connected-mfl')).toBeVisible();
}

const shareCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'MFL_ADP_SHARE');

test.describe('sharing MFL drafts with Rookie ADP', () => {
  test('a visitor who does not tick the box shares nothing', async ({ page }) => {
    await logIn(page, false);
    await expect(page.getByTestId('mfl-sharing')).toHaveCount(0);
    expect(await shareCookie(page)).toBeUndefined();
    expect((await (await page.request.get('/api/connections')).json()).mfl.sharesDrafts).toBe(false);
  });

  test('a visitor who ticks it shares, sees it beside the connection, and can stop', async ({ page }) => {
    await logIn(page, true);
    const sharing = page.getByTestId('mfl-sharing');
    await expect(sharing).toContainText('Your MFL leagues’ rookie drafts (picks only) help Rookie ADP.');
    expect(await shareCookie(page)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await expectNoAxeViolations(page, 'rostership with MFL sharing', '[aria-label="Your accounts"]');

    // The log-in form, opened again after logging out of MFL, shows the choice this browser made.
    await page.getByRole('button', { name: 'Log out of MFL' }).click();
    await expect(page.getByRole('button', { name: 'Log in to MFL' })).toBeVisible();
    // Nothing beside "Log in to MFL" reads as still connected: the choice shows on the form instead.
    await expect(sharing).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in to MFL' }).click();
    await expect(page.getByRole('checkbox', { name: SHARE_LABEL })).toBeChecked();
    await page.getByLabel('MFL username').fill('demo');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByTestId('connected-mfl')).toContainText('MFL connected as demo');

    await sharing.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(page.getByTestId('mfl-sharing-stopped')).toHaveText(
      'You no longer share your MFL drafts with Rookie ADP.',
    );
    await expect(sharing).toHaveCount(0);
    expect(await shareCookie(page)).toBeUndefined();
    expect((await (await page.request.get('/api/connections')).json()).mfl.sharesDrafts).toBe(false);
  });

  test('Sleeper says what it reads: public leagues, their rookie drafts, picks only', async ({ page }) => {
    await page.goto('/tools/rostership');
    await page.getByRole('button', { name: 'Sleeper Connect' }).click();
    await expect(
      page.getByRole('dialog').getByText(/public on Sleeper; their rookie drafts \(picks only\) also feed/),
    ).toBeVisible();
  });
});
