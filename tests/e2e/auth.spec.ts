import { addAccount, expect, logInByApi, test } from './admin-support.ts';
import { ADMIN, unique } from './support.ts';

const accountButton = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name });

test.describe('sign up', () => {
  test('checks the form before sending, creates the account, lands home logged in; plain users get no admin', async ({
    page,
  }) => {
    const name = unique('Newcomer');
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`;
    let signups = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/signup')) signups++;
    });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/signup');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Each problem is said beside its field, and read out with it.
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAccessibleDescription(/must be at least 8 characters/);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await password.fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-2');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    await expect(password).not.toHaveAttribute('aria-invalid');
    expect(signups, 'nothing is sent while the form is wrong').toBe(0);

    await page.getByLabel('Confirm Password').fill('long-enough-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/');
    await accountButton(page, name).click();
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();

    // The session cookie is out of the page's reach and not sent on cross-site posts.
    const session = (await page.context().cookies()).find((c) => c.name === 'session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('session=');

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByText('Ask a super user to make you a contributor.')).toBeVisible();
  });

  test('does not tell whether the e-mail is taken: the answer is the same, the log-in after it fails', async ({
    page,
    adminPage,
  }) => {
    const { email, password } = await addAccount(adminPage.request);
    const answers: string[] = [];
    page.on('response', async (r) => {
      if (r.url().endsWith('/api/signup')) answers.push(`${r.status()} ${await r.text()}`);
    });
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('E-mail').fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toContainText('Error Signing Up');
    await expect(page.getByRole('alert')).toContainText('log in with its password');
    await expect(page.getByRole('alert')).not.toContainText('already exists');
    expect(answers).toEqual(['200 {"ok":true}']);
    await expect(page).toHaveURL('/signup');
    // The account kept its own password.
    await logInByApi(page.request, email, password);
  });

  test('an empty sign-up says everything missing at once, sending nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/signup')) sent.push(r.url());
    });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/Enter a name\./);
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(/Enter a valid e-mail address\./);
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /The password must be at least 8 characters\./,
    );
    for (const label of ['Name', 'E-mail'])
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({
      path: `${process.env.E2E_SHOTS_DIR ?? 'test-results/auth'}/signup-empty-1280.png`,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: `${process.env.E2E_SHOTS_DIR ?? 'test-results/auth'}/signup-empty-390.png`,
    });
    expect(sent).toEqual([]);
  });

  test('refuses a common password with the reason', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Common Choice');
    await page.getByLabel('E-mail').fill(`common.${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByLabel('Confirm Password').fill('password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // The server's reason, in words beside the field (not "Invalid body: password: …").
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /^This password is one of the most common, leaked passwords\. Choose another\./,
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL('/signup');
  });

  test('refuses a password too easy to guess, saying why beside the field', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Weak Choice');
    await page.getByLabel('E-mail').fill(`weak.${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('aaaaaaaa');
    await page.getByLabel('Confirm Password').fill('aaaaaaaa');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /^This password is too easy to guess\. Repeated characters, like “aaa”, are easy to guess\./,
    );
    await expect(page).toHaveURL('/signup');
  });
});

test.describe('log in and out', () => {
  test('a visitor sent to the admin panel lands on the log-in form, and back after logging in', async ({
    page,
    adminPage,
  }) => {
    const account = await addAccount(adminPage.request, { isContributor: true });
    await page.goto('/admin/articles');
    await expect(page).toHaveURL('/login?next=%2Fadmin%2Farticles');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/admin/articles');
  });

  test('a wrong password shows the error; the right one opens the admin panel', async ({
    page,
    adminPage,
  }) => {
    const account = await addAccount(adminPage.request, { isContributor: true });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toContainText('Error Logging In');
    await expect(page.getByRole('alert')).toContainText('Incorrect e-mail or password.');

    // An unknown address gets the very same words.
    await page.getByLabel('E-mail').fill(`nobody.${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toContainText('Incorrect e-mail or password.');

    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Home' })).toBeVisible();
    await expect(accountButton(page, account.user.name)).toBeVisible();
  });

  test('the super user logs in through the form and reaches every admin section', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const [label, heading] of [
      ['Articles', 'Articles'],
      ['Profiles', 'Profiles'],
      ['Users', 'Users'],
      ['Home', 'Admin Home'],
    ]) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    }
  });

  test('log out ends the session on the server: the old cookie no longer works', async ({
    page,
    adminPage,
    playwright,
    baseURL,
  }) => {
    const account = await addAccount(adminPage.request, { isContributor: true });
    await logInByApi(page.request, account.email, account.password);
    const token = (await page.context().cookies()).find((c) => c.name === 'session')!.value;

    // League connections made in this browser end with the site's log-out (a shared computer).
    await page.context().addCookies(
      ['MFL_USER_ID', 'SLEEPER_USER_ID', 'FLEAFLICKER_EMAIL', 'ESPN_CONNECTION'].map((name) => ({
        name,
        value: 'x',
        url: baseURL!,
      })),
    );
    await page.goto('/admin');
    await accountButton(page, account.user.name).click();
    await expect(page.getByText('Also logs this browser out of its leagues.')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(
      (await page.context().cookies()).filter((c) => /MFL|SLEEPER|FLEAFLICKER|ESPN/.test(c.name)),
    ).toEqual([]);

    // Someone who copied the cookie before the log-out gets nothing with it.
    const replay = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `session=${token}` },
    });
    expect((await replay.get('/api/users/currentUser')).status()).toBe(401);
    await replay.dispose();
  });

  test('a new session token is issued at log-in (session fixation)', async ({ page, adminPage, baseURL }) => {
    const account = await addAccount(adminPage.request);
    await page.context().addCookies([{ name: 'session', value: 'planted-by-an-attacker', url: baseURL }]);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    // A plain user lands home, not on the admin panel.
    await expect(page).toHaveURL('/');
    const token = (await page.context().cookies()).find((c) => c.name === 'session')?.value;
    expect(token).toBeTruthy();
    expect(token).not.toBe('planted-by-an-attacker');
  });
});
