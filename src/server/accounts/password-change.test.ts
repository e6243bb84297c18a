import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT } from '#common/users.ts';
import {
  freshAddress,
  knownBrowserCookie,
  login,
  sessionCookie,
  sessionSetCookie,
  uniqueEmail,
} from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';

describe(`changing one's password (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  const change = (cookie: string | undefined, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/users/currentUser/password', payload, cookie });
  const me = (cookie: string) => t.request({ method: 'GET', url: '/api/users/currentUser', cookie });

  it('needs the current password, then ends every other session and keeps this browser logged in', async () => {
    const email = uniqueEmail('changer');
    await t.userWithRole('user', { email, password: 'first-password-1' });
    const here = sessionCookie(await login(t, email, 'first-password-1'));
    const elsewhere = sessionCookie(await login(t, email, 'first-password-1'));

    const wrong = await change(here, { currentPassword: 'not-it-at-all', newPassword: 'second-password-2' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('The current password is not right.');
    expect((await me(elsewhere)).statusCode).toBe(200);

    const res = await change(here, { currentPassword: 'first-password-1', newPassword: 'second-password-2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(email);
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(here);
    expect((await me(fresh)).statusCode).toBe(200);
    // The other browser and the old token of this one are logged out.
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(401);

    expect((await login(t, email, 'first-password-1')).statusCode).toBe(401);
    expect((await login(t, email, 'second-password-2')).statusCode).toBe(200);
  });

  it('refuses a common password, the same one again, a short one and extra fields, changing nothing', async () => {
    const email = uniqueEmail('keeper');
    await t.userWithRole('user', { email, password: 'keep-this-one-3' });
    const cookie = sessionCookie(await login(t, email, 'keep-this-one-3'));
    for (const [payload, message] of [
      [
        { currentPassword: 'keep-this-one-3', newPassword: 'password' },
        /This password is one of the most common/,
      ],
      [
        { currentPassword: 'keep-this-one-3', newPassword: 'keep-this-one-3' },
        /Choose a password you have not been using/,
      ],
      [{ currentPassword: 'keep-this-one-3', newPassword: 'short' }, /The password must be at least 8/],
      [
        { currentPassword: 'keep-this-one-3', newPassword: 'aaaaaaaaaaaa' },
        /^This password is too easy to guess\. Repeated characters/,
      ],
      [
        { currentPassword: 'keep-this-one-3', newPassword: 'fine-password-4', userId: 1 },
        /userId cannot be sent here/,
      ],
      [{ newPassword: 'fine-password-4' }, /Add the current password/],
    ] as const) {
      const res = await change(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(message);
      if ('currentPassword' in payload && !('userId' in payload) && payload.newPassword !== 'short')
        expect(res.json().field).toBe('newPassword');
      expect(sessionSetCookie(res)).toBeUndefined();
    }
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await login(t, email, 'keep-this-one-3')).statusCode).toBe(200);
  });

  it(`gives a stolen session ${LOGIN_FAILURES_PER_ACCOUNT} wrong current passwords in all, from any number of networks, and keeps the owner's browser able`, async () => {
    const email = uniqueEmail('guessed');
    await t.userWithRole('user', { email, password: 'the-real-one-5' });
    const loggedIn = await login(t, email, 'the-real-one-5');
    const session = sessionCookie(loggedIn);
    const browser = knownBrowserCookie(loggedIn);
    const from = (remoteAddress: string, currentPassword: string, cookie = session) =>
      t.request({
        method: 'POST',
        url: '/api/users/currentUser/password',
        payload: { currentPassword, newPassword: 'brand-new-secret-6' },
        cookie,
        remoteAddress,
      });
    // A stolen session (the session cookie alone) guesses from a new network each time.
    const answers = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT + 2; i++)
      answers.push((await from(freshAddress(), `guess-${i}`)).statusCode);
    expect(answers).toEqual([...Array(LOGIN_FAILURES_PER_ACCOUNT).fill(403), 429, 429]);
    const refused = await from(freshAddress(), 'the-real-one-5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many wrong passwords for this account/);
    // The owner's browser, which logged in with the password, can still change it.
    const owner = await from(freshAddress(), 'the-real-one-5', `${session}; ${browser}`);
    expect(owner.statusCode).toBe(200);
    // Its mark now vouches for the new password, which the old one cannot.
    expect(knownBrowserCookie(owner)).not.toBe(browser);
  });

  it('is refused to visitors before the body is read', async () => {
    const res = await change(undefined, { nonsense: true });
    expect(res.statusCode).toBe(401);
  });
});
