import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { openPgliteDir, openTestDatabase, testDbKind } from '#test/database.ts';
import { redisCache, redisReady } from '../cache-redis.ts';
import { sessions } from '../db/schema.ts';

/*
 * Log-out always ends the session and clears the cookie, even while the database cannot be
 * written: the session is then revoked in this process (and in Redis, for every copy of the
 * server) until its row can be deleted.
 */

const cleared = (res: LightMyRequestResponse) => {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return all.some((c) => /^session=;/.test(c) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
};

const logout = (t: TestApp, cookie: string) => t.request({ method: 'POST', url: '/api/logout', cookie });
const me = (t: TestApp, cookie: string) =>
  t.request({ method: 'GET', url: '/api/users/currentUser', cookie });

describe.skipIf(testDbKind !== 'pglite')('log-out below the disk reserve (pglite on disk)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dynasty-logout-'));
  let t: TestApp;
  beforeAll(async () => {
    // A reserve no disk has: every write the disk guard sees is refused, as on a full disk.
    const database = await openPgliteDir(join(dir, 'data'));
    t = await makeTestApp({ DISK_RESERVE_MB: '1000000' }, { database });
  });
  afterAll(async () => {
    await t?.close();
    await t?.database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 200, clears the cookie, and the session no longer works', async () => {
    const { cookie } = await t.userWithRole('user');
    expect((await me(t, cookie)).statusCode).toBe(200);
    // Other writes are still refused while the disk is low.
    expect((await t.post('/api/articles', { title: 'x' }, cookie)).statusCode).toBe(507);
    const res = await logout(t, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(cleared(res)).toBe(true);
    expect((await me(t, cookie)).statusCode).toBe(401);
    // Reading goes on, for visitors and other sessions alike.
    const other = await t.userWithRole('user');
    expect((await me(t, other.cookie)).statusCode).toBe(200);
    expect((await t.get('/api/articles')).statusCode).toBe(200);
  });
});

/** Makes every DELETE on sessions fail as PostgreSQL does on a full disk (SQLSTATE 53100), or stops. */
async function diskFullOnSessionDelete(db: TestApp['database']['db'], on: boolean) {
  if (on) {
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION sessions_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$`),
    );
    await db.execute(
      sql.raw(
        'CREATE TRIGGER sessions_disk_full BEFORE DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_disk_full()',
      ),
    );
  } else {
    await db.execute(sql.raw('DROP TRIGGER sessions_disk_full ON sessions'));
  }
}

describe(`log-out when the database refuses the delete (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('still ends the session, and deletes its row once the database takes writes again', async () => {
    const { user, cookie } = await t.userWithRole('user');
    await diskFullOnSessionDelete(t.database.db, true);
    try {
      const res = await logout(t, cookie);
      expect(res.statusCode).toBe(200);
      expect(cleared(res)).toBe(true);
      expect((await me(t, cookie)).statusCode).toBe(401);
    } finally {
      await diskFullOnSessionDelete(t.database.db, false);
    }
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    await t.app.sessionEnds.settle();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await me(t, cookie)).statusCode).toBe(401);
  });

  it('ends the league connections of the browser too; league log-outs are POST only', async () => {
    const { cookie } = await t.userWithRole('user');
    const res = await logout(
      t,
      `${cookie}; MFL_USER_ID=abc; SLEEPER_USER_ID=1; SLEEPER_USER_NAME=x; FLEAFLICKER_EMAIL=a@b.c`,
    );
    const raw = res.headers['set-cookie'];
    const gone = (Array.isArray(raw) ? raw : [raw ?? ''])
      .filter((c) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))
      .map((c) => c.split('=')[0]);
    expect(gone).toEqual(
      expect.arrayContaining(['MFL_USER_ID', 'SLEEPER_USER_ID', 'SLEEPER_USER_NAME', 'FLEAFLICKER_EMAIL']),
    );
    for (const service of ['mfl', 'sleeper', 'flea']) {
      expect((await t.request({ method: 'GET', url: `/api/${service}/logout` })).statusCode).toBe(404);
      const crossSite = await t.request({
        method: 'POST',
        url: `/api/${service}/logout`,
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect((await t.request({ method: 'POST', url: `/api/${service}/logout` })).json()).toEqual({
        ok: true,
      });
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)(`a session revoked on one server copy (${testDbKind})`, () => {
  const prefix = `t${Date.now()}logout:`;
  const apps: TestApp[] = [];
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const caches: ReturnType<typeof redisCache>[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    for (let i = 0; i < 2; i++) {
      const cache = redisCache(redisUrl!, prefix);
      caches.push(cache);
      expect(await redisReady(cache.redis, 5_000)).toBe(true);
      apps.push(await makeTestApp({}, { database, cache, redis: cache.redis as Redis }));
    }
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const c of caches) await c.close();
    await database.close();
  });

  it('no longer works on the other copy either', async () => {
    const [a, b] = apps;
    const { cookie } = await a.userWithRole('user');
    expect((await me(b, cookie)).statusCode).toBe(200);
    await diskFullOnSessionDelete(database.db, true);
    try {
      expect((await logout(a, cookie)).statusCode).toBe(200);
      expect((await me(a, cookie)).statusCode).toBe(401);
      expect((await me(b, cookie)).statusCode).toBe(401);
    } finally {
      await diskFullOnSessionDelete(database.db, false);
    }
  });
});
