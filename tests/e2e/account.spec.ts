import { addAccount, expect, logInByApi, test } from './admin-support.ts';

const banner = (page: import('@playwright/test').Page) => page.getByRole('banner');

test.describe('the account page', () => {
  test('a plain user logs in from a page, lands back on it, and sees no admin link', async ({
    page,
    adminPage,
  }) => {
    const account = await addAccount(adminPage.request);
    await page.goto('/articles');
    await banner(page).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login?next=%2Farticles');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/articles');

    await banner(page).getByRole('button', { name: account.user.name }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin', exact: true })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
  });

  test('edits the name and Twitter handle; the header follows', async ({ page, adminPage }) => {
    const account = await addAccount(adminPage.request);
    await logInByApi(page.request, account.email, account.password);
    await page.goto('/account');
    const form = page.getByRole('region', { name: 'Name and Twitter' });
    await form.getByLabel('Twitter Handle').fill('not a handle!');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toContainText('letters, digits and underscores');

    const renamed = `${account.user.name} Renamed`;
    await form.getByLabel('Name').fill(renamed);
    await form.getByLabel('Twitter Handle').fill('@dynasty_fan');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');
    await expect(banner(page).getByRole('button', { name: renamed })).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('Name')).toHaveValue(renamed);
    await expect(form.getByLabel('Twitter Handle')).toHaveValue('dynasty_fan');
  });

  test('changes the e-mail address only with the current password; other sessions end', async ({
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
    const form = page.getByRole('region', { name: 'E-mail Address' });
    const moved = account.email.replace('@', '.moved@');
    await form.getByLabel('New E-mail Address').fill(moved);
    await form.getByLabel('Current Password').fill('not-my-password');
    await form.getByRole('button', { name: 'Change E-mail Address' }).click();
    await expect(form.getByLabel('Current Password')).toHaveAccessibleDescription(
      /The current password is not right\./,
    );
    await expect(form.getByRole('alert')).toHaveCount(0);
    expect((await other.request.get('/api/users/currentUser')).status()).toBe(200);

    await form.getByLabel('Current Password').fill(account.password);
    await form.getByRole('button', { name: 'Change E-mail Address' }).click();
    await expect(form.getByRole('status')).toContainText('Your e-mail address is changed');
    await expect(page.getByText(`Logged in as ${moved}`)).toBeVisible();
    await expect(form.getByLabel('New E-mail Address')).toHaveValue('');
    // This browser stays logged in; the other one is logged out.
    expect((await page.request.get('/api/users/currentUser')).status()).toBe(200);
    expect((await other.request.get('/api/users/currentUser')).status()).toBe(401);
    await other.close();
  });

  test('changes the password: the current one is required, common ones refused, other sessions end', async ({
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
    const form = page.getByRole('region', { name: 'Change Password' });
    const fill = async (current: string, next: string, confirm = next) => {
      await form.getByLabel('Current Password').fill(current);
      await form.getByLabel('New Password', { exact: true }).fill(next);
      await form.getByLabel('Confirm New Password').fill(confirm);
      await form.getByRole('button', { name: 'Change Password' }).click();
    };
    await fill(account.password, 'another-secret-7', 'another-secret-8');
    await expect(form.getByLabel('Confirm New Password')).toHaveAccessibleDescription(
      'The new passwords do not match.',
    );
    await fill('not-my-password', 'another-secret-7');
    await expect(form.getByRole('alert')).toContainText('The current password is not right.');
    await fill(account.password, 'password1');
    await expect(form.getByLabel('New Password', { exact: true })).toHaveAccessibleDescription(
      /^This password is one of the most common, leaked passwords\. Choose another\./,
    );
    await expect(form.getByRole('alert')).toHaveCount(0);
    expect((await other.request.get('/api/users/currentUser')).status()).toBe(200);

    await fill(account.password, 'another-secret-7');
    await expect(form.getByRole('status')).toContainText('Your password is changed');
    await expect(form.getByLabel('Current Password')).toHaveValue('');
    // This browser stays logged in; the other one is logged out.
    expect((await page.request.get('/api/users/currentUser')).status()).toBe(200);
    expect((await other.request.get('/api/users/currentUser')).status()).toBe(401);
    await other.close();
    const old = await page.request.post('/api/login', {
      data: { username: account.email, password: account.password },
    });
    expect(old.status()).toBe(401);
  });

  test('a visitor is sent to log in and brought back; contributors get the admin link', async ({
    page,
    contributor,
  }) => {
    await page.goto('/account');
    await expect(page).toHaveURL('/login?next=%2Faccount');
    await page.getByLabel('E-mail').fill(contributor.email);
    await page.getByLabel('Password').fill(contributor.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('link', { name: 'Admin panel' })).toBeVisible();
    await banner(page).getByRole('button', { name: contributor.user.name }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin', exact: true })).toBeVisible();
  });

  test('fits the screen on a desktop and on a 390 px phone', async ({ page, adminPage }) => {
    const account = await addAccount(adminPage.request);
    await logInByApi(page.request, account.email, account.password);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    }
  });
});
