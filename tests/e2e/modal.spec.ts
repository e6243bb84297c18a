import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';

// The site's modal, exercised through the Sleeper connect modal of the Player Status Checker.
async function openModal(page: Page) {
  await page.goto('/tools/status-checker');
  const trigger = page.getByRole('button', { name: 'Sleeper Connect' });
  await trigger.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return { trigger, dialog };
}

test.describe('modal', () => {
  test('is a labelled dialog that traps focus and gives it back', async ({ page }) => {
    const { trigger, dialog } = await openModal(page);
    const labelledBy = await dialog.getAttribute('aria-labelledby');
    expect(labelledBy).toBeTruthy();
    await expect(page.locator(`[id="${labelledBy}"]`)).toHaveText(/Sleeper/);
    // Tabbing many times never leaves the dialog.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('closes on Escape, on its close button and on a background click', async ({ page }) => {
    let { dialog } = await openModal(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    ({ dialog } = await openModal(page));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    ({ dialog } = await openModal(page));
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test('does not close while closing is prevented (a connect request in flight)', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/sleeper/connect', async (route) => {
      await held;
      await route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Sleeper user not found' }),
      });
    });
    const { dialog } = await openModal(page);
    await dialog.getByLabel('Sleeper username').fill('nobody-here');
    await dialog
      .getByRole('button', { name: /Connect/ })
      .last()
      .click();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();

    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await dialog.getByRole('button', { name: 'Close' }).click({ force: true });
    await expect(dialog).toBeVisible();

    release();
    await expect(dialog.getByRole('alert')).toHaveText('Sleeper user not found');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
