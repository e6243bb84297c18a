import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGES_PER_WINDOW, type User } from '#common/users.ts';
import { freshAddress, login, sessionCookie, sessionSetCookie, uniqueEmail } from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { passwordResets, users } from '../db/schema.ts';
import { issueResetToken } from './password-resets.ts';
import { tokenId } from './sessions.ts';

type Actor = { user: User; cookie: string };

describe(`users API (${testDbKind})`, () => {
  let t: TestApp;
  let plain: Actor;
  let contributor: Actor;
  let otherContributor: Actor;
  let superUser: Actor;
  beforeAll(async () => {
    t = await makeTestApp();
    plain = await t.userWithRole('user', { name: 'Pat Plain' });
    contributor = await t.userWithRole('contributor', { name: 'Cory Contributor' });
    otherContributor = await t.userWithRole('contributor', { name: 'Olga Other' });
    superUser = await t.userWithRole('superuser', { name: 'Sue Super' });
  });
  afterAll(() => t.close());

  const get = (url: string, who?: Actor) => t.request({ method: 'GET', url, cookie: who?.cookie });
  const post = (url: string, payload: unknown, who?: Actor) =>
    t.request({ method: 'POST', url, payload: payload as object, cookie: who?.cookie });
  const stored = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

  describe('GET /users?isContributor=true (the contributor select)', () => {
    it('lists id and name only, for contributors and super users', async () => {
      for (const who of [contributor, superUser]) {
        const res = await get('/api/users?isContributor=true', who);
        expect(res.statusCode).toBe(200);
        const list = res.json() as { id: number; name: string }[];
        expect(list.map((c) => c.name)).toEqual(
          expect.arrayContaining(['Cory Contributor', 'Olga Other', 'Sue Super']),
        );
        expect(list.map((c) => c.name)).not.toContain('Pat Plain');
        for (const c of list) expect(Object.keys(c).sort()).toEqual(['id', 'name']);
      }
    });

    it('is refused to plain users (403) and visitors (401)', async () => {
      expect((await get('/api/users?isContributor=true', plain)).statusCode).toBe(403);
      expect((await get('/api/users?isContributor=true')).statusCode).toBe(401);
    });
  });

  describe('GET /users (the admin list)', () => {
    it('pages the full list, newest first, for super users', async () => {
      const res = await get('/api/users?isAdmin=true&limit=2&page=1', superUser);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) });
      expect(body.items).toHaveLength(2);
      expect(body.items[0].id).toBeGreaterThan(body.items[1].id);
      expect(body.items[0]).toHaveProperty('email');
      expect(JSON.stringify(body)).not.toMatch(/password/i);
      const page2 = (await get('/api/users?isAdmin=true&limit=2&page=2', superUser)).json();
      expect(page2.items[0].id).toBeLessThan(body.items[1].id);
    });

    it('filters to contributors with isContributor=true', async () => {
      const body = (await get('/api/users?isAdmin=true&isContributor=true', superUser)).json();
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.every((u: User) => u.isContributor)).toBe(true);
    });

    it('is refused to contributors and plain users (403) and visitors (401)', async () => {
      expect((await get('/api/users?isAdmin=true', contributor)).statusCode).toBe(403);
      expect((await get('/api/users', plain)).statusCode).toBe(403);
      expect((await get('/api/users?isAdmin=true')).statusCode).toBe(401);
    });

    it('refuses nonsense paging with 400', async () => {
      for (const q of ['limit=0', 'limit=100000', 'page=-1', 'page=abc', 'isAdmin=yes'])
        expect((await get(`/api/users?${q}`, superUser)).statusCode, q).toBe(400);
    });
  });

  describe('GET /users/:id', () => {
    it('lets anyone logged in read their own account, and super users any', async () => {
      expect((await get(`/api/users/${plain.user.id}`, plain)).json()).toEqual(plain.user);
      expect((await get(`/api/users/${plain.user.id}`, superUser)).json()).toEqual(plain.user);
    });

    it("refuses another user's account to non-super users, whether it exists or not", async () => {
      expect((await get(`/api/users/${superUser.user.id}`, contributor)).statusCode).toBe(403);
      expect((await get(`/api/users/${contributor.user.id}`, plain)).statusCode).toBe(403);
      expect((await get('/api/users/999999', plain)).statusCode).toBe(403);
      expect((await get(`/api/users/${plain.user.id}`)).statusCode).toBe(401);
    });

    it('answers 404 to a super user for a missing id and 400 for a malformed one', async () => {
      expect((await get('/api/users/999999', superUser)).statusCode).toBe(404);
      expect((await get('/api/users/abc', superUser)).statusCode).toBe(400);
      expect((await get('/api/users/1e3', superUser)).statusCode).toBe(400);
    });
  });

  describe('POST /users/:id', () => {
    it('lets a user edit their own name and twitter handle without their password', async () => {
      const me = await t.userWithRole('user');
      const res = await post(`/api/users/${me.user.id}`, { name: 'New Name', twitter: '@new_handle' }, me);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...me.user, name: 'New Name', twitter: 'new_handle' });
      // Sending the address unchanged (as the admin form does) is no change either.
      expect(
        (await post(`/api/users/${me.user.id}`, { email: me.user.email.toUpperCase() }, me)).statusCode,
      ).toBe(200);
      expect((await get('/api/users/currentUser', me)).json().name).toBe('New Name');
    });

    it("changes one's own e-mail only with the current password, then ends the other sessions and the reset links", async () => {
      const me = await t.userWithRole('user');
      const elsewhere = sessionCookie(await login(t, me.user.email, 'password123'));
      const { token } = await issueResetToken(t.database.db, me.user.id);
      const email = uniqueEmail('Renamed');
      const change = (payload: object) =>
        t.request({
          method: 'POST',
          url: `/api/users/${me.user.id}`,
          payload,
          cookie: me.cookie,
          remoteAddress: freshAddress(),
        });
      const missing = await change({ email });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        error: 'Enter your current password to change your e-mail address.',
        field: 'currentPassword',
      });
      const wrong = await change({ email, currentPassword: 'not-the-password' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({
        error: 'The current password is not right.',
        field: 'currentPassword',
      });
      expect((await stored(me.user.id)).email).toBe(me.user.email);
      expect((await get('/api/users/currentUser', { ...me, cookie: elsewhere })).statusCode).toBe(200);

      const res = await change({ email: email.toUpperCase(), currentPassword: 'password123' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...me.user, email: email.toLowerCase() });
      // This browser carries on with a fresh session; every other session, its old one too, is over.
      const fresh = sessionCookie(res);
      expect((await get('/api/users/currentUser', { ...me, cookie: fresh })).statusCode).toBe(200);
      expect((await get('/api/users/currentUser', me)).statusCode).toBe(401);
      expect((await get('/api/users/currentUser', { ...me, cookie: elsewhere })).statusCode).toBe(401);
      // A reset link sent to the old address no longer works.
      const reset = await t.request({
        method: 'POST',
        url: '/api/password-reset',
        payload: { token, newPassword: 'taken over lantern 9' },
        remoteAddress: freshAddress(),
      });
      expect(reset.statusCode).toBe(400);
      expect((await login(t, email, 'password123')).statusCode).toBe(200);
    });

    it("lets a super user change someone else's e-mail without a password, ending that user's sessions and links", async () => {
      const target = await t.userWithRole('user');
      const { token } = await issueResetToken(t.database.db, target.user.id);
      const email = uniqueEmail('handed');
      const res = await post(`/api/users/${target.user.id}`, { email }, superUser);
      expect(res.statusCode).toBe(200);
      expect(sessionSetCookie(res)).toBeUndefined();
      expect((await get('/api/users/currentUser', target)).statusCode).toBe(401);
      expect((await get('/api/users/currentUser', superUser)).statusCode).toBe(200);
      expect(
        (
          await t.database.db
            .select()
            .from(passwordResets)
            .where(eq(passwordResets.id, tokenId(token)))
        ).length,
      ).toBe(0);
    });

    it.each([
      ['isSuperUser: true', { isSuperUser: true }],
      ['isContributor: true', { isContributor: true }],
      ['isContributor: false (even unchanged)', { isContributor: false }],
      ['a role field next to a legitimate one', { name: 'Harmless', isSuperUser: true }],
    ])('refuses a non-super user who sends %s with 403 and changes nothing', async (_label, payload) => {
      for (const who of [await t.userWithRole('user'), await t.userWithRole('contributor')]) {
        const before = await stored(who.user.id);
        const res = await post(`/api/users/${who.user.id}`, payload, who);
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe('Only super users may change roles.');
        expect(await stored(who.user.id)).toEqual(before);
      }
    });

    it.each([
      ['passwordHash', { passwordHash: 'x' }],
      ['password_hash', { password_hash: 'x' }],
      ['password', { password: 'new-password' }],
      ['id', { id: 1 }],
      ['createdAt', { createdAt: '2000-01-01' }],
      ['__proto__', JSON.parse('{"__proto__": {"isSuperUser": true}}')],
      ['constructor', { constructor: { prototype: { isSuperUser: true } } }],
    ])('refuses the unknown field %s with 400 and changes nothing', async (_label, payload) => {
      const who = await t.userWithRole('user');
      const before = await stored(who.user.id);
      const res = await post(`/api/users/${who.user.id}`, payload, who);
      expect(res.statusCode).toBe(400);
      expect(await stored(who.user.id)).toEqual(before);
      expect((await get('/api/users/currentUser', who)).json().isSuperUser).toBe(false);
    });

    it("refuses to let non-super users edit someone else's account", async () => {
      const before = await stored(otherContributor.user.id);
      for (const who of [plain, contributor]) {
        const res = await post(`/api/users/${otherContributor.user.id}`, { name: 'Hijacked' }, who);
        expect(res.statusCode).toBe(403);
      }
      expect((await post(`/api/users/${otherContributor.user.id}`, { name: 'Hijacked' })).statusCode).toBe(
        401,
      );
      expect(await stored(otherContributor.user.id)).toEqual(before);
    });

    it('lets a super user edit anyone, roles included; the change applies at once', async () => {
      const target = await t.userWithRole('user');
      expect((await get('/api/users?isContributor=true', target)).statusCode).toBe(403);
      const res = await post(
        `/api/users/${target.user.id}`,
        { name: 'Promoted', isContributor: true },
        superUser,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Promoted', isContributor: true, isSuperUser: false });
      expect((await get('/api/users?isContributor=true', target)).statusCode).toBe(200);
      await post(`/api/users/${target.user.id}`, { isContributor: false }, superUser);
      expect((await get('/api/users?isContributor=true', target)).statusCode).toBe(403);
    });

    it('keeps e-mails unique regardless of case when editing, and counts the tries', async () => {
      const me = await t.userWithRole('user');
      const address = freshAddress();
      const change = (email: string, who = me) =>
        t.request({
          method: 'POST',
          url: `/api/users/${who.user.id}`,
          payload: { email, currentPassword: 'password123' },
          cookie: who.cookie,
          remoteAddress: address,
        });
      const taken = await change(contributor.user.email.toUpperCase());
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe('An account with this e-mail address already exists.');
      // Each refusal tells that an address has an account, so the tries are few: per account…
      for (let i = 1; i < EMAIL_CHANGES_PER_WINDOW; i++)
        expect((await change(otherContributor.user.email)).statusCode).toBe(409);
      const probing = await change(uniqueEmail('free'));
      expect(probing.statusCode).toBe(429);
      expect(probing.json().error).toBe('Too many e-mail changes. Please wait 15 minutes and try again.');
      // …and per network, whatever account tries.
      expect((await change(uniqueEmail('free'), await t.userWithRole('user'))).statusCode).toBe(429);
      expect((await stored(me.user.id)).email).toBe(me.user.email);
    });

    it('validates each field', async () => {
      const me = await t.userWithRole('user');
      for (const payload of [
        { name: '' },
        { name: 'x'.repeat(101) },
        { email: 'nope' },
        { twitter: '<script>alert(1)</script>' },
        { twitter: 'way_too_long_handle_here' },
        { isContributor: 'true' },
      ])
        expect(
          (await post(`/api/users/${me.user.id}`, payload, me)).statusCode,
          JSON.stringify(payload),
        ).toBe(400);
    });

    it('answers 404 to a super user for a missing id', async () => {
      expect((await post('/api/users/999999', { name: 'Ghost' }, superUser)).statusCode).toBe(404);
    });
  });

  describe('POST /users (a super user adds an account)', () => {
    it('creates the account with its roles and a first password', async () => {
      const email = uniqueEmail('added');
      const res = await post(
        '/api/users',
        { name: 'Added', email, password: 'first-password', isContributor: true },
        superUser,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Added', email, isContributor: true, isSuperUser: false });
      expect((await login(t, email, 'first-password')).statusCode).toBe(200);
    });

    it('is refused to everyone else', async () => {
      const payload = { name: 'Nope', email: uniqueEmail(), password: 'first-password', isSuperUser: true };
      expect((await post('/api/users', payload, contributor)).statusCode).toBe(403);
      expect((await post('/api/users', payload, plain)).statusCode).toBe(403);
      expect((await post('/api/users', payload)).statusCode).toBe(401);
    });
  });
});

describe(`the last super user (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('cannot remove their own super-user flag; with a second super user they can', async () => {
    const only = await t.userWithRole('superuser');
    const alone = await t.request({
      method: 'POST',
      url: `/api/users/${only.user.id}`,
      payload: { isSuperUser: false },
      cookie: only.cookie,
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error).toMatch(/last super user/);
    // Other fields in the same request are not saved either.
    const keep = await t.request({
      method: 'POST',
      url: `/api/users/${only.user.id}`,
      payload: { name: 'Changed', isSuperUser: false },
      cookie: only.cookie,
    });
    expect(keep.statusCode).toBe(409);
    expect(
      (await t.request({ method: 'GET', url: '/api/users/currentUser', cookie: only.cookie })).json(),
    ).toMatchObject({
      name: only.user.name,
      isSuperUser: true,
    });

    await t.userWithRole('superuser');
    const res = await t.request({
      method: 'POST',
      url: `/api/users/${only.user.id}`,
      payload: { isSuperUser: false },
      cookie: only.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().isSuperUser).toBe(false);
  });

  it('stays safe when two super users demote themselves at the same moment', async () => {
    const a = await t.userWithRole('superuser');
    // Every other super user steps down first, so exactly a and b remain.
    const b = await t.userWithRole('superuser');
    await t.database.db.update(users).set({ isSuperUser: false }).where(eq(users.isSuperUser, true));
    await t.database.db.update(users).set({ isSuperUser: true }).where(eq(users.id, a.user.id));
    await t.database.db.update(users).set({ isSuperUser: true }).where(eq(users.id, b.user.id));
    const results = await Promise.all(
      [a, b].map((who) =>
        t.request({
          method: 'POST',
          url: `/api/users/${who.user.id}`,
          payload: { isSuperUser: false },
          cookie: who.cookie,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const supers = await t.database.db.select().from(users).where(eq(users.isSuperUser, true));
    expect(supers).toHaveLength(1);
  });
});
