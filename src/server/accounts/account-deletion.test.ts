import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT } from '#common/users.ts';
import { contributorKey, contributorSecret } from '#server/adp-data/consent.ts';
import { freshAddress, login, sessionCookie, uniqueEmail } from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { queryRows } from '../db/query.ts';
import { articles, passwordResets, profiles, sessions, users } from '../db/schema.ts';
import { issueResetToken } from './password-resets.ts';

describe(`deleting one's own account (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  const remove = (cookie: string | undefined, payload: unknown, remoteAddress = freshAddress()) =>
    t.request({
      method: 'DELETE',
      url: '/api/users/currentUser',
      payload: payload as object,
      cookie,
      remoteAddress,
    });
  const me = (cookie: string) => t.request({ method: 'GET', url: '/api/users/currentUser', cookie });
  const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.database.db, q))[0].n;

  it('with the password: the account, its sessions and reset links go; its articles and profiles stay, unsigned', async () => {
    const email = uniqueEmail('leaver');
    const { user } = await t.userWithRole('contributor', {
      email,
      password: 'leaving-pass-42',
      name: 'Lee Leaver',
    });
    const here = sessionCookie(await login(t, email, 'leaving-pass-42'));
    const elsewhere = sessionCookie(await login(t, email, 'leaving-pass-42'));
    const shortname = `leaver-article-${Date.now()}`;
    const [article] = await t.database.db
      .insert(articles)
      .values({ shortname, title: 'Kept after its author left', contributorId: user.id, isVisible: true })
      .returning({ id: articles.id });
    const [profile] = await t.database.db
      .insert(profiles)
      .values({ shortname: `${shortname}-p`, name: 'Kept Prospect', contributorId: user.id })
      .returning({ id: profiles.id });
    await issueResetToken(t.database.db, user.id);

    const wrong = await remove(here, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('The password is not right.');
    expect((await me(here)).statusCode).toBe(200);

    const res = await remove(here, { password: 'leaving-pass-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: user.id });
    // This browser's cookie is cleared; every session is over.
    const cleared = res.cookies.find((c) => c.name === 'session');
    expect(cleared?.value).toBe('');
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(
      await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id)),
    ).toEqual([]);
    expect((await login(t, email, 'leaving-pass-42')).statusCode).toBe(401);

    // The content stays on the site, credited to a former contributor.
    const [kept] = await t.database.db
      .select({ contributorId: articles.contributorId })
      .from(articles)
      .where(eq(articles.id, article.id));
    expect(kept).toEqual({ contributorId: null });
    const [keptProfile] = await t.database.db
      .select({ contributorId: profiles.contributorId })
      .from(profiles)
      .where(eq(profiles.id, profile.id));
    expect(keptProfile).toEqual({ contributorId: null });
    const page = await t.get(`/api/articles/${shortname}`);
    expect(page.statusCode).toBe(200);
    // The page names no author (the client shows "Former contributor").
    expect(page.json()).toMatchObject({ contributorId: null, contributor: null });
    expect(page.body).not.toContain('Lee Leaver');
  });

  it('withdraws the MFL drafts only this account shared for Rookie ADP', async () => {
    const { user, cookie } = await t.userWithRole('user');
    const { user: other } = await t.userWithRole('user');
    const secret = await contributorSecret(t.database.db);
    const mine = contributorKey(secret, { siteUser: user.id });
    const theirs = contributorKey(secret, { siteUser: other.id });
    const onlyMine = `del-${user.id}-a`;
    const shared = `del-${user.id}-b`;
    for (const id of [onlyMine, shared])
      await t.database.db.execute(
        sql`INSERT INTO rookie_adp_leagues (service, league_id, source) VALUES ('mfl', ${id}, 'visitor')`,
      );
    await t.database.db.execute(
      sql`INSERT INTO rookie_adp_contributions (service, league_id, contributor)
          VALUES ('mfl', ${onlyMine}, ${mine}), ('mfl', ${shared}, ${mine}), ('mfl', ${shared}, ${theirs})`,
    );

    expect((await remove(cookie, { password: 'password123' })).statusCode).toBe(200);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM rookie_adp_contributions WHERE contributor = ${mine}`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM rookie_adp_leagues WHERE league_id = ${onlyMine}`),
    ).toBe(0);
    // A league another member still shares stays.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM rookie_adp_leagues WHERE league_id = ${shared}`),
    ).toBe(1);
  });

  it('refuses the last super user; another super user may leave while one remains', async () => {
    const first = await t.userWithRole('superuser', { password: 'super-pass-first-1' });
    // Every other super user of this database goes first, so `first` is the last.
    await t.database.db.update(users).set({ isSuperUser: false }).where(sql`${users.id} <> ${first.user.id}`);
    const last = await remove(first.cookie, { password: 'super-pass-first-1' });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatch(/last super user/);
    expect((await me(first.cookie)).statusCode).toBe(200);

    const second = await t.userWithRole('superuser', { password: 'super-pass-second-2' });
    expect((await remove(second.cookie, { password: 'super-pass-second-2' })).statusCode).toBe(200);
    expect((await remove(first.cookie, { password: 'super-pass-first-1' })).statusCode).toBe(409);
  });

  it('of the last two super users leaving at once, one goes and the other is refused', async () => {
    const a = await t.userWithRole('superuser', { password: 'super-pass-race-a1' });
    const b = await t.userWithRole('superuser', { password: 'super-pass-race-b2' });
    await t.database.db
      .update(users)
      .set({ isSuperUser: false })
      .where(sql`${users.id} NOT IN (${a.user.id}, ${b.user.id})`);
    const answers = await Promise.all([
      remove(a.cookie, { password: 'super-pass-race-a1' }),
      remove(b.cookie, { password: 'super-pass-race-b2' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM users WHERE is_super_user AND id IN (${a.user.id}, ${b.user.id})`,
      ),
    ).toBe(1);
  });

  it('needs a session, a password, and no other fields; wrong passwords are counted per account', async () => {
    const { cookie } = await t.userWithRole('user');
    expect((await remove(undefined, { password: 'password123' })).statusCode).toBe(401);
    expect((await remove(cookie, {})).statusCode).toBe(400);
    expect((await remove(cookie, { password: 'password123', userId: 1 })).statusCode).toBe(400);
    // From a new network each time: the account's count does not start again per network.
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i += 1)
      expect((await remove(cookie, { password: `wrong-${i}` }, freshAddress())).statusCode).toBe(403);
    expect((await remove(cookie, { password: 'one-more-guess' }, freshAddress())).statusCode).toBe(429);
    const locked = await remove(cookie, { password: 'password123' }, freshAddress());
    expect(locked.statusCode).toBe(429);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});
