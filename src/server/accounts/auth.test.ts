import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '#common/users.ts';
import { login, sessionCookie, sessionSetCookie, signup, uniqueEmail } from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { sessions, users } from '../db/schema.ts';
import { createSession, SESSION_COOKIE } from './sessions.ts';

describe(`log in, sign up, log out (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  const currentUser = (cookie?: string) =>
    t.request({ method: 'GET', url: '/api/users/currentUser', cookie });

  describe('sign up', () => {
    it('creates the account without logging in; the e-mail and password then log in', async () => {
      const email = uniqueEmail('Signup');
      const res = await signup(t, {
        name: 'Sam Signup',
        username: `  ${email.toUpperCase()} `,
        password: 'long-enough',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(sessionSetCookie(res)).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      const logIn = await login(t, email, 'long-enough');
      expect(logIn.statusCode).toBe(200);
      expect(logIn.json()).toEqual({
        id: expect.any(Number),
        name: 'Sam Signup',
        email: email.toLowerCase(),
        twitter: '',
        isContributor: false,
        isSuperUser: false,
      });
      expect(logIn.body).not.toMatch(/hash|argon/i);
      const me = await currentUser(sessionCookie(logIn));
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(logIn.json().id);
    });

    it('sets an HttpOnly, SameSite=Lax, Path=/ cookie for 30 days on log-in, not Secure over plain HTTP', async () => {
      const email = uniqueEmail('cookie');
      await signup(t, { name: 'Cookie', username: email, password: 'long-enough' });
      const res = await login(t, email, 'long-enough');
      const set = sessionSetCookie(res)!;
      expect(set).toMatch(/; HttpOnly/);
      expect(set).toMatch(/; SameSite=Lax/);
      expect(set).toMatch(/; Path=\//);
      expect(set).toMatch(/; Max-Age=2592000/);
      expect(set).not.toMatch(/Secure/);
      // 256 bits of randomness in base64url.
      expect(sessionCookie(res).split('=')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.headers['cache-control']).toBe('no-store');
      // Beside it, a readable hint (no token) tells the client a session may exist.
      const hint = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('signed_in='));
      expect(hint).toMatch(/^signed_in=1;/);
      expect(hint).not.toMatch(/HttpOnly/);
    });

    it('enforces the password length: at least 8, at most the maximum', async () => {
      const short = await signup(t, { name: 'Short', username: uniqueEmail(), password: '1234567' });
      expect(short.statusCode).toBe(400);
      // The field is named apart from the words, so the form says it beside the password box.
      expect(short.json()).toMatchObject({
        error: expect.stringMatching(/at least 8 characters/),
        field: 'password',
      });
      const both = await signup(t, { name: '', username: 'not-an-email', password: '1234567' });
      expect(both.statusCode).toBe(400);
      expect(both.json().field).toBeUndefined();
      const long = await signup(t, {
        name: 'Long',
        username: uniqueEmail(),
        password: 'x'.repeat(PASSWORD_MAX + 1),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toMatch(/at most 128 characters/);
      // Eight characters pass the length rule; an eight-character password is still too easy to guess
      // (about 10^8 tries), a ninth character makes it hard enough.
      const eight = await signup(t, { name: 'Eight', username: uniqueEmail(), password: 'qz7!fw3k' });
      expect(eight.statusCode).toBe(400);
      expect(eight.json()).toMatchObject({
        error: expect.stringMatching(/too easy to guess/),
        field: 'password',
      });
      const nine = await signup(t, { name: 'Nine', username: uniqueEmail(), password: 'qz7!fw3kp' });
      expect(nine.statusCode).toBe(200);
    });

    it('refuses a password too easy to guess, with the reason beside the field', async () => {
      const email = uniqueEmail('weak');
      const res = await signup(t, { name: 'Weak', username: email, password: 'aaaaaaaa' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error:
          'This password is too easy to guess. Repeated characters, like “aaa”, are easy to guess. Add a few more words; uncommon ones are better.',
        field: 'password',
      });
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });

    it('refuses common and leaked passwords, and the e-mail or name as the password', async () => {
      for (const password of ['password', '12345678', 'PassWord1', 'iloveyou', 'football1']) {
        const res = await signup(t, { name: 'Common', username: uniqueEmail(), password });
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toEqual({
          error: 'This password is one of the most common, leaked passwords. Choose another.',
          field: 'password',
        });
      }
      const email = uniqueEmail('selfname');
      const own = await signup(t, { name: 'Selfname Person', username: email, password: email });
      expect(own.statusCode).toBe(400);
      expect(own.json().error).toMatch(/must not be your e-mail address or your name/);
      const rows = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toEqual([]);
    });

    it('refuses a bad e-mail and an empty name with a message naming the field', async () => {
      const email = await signup(t, { name: 'Bad', username: 'not-an-email', password: 'long-enough' });
      expect(email.statusCode).toBe(400);
      expect(email.json().error).toBe('Enter a valid e-mail address.');
      const name = await signup(t, { name: '   ', username: uniqueEmail(), password: 'long-enough' });
      expect(name.statusCode).toBe(400);
      expect(name.json().error).toBe('Enter a name.');
    });

    it('answers a sign-up for an existing e-mail exactly as for a new one, changing nothing', async () => {
      const email = uniqueEmail('dup');
      const first = await signup(t, { name: 'One', username: email, password: 'long-enough' });
      const again = await signup(t, {
        name: 'Two',
        username: email.toUpperCase(),
        password: 'other-secret-9',
      });
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body);
      expect(Object.keys(again.headers).sort()).toEqual(Object.keys(first.headers).sort());
      expect(sessionSetCookie(again)).toBeUndefined();
      expect(again.body).not.toMatch(/exist/i);
      // The account and its password are as they were.
      const rows = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(rows.map((r) => r.name)).toEqual(['One']);
      expect((await login(t, email, 'long-enough')).statusCode).toBe(200);
      expect((await login(t, email, 'other-secret-9')).statusCode).toBe(401);
    });

    it('refuses role fields and other extras (no mass assignment) and creates nothing', async () => {
      const email = uniqueEmail('sneaky');
      for (const extra of [
        { isSuperUser: true },
        { isContributor: true },
        { passwordHash: 'x' },
        { id: 1 },
      ]) {
        const res = await signup(t, { name: 'Sneaky', username: email, password: 'long-enough', ...extra });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().error).toMatch(/cannot be sent here\.$/);
      }
      // A body of thousands of unknown keys gets a short answer: the first few named, the rest counted.
      const many = Object.fromEntries(Array.from({ length: 70_000 }, (_, i) => [`k${i}`, 1]));
      const res = await signup(t, { name: 'Sneaky', username: email, password: 'long-enough', ...many });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('k0, k1, k2, k3, k4 and 69995 more fields cannot be sent here.');
      const rows = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toEqual([]);
    });
  });

  describe('log in', () => {
    const password = 'correct horse battery';
    let email: string;
    beforeAll(async () => {
      email = uniqueEmail('login');
      await t.userWithRole('user', { email, password });
    });

    it('answers the user and a session cookie; the e-mail is matched regardless of case', async () => {
      const res = await login(t, email.toUpperCase(), password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email, isSuperUser: false });
      expect(Object.keys(res.json()).sort()).toEqual(
        ['email', 'id', 'isContributor', 'isSuperUser', 'name', 'twitter'].sort(),
      );
      expect((await currentUser(sessionCookie(res))).json().email).toBe(email);
    });

    it('gives the same answer for an unknown e-mail and a wrong password (no account enumeration)', async () => {
      const wrong = await login(t, email, 'wrong password');
      const unknown = await login(t, uniqueEmail('nobody'), 'wrong password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toEqual({ error: 'Incorrect e-mail or password.' });
      expect(sessionSetCookie(wrong)).toBeUndefined();
      expect(sessionSetCookie(unknown)).toBeUndefined();
    });

    // That an unknown e-mail takes about as long as a wrong password is measured in bench/timings.ts.

    it('refuses an empty or malformed body with 400', async () => {
      for (const payload of [
        {},
        { username: email },
        { username: '', password: 'x' },
        { username: email, password: 5 },
      ]) {
        const res = await t.request({ method: 'POST', url: '/api/login', payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('issues a new token at every log-in and kills a token sent with it (session fixation)', async () => {
      // An attacker plants a session of their own in the victim's browser...
      const attacker = await t.userWithRole('user');
      const planted = attacker.cookie;
      const res = await login(t, email, password, { cookie: planted });
      const fresh = sessionCookie(res);
      expect(fresh).not.toBe(planted);
      // ...and the planted token no longer works for anyone.
      expect((await currentUser(planted)).statusCode).toBe(401);
      // Logging in twice gives two different tokens.
      const again = sessionCookie(await login(t, email, password));
      expect(again).not.toBe(fresh);
      // A made-up token is never adopted either.
      const madeUp = `${SESSION_COOKIE}=attacker-chosen-token-value`;
      expect(sessionCookie(await login(t, email, password, { cookie: madeUp }))).not.toBe(madeUp);
    });
  });

  describe('current user and sessions', () => {
    it('answers 401 with a JSON error when not logged in', async () => {
      const res = await currentUser();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'You need to log in first.' });
    });

    it('treats an unknown, oversized or expired token as logged out', async () => {
      expect((await currentUser(`${SESSION_COOKIE}=nope`)).statusCode).toBe(401);
      expect((await currentUser(`${SESSION_COOKIE}=${'a'.repeat(5000)}`)).statusCode).toBe(401);
      const { user } = await t.userWithRole('contributor');
      const token = await createSession(t.database.db, user.id);
      const cookie = `${SESSION_COOKIE}=${token}`;
      expect((await currentUser(cookie)).statusCode).toBe(200);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      expect((await currentUser(cookie)).statusCode).toBe(401);
    });

    it('stores only a hash of the token', async () => {
      const { user, cookie } = await t.userWithRole('user');
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0].id).not.toBe(cookie.split('=')[1]);
    });

    it('says staff in the readable hint for contributors and super users, and keeps it true to the roles', async () => {
      const hintOf = (res: { headers: Record<string, unknown> }) =>
        ([] as string[])
          .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
          .find((c) => c.startsWith('signed_in='))
          ?.split(';')[0];
      const password = 'long-enough-1';
      const writer = await t.userWithRole('contributor', { email: uniqueEmail('hint'), password });
      const reader = await t.userWithRole('user', { email: uniqueEmail('hint'), password });
      expect(hintOf(await login(t, writer.user.email, password))).toBe('signed_in=staff');
      expect(hintOf(await login(t, reader.user.email, password))).toBe('signed_in=1');
      // A role taken while the session lives: the next "who is logged in" puts the hint right, once.
      await t.database.db.update(users).set({ isContributor: false }).where(eq(users.id, writer.user.id));
      const stale = await currentUser(`${writer.cookie}; signed_in=staff`);
      expect(hintOf(stale)).toBe('signed_in=1');
      expect(hintOf(await currentUser(`${writer.cookie}; signed_in=1`))).toBeUndefined();
      // And one given: a reader made a contributor.
      await t.database.db.update(users).set({ isContributor: true }).where(eq(users.id, reader.user.id));
      expect(hintOf(await currentUser(`${reader.cookie}; signed_in=1`))).toBe('signed_in=staff');
    });

    it('sees role changes on the next request (roles are read per request, not kept in the session)', async () => {
      const { user, cookie } = await t.userWithRole('contributor');
      await t.database.db.update(users).set({ isContributor: false }).where(eq(users.id, user.id));
      expect((await currentUser(cookie)).json().isContributor).toBe(false);
      const list = await t.request({ method: 'GET', url: '/api/users?isContributor=true', cookie });
      expect(list.statusCode).toBe(403);
    });
  });

  describe('log out', () => {
    it('deletes the session row and clears the cookie; the old cookie is then refused', async () => {
      const { user, cookie } = await t.userWithRole('contributor');
      const res = await t.request({ method: 'POST', url: '/api/logout', cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const cleared = sessionSetCookie(res)!;
      expect(cleared).toMatch(/^session=;/);
      expect(String(res.headers['set-cookie'])).toMatch(/signed_in=;/);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toEqual([]);
      // Replaying the stolen cookie after log-out does not work.
      expect((await currentUser(cookie)).statusCode).toBe(401);
    });

    it('only ends the session it was sent with', async () => {
      const { user, cookie } = await t.userWithRole('user');
      const other = `${SESSION_COOKIE}=${await createSession(t.database.db, user.id)}`;
      await t.request({ method: 'POST', url: '/api/logout', cookie });
      expect((await currentUser(other)).statusCode).toBe(200);
    });

    it('is harmless when not logged in', async () => {
      const res = await t.request({ method: 'POST', url: '/api/logout' });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('cross-site requests', () => {
    const email = uniqueEmail('csrf');
    beforeAll(() => t.userWithRole('user', { email, password: 'long-enough' }));

    it.each([
      ['an Origin of another site', { origin: 'https://evil.example' }],
      ['a malformed Origin', { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ])('refuses a log-in, sign-up, log-out or user edit with %s', async (_label, headers) => {
      const { user, cookie } = await t.userWithRole('user');
      const attempts = [
        { url: '/api/login', payload: { username: email, password: 'long-enough' } },
        { url: '/api/signup', payload: { name: 'X', username: uniqueEmail(), password: 'long-enough' } },
        { url: '/api/logout', payload: {} },
        { url: `/api/users/${user.id}`, payload: { name: 'Forged' } },
      ];
      for (const a of attempts) {
        const res = await t.request({ method: 'POST', ...a, cookie, headers });
        expect(res.statusCode, a.url).toBe(403);
        expect(res.json().error).toBe('Cross-site request refused.');
        expect(sessionSetCookie(res)).toBeUndefined();
      }
      expect((await currentUser(cookie)).json().name).toBe(user.name);
    });

    it('accepts the same requests from the site itself', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/login',
        payload: { username: email, password: 'long-enough' },
        headers: { host: 'dynasty.test', origin: 'http://dynasty.test', 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a form-encoded or text body, which a cross-site form could send without a preflight', async () => {
      for (const [type, body] of [
        ['application/x-www-form-urlencoded', `username=${email}&password=long-enough`],
        ['text/plain', JSON.stringify({ username: email, password: 'long-enough' })],
        ['multipart/form-data; boundary=x', '--x--'],
      ]) {
        const res = await t.request({
          method: 'POST',
          url: '/api/login',
          payload: body,
          headers: { 'content-type': type },
        });
        expect(res.statusCode, type).toBe(415);
        expect(sessionSetCookie(res)).toBeUndefined();
      }
    });
  });
});

describe(`session cookie behind HTTPS (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('is marked Secure when the request came over HTTPS', async () => {
    const email = uniqueEmail('secure');
    await t.userWithRole('user', { email, password: 'long-enough' });
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: 'long-enough' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(sessionSetCookie(res)).toMatch(/; Secure/);
  });
});
