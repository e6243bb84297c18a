import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT, RESET_LINK_MINUTES } from '#common/users.ts';
import { freshAddress, knownBrowserCookie, login, sessionCookie, uniqueEmail } from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { captureMailer } from '#test/mail.ts';
import { passwordResets } from '../db/schema.ts';
import { RESET_MAILS_PER_ADDRESS } from './reset-routes.ts';
import { tokenId } from './sessions.ts';

const tokenIn = (text: string) => {
  const m = /\/reset-password#token=([A-Za-z0-9_-]{43})(?:\s|$)/.exec(text);
  if (!m) throw new Error(`no reset link in: ${text}`);
  return m[1];
};

describe(`password reset by mail (${testDbKind})`, () => {
  let t: TestApp;
  const mail = captureMailer();
  beforeAll(async () => {
    t = await makeTestApp({ PUBLIC_URL: 'https://dynasty.example' }, { mailer: mail });
  });
  afterAll(() => t.close());

  const ask = (email: string, remoteAddress = freshAddress()) =>
    t.request({ method: 'POST', url: '/api/password-reset/request', payload: { email }, remoteAddress });
  const reset = (payload: unknown, cookie?: string) =>
    t.request({
      method: 'POST',
      url: '/api/password-reset',
      payload: payload as object,
      cookie,
      remoteAddress: freshAddress(),
    });
  const me = (cookie: string) => t.request({ method: 'GET', url: '/api/users/currentUser', cookie });

  it('says the site sends mail (and no contact address, none being set)', async () => {
    expect((await t.get('/api/password-reset')).json()).toEqual({ byMail: true });
  });

  it('mails a link that works once, ends every session, and answers an unknown address the same', async () => {
    const email = uniqueEmail('forgetful');
    await t.userWithRole('user', { email, password: 'old-password-1' });
    const session = sessionCookie(await login(t, email, 'old-password-1'));

    const before = mail.sent.length;
    const unknown = await ask(uniqueEmail('nobody'));
    const next = mail.next();
    const known = await ask(email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const sent = await next;
    expect(mail.sent.length).toBe(before + 1);
    expect(sent.to.map((a) => a.address)).toEqual([email]);
    expect(sent.from).toEqual({ address: 'no-reply@localhost', name: 'Dynasty Forge' });
    expect(sent.subject).toBe('Reset your Dynasty Forge password');
    expect(sent.text).toContain(`within ${RESET_LINK_MINUTES} minutes`);
    expect(sent.text).toContain('https://dynasty.example/reset-password#token=');
    const token = tokenIn(sent.text);
    // Only the token's hash is kept, expiring in 30 minutes.
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.id, tokenId(token)));
    expect(row.id).not.toContain(token);
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(RESET_LINK_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(RESET_LINK_MINUTES);

    const check = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/password-reset/check',
        payload,
        remoteAddress: freshAddress(),
      });
    // Its page asks whether the link works before anyone types; asking does not use it up.
    expect((await check({ token })).json()).toEqual({ ok: true });
    expect((await check({ token })).statusCode).toBe(200);
    const weak = await reset({ token, newPassword: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('newPassword');
    // A refused password does not use the link up.
    const ok = await reset({ token, newPassword: 'brand new lantern 77' });
    expect(ok.statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await login(t, email, 'old-password-1')).statusCode).toBe(401);
    expect((await login(t, email, 'brand new lantern 77')).statusCode).toBe(200);

    const again = await reset({ token, newPassword: 'another new lantern 78' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This reset link has expired or was already used. Ask for a new one.');
    const used = await check({ token });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({
      error: 'This reset link has expired or was already used. Ask for a new one.',
      field: 'token',
    });
    expect((await check({ token: 'short' })).statusCode).toBe(400);
    expect((await login(t, email, 'brand new lantern 77')).statusCode).toBe(200);
  });

  it('refuses an expired link, and an earlier link once a newer one is sent', async () => {
    const email = uniqueEmail('late');
    const { user } = await t.userWithRole('user', { email });
    let next = mail.next();
    await ask(email);
    const first = tokenIn((await next).text);
    next = mail.next();
    await ask(email);
    const second = tokenIn((await next).text);
    expect(second).not.toBe(first);
    expect((await reset({ token: first, newPassword: 'brand new lantern 79' })).statusCode).toBe(400);

    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await reset({ token: second, newPassword: 'brand new lantern 80' })).statusCode).toBe(400);
    expect((await login(t, email, 'password123')).statusCode).toBe(200);
  });

  it(`sends one address at most ${RESET_MAILS_PER_ADDRESS} mails in the window, answering the same after`, async () => {
    const email = uniqueEmail('flooded');
    await t.userWithRole('user', { email });
    const before = mail.sent.length;
    const answers: string[] = [];
    for (let i = 0; i < RESET_MAILS_PER_ADDRESS + 2; i += 1) answers.push((await ask(email)).body);
    // A link asked for afterwards, for another address, is made and mailed after every one the asks
    // above made (the database takes their writes in turn): once it has come, they all have.
    const later = uniqueEmail('after-the-flood');
    await t.userWithRole('user', { email: later });
    await ask(later);
    const mailedTo = (address: string) =>
      mail.sent.slice(before).filter((m) => m.to.some((a) => a.address === address.toLowerCase()));
    await vi.waitFor(() => expect(mailedTo(later)).toHaveLength(1));
    expect(mailedTo(email)).toHaveLength(RESET_MAILS_PER_ADDRESS);
    expect(new Set(answers)).toEqual(new Set(['{"ok":true}']));
  });

  it('a password change ends the links made before it', async () => {
    const email = uniqueEmail('changer');
    await t.userWithRole('user', { email, password: 'first-pass-11' });
    const cookie = sessionCookie(await login(t, email, 'first-pass-11'));
    const next = mail.next();
    await ask(email);
    const token = tokenIn((await next).text);
    const change = await t.request({
      method: 'POST',
      url: '/api/users/currentUser/password',
      payload: { currentPassword: 'first-pass-11', newPassword: 'second pass lantern 12' },
      cookie,
    });
    expect(change.statusCode).toBe(200);
    expect((await reset({ token, newPassword: 'third pass lantern 13' })).statusCode).toBe(400);
  });

  it('an e-mail change ends the links made before it, its sessions, and is told to the old address', async () => {
    const email = uniqueEmail('mover');
    await t.userWithRole('user', { email, password: 'first-pass-21' });
    const here = sessionCookie(await login(t, email, 'first-pass-21'));
    const elsewhere = sessionCookie(await login(t, email, 'first-pass-21'));
    const link = mail.next();
    await ask(email);
    const token = tokenIn((await link).text);
    const me = (await t.get('/api/users/currentUser', here)).json();
    const moved = uniqueEmail('moved');
    const told = mail.next();
    const change = await t.request({
      method: 'POST',
      url: `/api/users/${me.id}`,
      payload: { email: moved, currentPassword: 'first-pass-21' },
      cookie: here,
      remoteAddress: freshAddress(),
    });
    expect(change.statusCode).toBe(200);
    const sent = await told;
    expect(sent.to.map((a) => a.address)).toEqual([email]);
    expect(sent.subject).toBe('The e-mail address of your Dynasty Forge account was changed');
    // The new address is named only in part, and the mail says what to do.
    expect(sent.text).toContain(`${moved.slice(0, 2)}*`);
    expect(sent.text).not.toContain(moved);
    expect(sent.text).toContain('ask a site administrator');
    expect((await reset({ token, newPassword: 'third pass lantern 23' })).statusCode).toBe(400);
    expect((await t.get('/api/users/currentUser', elsewhere)).statusCode).toBe(401);
    expect((await t.get('/api/users/currentUser', sessionCookie(change))).statusCode).toBe(200);
  });

  it("lets the browser that used a link log in while strangers' guesses have closed the account to others", async () => {
    const email = uniqueEmail('besieged');
    await t.userWithRole('user', { email, password: 'first-pass-31' });
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) await login(t, email, `guess-${i}`);
    expect((await login(t, email, 'first-pass-31')).statusCode).toBe(429);
    const link = mail.next();
    await ask(email);
    const used = await reset({ token: tokenIn((await link).text), newPassword: 'second pass lantern 32' });
    expect(used.statusCode).toBe(200);
    const res = await login(t, email, 'second pass lantern 32', { cookie: knownBrowserCookie(used) });
    expect(res.statusCode).toBe(200);
    expect((await login(t, email, 'second pass lantern 32')).statusCode).toBe(429);
  });

  it('a link used twice at once sets the password once', async () => {
    const email = uniqueEmail('racer');
    await t.userWithRole('user', { email });
    const next = mail.next();
    await ask(email);
    const token = tokenIn((await next).text);
    const answers = await Promise.all([
      reset({ token, newPassword: 'racing lantern first 1' }),
      reset({ token, newPassword: 'racing lantern second 2' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const won = answers[0].statusCode === 200 ? 'racing lantern first 1' : 'racing lantern second 2';
    const lost = won === 'racing lantern first 1' ? 'racing lantern second 2' : 'racing lantern first 1';
    expect((await login(t, email, won)).statusCode).toBe(200);
    expect((await login(t, email, lost)).statusCode).toBe(401);
  });

  it('takes as many requests from one network a minute as log-ins, then 429', async () => {
    const address = freshAddress();
    for (let i = 0; i < t.config.authAttemptsPerMinute; i += 1)
      expect((await ask(uniqueEmail('limit'), address)).statusCode).toBe(200);
    expect((await ask(uniqueEmail('limit'), address)).statusCode).toBe(429);
    expect((await ask(uniqueEmail('limit'))).statusCode).toBe(200);
  });

  it('refuses a malformed token and extra fields', async () => {
    expect((await reset({ token: 'short', newPassword: 'brand new lantern 81' })).statusCode).toBe(400);
    expect(
      (await reset({ token: 'x'.repeat(43), newPassword: 'brand new lantern 81', userId: 1 })).statusCode,
    ).toBe(400);
    expect((await ask('not an address')).statusCode).toBe(200);
  });
});

describe(`password reset without mail (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ CONTACT_EMAIL: 'help@dynasty.example' });
  });
  afterAll(() => t.close());

  it('says so with whom to ask, refuses to mail, and lets a super user issue a link for the user', async () => {
    expect((await t.get('/api/password-reset')).json()).toEqual({
      byMail: false,
      contact: 'help@dynasty.example',
    });
    const email = uniqueEmail('nomail');
    const { user } = await t.userWithRole('user', { email, password: 'old-password-2' });
    const asked = await t.request({
      method: 'POST',
      url: '/api/password-reset/request',
      payload: { email },
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode).toBe(503);
    expect(asked.json().error).toMatch(/ask a site administrator/);

    const admin = await t.userWithRole('superuser');
    const plain = await t.userWithRole('contributor');
    expect((await t.post(`/api/users/${user.id}/password-reset`, {}, plain.cookie)).statusCode).toBe(403);
    expect((await t.post('/api/users/2147483647/password-reset', {}, admin.cookie)).statusCode).toBe(404);
    const issued = await t.post(`/api/users/${user.id}/password-reset`, {}, admin.cookie);
    expect(issued.statusCode).toBe(200);
    const { link, expiresAt } = issued.json();
    // Without PUBLIC_URL the link names the request's own (loopback) host.
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(RESET_LINK_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(RESET_LINK_MINUTES);

    const token = tokenIn(link);
    const session = sessionCookie(await login(t, email, 'old-password-2'));
    const res = await t.request({
      method: 'POST',
      url: '/api/password-reset',
      payload: { token, newPassword: 'handed over lantern 5' },
      cookie: session,
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(200);
    // The browser that used the link was logged in as that user: its cookie goes.
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect((await t.get('/api/users/currentUser', session)).statusCode).toBe(401);
    expect((await login(t, email, 'handed over lantern 5')).statusCode).toBe(200);
  });

  it('a Host header cannot point the link elsewhere', async () => {
    const { user } = await t.userWithRole('user');
    const admin = await t.userWithRole('superuser');
    const issued = await t.request({
      method: 'POST',
      url: `/api/users/${user.id}/password-reset`,
      cookie: admin.cookie,
      headers: { host: 'evil.example' },
    });
    expect(issued.statusCode).toBe(200);
    expect(issued.json().link).not.toContain('evil.example');
  });
});
