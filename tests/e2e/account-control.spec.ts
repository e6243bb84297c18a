import type { Page } from '@playwright/test';
import { addAccount, expect, logInByApi, test } from './admin-support.ts';
import { axeFindings } from './support.ts';

/*
 * Users in control of their account: deleting it themselves, the privacy page, and resetting a
 * forgotten password. The e2e server sends no mail (no SMTP_URL), so "Forgot password" says to ask
 * a site administrator, who issues the link on the user's admin page.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/account-control';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('deleting one’s own account', () => {
  test('asks for the password in a dialog, then logs out to the home page, which says so', async ({
    page,
    adminPage,
    browser,
    baseURL,
  }) => {
    const account = await addAccount(adminPage.request);
    await logInByApi(page.request, account.email, account.password);
    const other = await browser.newContext({ baseURL });
    await logInByApi(other.request, account.email, account.password);

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Delete Your Account' });
    await expect(section).toBeVisible();
    await section.screenshot({ path: `${SHOTS}/account-delete-section-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(section).toContainText('league connections saved with it are deleted');
    await section.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Your Account' });
    await expect(dialog).toContainText(account.email);
    await dialog.getByLabel('Your Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The password is not right.');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'delete-dialog-390');

    // Keep it closes the dialog and deletes nothing.
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    expect((await page.request.get('/api/users/currentUser')).status()).toBe(200);

    await section.getByRole('button', { name: 'Delete My Account' }).click();
    await dialog.getByLabel('Your Password').fill(account.password);
    await dialog.getByLabel('Your Password').press('Enter');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('status').filter({ hasText: 'Your account is deleted' })).toBeVisible();
    await shot(page, 'home-after-delete-390');
    // Shown once: the next page load is quiet again.
    await page.reload();
    await expect(page.getByText('Your account is deleted')).toHaveCount(0);

    expect((await page.request.get('/api/users/currentUser')).status()).toBe(401);
    expect((await other.request.get('/api/users/currentUser')).status()).toBe(401);
    const again = await page.request.post('/api/login', {
      data: { username: account.email, password: account.password },
    });
    expect(again.status()).toBe(401);
    await other.close();
  });
});

test.describe('the privacy page', () => {
  test('is linked from the footer and sign-up, and says what is kept and for how long', async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/signup');
      await expect(page.getByRole('main').getByRole('link', { name: 'What we keep, and why' })).toBeVisible();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
      await expect(page).toHaveURL('/privacy');
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
      const main = page.getByRole('main');
      for (const fact of [
        'A session lasts 30 days',
        'works once, for 30 minutes',
        'each encrypted with a key only the site’s servers hold',
        'kept until you remove them or delete your account',
        'never team or owner names',
        'How long logs and backups are kept is the choice of whoever runs the site',
        'no analytics, advertising or tracking',
      ])
        await expect(main).toContainText(fact);
      expect(await sideways(page), `${width} px`).toBeLessThanOrEqual(0);
      await shot(page, `privacy-${width}`);
    }
  });
});

test.describe('password reset', () => {
  test('without mail, Forgot password says to ask a site administrator', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Ask a site administrator');
    // CONTACT_EMAIL (set for the e2e server) is where to ask.
    await expect(page.getByRole('link', { name: 'help@dynasty.test' })).toHaveAttribute(
      'href',
      'mailto:help@dynasty.test?subject=Password%20reset',
    );
    await expect(page.getByLabel('E-mail')).toHaveCount(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'forgot-no-mail-390');
  });

  test('with mail, Forgot password asks for the address and says the same whatever it is', async ({
    page,
  }) => {
    // The e2e server sends no mail; the browser is told it does, and the request's answer is the
    // server's one shape for every address (the API tests check the server's side with real mail).
    await page.route('**/api/password-reset', (route) => route.fulfill({ json: { byMail: true } }));
    const asked: unknown[] = [];
    await page.route('**/api/password-reset/request', async (route) => {
      asked.push(route.request().postDataJSON());
      await route.fulfill({ json: { ok: true } });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/forgot-password');
    await page.getByLabel('E-mail').fill('  someone@example.test ');
    await page.getByRole('button', { name: 'Send Me a Link' }).click();
    await expect(page.getByRole('status')).toContainText(
      'If someone@example.test belongs to an account here, a link to choose a new password is on its way.',
    );
    expect(asked).toEqual([{ email: 'someone@example.test' }]);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'forgot-mail-sent-390');
  });

  test('a super user issues a link; it sets a new password once and logs the account out everywhere', async ({
    page,
    adminPage,
    browser,
    baseURL,
  }) => {
    const account = await addAccount(adminPage.request);
    const elsewhere = await browser.newContext({ baseURL });
    await logInByApi(elsewhere.request, account.email, account.password);

    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.goto(`/admin/user/${account.user.id}`);
    const panel = adminPage.getByRole('region', { name: 'Password reset' });
    await panel.getByRole('button', { name: 'Issue a Password-Reset Link' }).click();
    const field = panel.getByLabel(/^Link for /);
    await expect(field).toHaveValue(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    const link = await field.inputValue();
    expect(await sideways(adminPage)).toBeLessThanOrEqual(0);
    await shot(adminPage, 'admin-reset-link-390');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'New Password' })).toBeVisible();
    // The token leaves the address bar once read.
    await expect(page).toHaveURL('/reset-password');
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-secret-9');
    await page.getByLabel('Confirm New Password').fill('brand-new-secret-8');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByLabel('Confirm New Password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    await page.getByLabel('Confirm New Password').fill('brand-new-secret-9');
    await shot(page, 'reset-form-390');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password is changed');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'reset-done-390');

    expect((await elsewhere.request.get('/api/users/currentUser')).status()).toBe(401);
    await page.getByRole('link', { name: 'Log In' }).click();
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill('brand-new-secret-9');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/');

    // The same link again: said as the page opens, before any password is typed; the password stays.
    const reuse = await browser.newContext({ baseURL });
    const second = await reuse.newPage();
    await second.setViewportSize({ width: 390, height: 844 });
    await second.goto(link);
    await expect(second.getByRole('alert')).toContainText('expired or was already used');
    await expect(second.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await expect(second.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await shot(second, 'reset-link-used-390');
    await reuse.close();
    await elsewhere.close();
    expect(
      (
        await page.request.post('/api/login', {
          data: { username: account.email, password: 'brand-new-secret-9' },
        })
      ).status(),
    ).toBe(200);
  });
});
