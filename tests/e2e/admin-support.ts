import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { User } from '#common/users.ts';
import { ADMIN, test as base, expect, unique } from './support.ts';

/*
 * Accounts for the admin, auth and XSS specs. Every spec logs in from 127.0.0.1, so the test server
 * takes more log-ins a minute per address than production (AUTH_ATTEMPTS_PER_MINUTE in
 * playwright.config.ts); each worker still logs in once per role and reuses the session.
 */

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Logs the context's cookie jar in (API call, not the form) and answers the user. */
export async function logInByApi(request: APIRequestContext, email: string, password: string): Promise<User> {
  const res = await request.post('/api/login', { data: { username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A super user adds an account with the given roles; answers it with its password. */
export async function addAccount(
  admin: APIRequestContext,
  roles: { isContributor?: boolean; isSuperUser?: boolean } = {},
  name = unique('Tester'),
) {
  const email = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '')}@example.test`;
  const password = 'e2e-password-123';
  const res = await admin.post('/api/users', { data: { name, email, password, ...roles } });
  expect(res.status(), await res.text()).toBe(200);
  return { user: (await res.json()) as User, email, password };
}

async function loggedInState(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  await logInByApi(context.request, email, password);
  const state = await context.storageState();
  await context.close();
  return state;
}

interface Accounts {
  /** Cookies of the first super user. */
  adminState: StorageState;
  /** A contributor made for this worker, with cookies. */
  contributor: { user: User; email: string; password: string; state: StorageState };
}

export const test = base.extend<{ adminPage: Page; contributorPage: Page }, Accounts>({
  adminState: [
    async ({ browser }, use, info) => {
      await use(await loggedInState(browser, String(info.project.use.baseURL), ADMIN.email, ADMIN.password));
    },
    { scope: 'worker' },
  ],
  contributor: [
    async ({ browser, adminState }, use, info) => {
      const baseURL = String(info.project.use.baseURL);
      const admin = await browser.newContext({ baseURL, storageState: adminState });
      const account = await addAccount(admin.request, { isContributor: true }, unique('Contributor'));
      await admin.close();
      await use({
        ...account,
        state: await loggedInState(browser, baseURL, account.email, account.password),
      });
    },
    { scope: 'worker' },
  ],
  adminPage: async ({ browser, adminState, baseURL, consoleErrors }, use) => {
    const context = await browser.newContext({ baseURL, storageState: adminState });
    consoleErrors.watch(context);
    await use(await context.newPage());
    await context.close();
  },
  contributorPage: async ({ browser, contributor, baseURL, consoleErrors }, use) => {
    const context = await browser.newContext({ baseURL, storageState: contributor.state });
    consoleErrors.watch(context);
    await use(await context.newPage());
    await context.close();
  },
});

export { expect };
