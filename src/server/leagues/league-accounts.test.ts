import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { League, LeagueAccountList } from '#common/leagues.ts';
import type { MyWeekAnswer } from '#common/my-week.ts';
import type { RostershipAnswer } from '#common/rostership.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { cookiesOf, makeTestApp, type TestApp } from '#test/app.ts';
import { createPostgresDatabase, seedPgliteDataDir, testDbKind } from '#test/database.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { TEST_SERVICE_ENV } from '#test/test-env.ts';
import { createSession, SESSION_COOKIE } from '../accounts/sessions.ts';
import { type Cache, memoryCache } from '../cache.ts';
import { loadConfig } from '../config.ts';
import { leagueConnections, users } from '../db/schema.ts';
import { loggerOptions } from '../ops/logging.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { CONNECTIONS_KEY_FILE, connectionKeys } from './connection-keys.ts';
import { openConnections } from './connection-store.ts';

/*
 * League connections kept on the site account (decision 022), through the real app against the
 * simulator: connecting while signed in saves the account (no cookie), several per service, each
 * labelled; a new browser of the same user finds them; the tools read every active account; on/off
 * and remove; MFL ending the session asks for a new log-in; no other user lists, changes or uses
 * them; a visitor without an account keeps the cookies; and the log never holds a credential.
 */

const { demo, bench } = DEMO_ACCOUNTS;
const keys = connectionKeys(randomBytes(32));

let sim: Sim;
let t: TestApp;
// The app's cache, with its MFL league lists forgettable: a test makes MFL end a session it had read.
const base = memoryCache();
const written = new Set<string>();
const cache: Cache = {
  get: (key) => base.get(key),
  set: (key, value, ttl) => {
    written.add(key);
    return base.set(key, value, ttl);
  },
  claim: (key, ttl) => base.claim(key, ttl),
  delete: (key) => base.delete(key),
  incr: (key) => base.incr(key),
  close: () => base.close(),
};
const forgetMflLeagueLists = async () => {
  for (const key of written) if (key.startsWith('mfl:myleagues:')) await base.delete(key);
};
const log: string[] = [];
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };

const leaguesOf = async (service: string, cookie?: string) => {
  const res = await t.get(`/api/${service}/leagues`, cookie);
  return { status: res.statusCode, body: res.json() as League[] & { error?: string } };
};
const accountsOf = async (cookie?: string) => {
  const res = await t.get('/api/league-accounts', cookie);
  return { status: res.statusCode, body: res.json() as LeagueAccountList };
};
/** A second browser of the same user: a new session, no league cookies. */
const newBrowser = async (userId: number) =>
  `${SESSION_COOKIE}=${await createSession(t.database.db, userId)}`;

beforeAll(async () => {
  sim = await startSim();
  t = await makeTestApp(
    // Every request's lines too: they carry the cookies a credential could leak through.
    { LOG_REQUESTS: '1' },
    {
      sim,
      cache,
      connectionKeys: keys,
      logger: { ...loggerOptions('debug'), stream: { write: (line: string) => void log.push(line) } },
    },
  );
  const a = await t.userWithRole('user', { name: 'Alice' });
  const b = await t.userWithRole('user', { name: 'Bob' });
  alice = { id: a.user.id, cookie: a.cookie };
  bob = { id: b.user.id, cookie: b.cookie };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await cache.close();
  await sim?.close();
});

describe(`league accounts on the site account (${testDbKind})`, () => {
  it('saves two Sleeper accounts on the account, labelled, with no cookie and no credential sent back', async () => {
    for (const who of [demo, bench]) {
      const res = await t.post('/api/sleeper/connect', { username: who.sleeper.username }, alice.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(cookiesOf(res)).toEqual([]);
    }
    const { status, body } = await accountsOf(alice.cookie);
    expect(status).toBe(200);
    expect(body.saving).toBe(true);
    expect(body.accounts.map((a) => [a.service, a.label, a.active, a.sessionEnded]).sort()).toEqual([
      ['sleeper', bench.sleeper.username, true, false],
      ['sleeper', demo.sleeper.username, true, false],
    ]);
    const raw = JSON.stringify(body);
    expect(raw).not.toContain(demo.sleeper.userId);
    expect(raw).not.toContain(bench.sleeper.userId);
  });

  it('connecting the same account again keeps one row', async () => {
    await t.post('/api/sleeper/connect', { username: demo.sleeper.username }, alice.cookie);
    expect((await accountsOf(alice.cookie)).body.accounts).toHaveLength(2);
  });

  it('connecting one account from two browsers at once keeps one row', async () => {
    const carl = await t.userWithRole('user', { name: 'Carl' });
    const answers = await Promise.all(
      [carl.cookie, carl.cookie, carl.cookie].map((cookie) =>
        t.post('/api/sleeper/connect', { username: bench.sleeper.username }, cookie),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await accountsOf(carl.cookie)).body.accounts.map((a) => a.label)).toEqual([
      bench.sleeper.username,
    ]);
  });

  it("a new browser lists both accounts' leagues, each marked with its account", async () => {
    const browser = await newBrowser(alice.id);
    const connections = (await t.get('/api/connections', browser)).json();
    expect(connections.onAccount).toBe(true);
    expect(connections.sleeper.connected).toBe(true);
    expect(connections.sleeper.accounts.map((a: { label: string }) => a.label).sort()).toEqual(
      [bench.sleeper.username, demo.sleeper.username].sort(),
    );
    const { status, body } = await leaguesOf('sleeper', browser);
    expect(status).toBe(200);
    const labels = new Set(body.map((l) => l.account_label));
    expect(labels).toEqual(new Set([demo.sleeper.username, bench.sleeper.username]));
    // Each league once, under the first account connected that is in it.
    const owned = (key: string) =>
      sim.world.leagues
        .filter((l) => l.service === 'sleeper' && l.teams.some((team) => team.ownerKey === key))
        .map((l) => l.id);
    const demoIds = owned(sim.world.demo.sleeper.key);
    const benchIds = owned(sim.world.bench.sleeper.key).filter((id) => !demoIds.includes(id));
    const listed = (label: string) =>
      body
        .filter((l) => l.account_label === label)
        .map((l) => l.league_id)
        .sort();
    expect(demoIds.length).toBeGreaterThan(0);
    expect(benchIds.length).toBeGreaterThan(0);
    expect(listed(demo.sleeper.username)).toEqual([...demoIds].sort());
    expect(listed(bench.sleeper.username)).toEqual([...benchIds].sort());
  });

  it('Rostership reads leagues of both accounts in one chunk, each player row naming its account', async () => {
    const { body: leagues } = await leaguesOf('sleeper', alice.cookie);
    const pick = [demo.sleeper.username, bench.sleeper.username].map(
      (label) => leagues.find((l) => l.account_label === label)!,
    );
    const res = await t.post(
      '/api/sleeper/rostership',
      { leagues: pick.map((l) => ({ league_id: l.league_id, account: l.account })) },
      alice.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as RostershipAnswer;
    expect(answer.leagues).toBe(2);
    expect(answer.failed).toEqual([]);
    const accountsSeen = new Set(
      answer.players.flatMap((p) => p.leagues.map((l) => `${l.league_id}:${l.account}`)),
    );
    expect(accountsSeen).toEqual(new Set(pick.map((l) => `${l.league_id}:${l.account_label}`)));
    const used = (await accountsOf(alice.cookie)).body.accounts;
    expect(used.every((a) => a.lastUsedAt !== null)).toBe(true);
  });

  it('My week reads leagues of both accounts in one chunk, each line naming its account', async () => {
    const { body: leagues } = await leaguesOf('sleeper', alice.cookie);
    const pick = [demo.sleeper.username, bench.sleeper.username].map(
      (label) => leagues.find((l) => l.account_label === label)!,
    );
    const res = await t.post(
      '/api/sleeper/my-week',
      { leagues: pick.map((l) => ({ league_id: l.league_id, account: l.account })) },
      alice.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const lines = (res.json() as MyWeekAnswer).leagues;
    expect(lines.map((l) => `${l.league_id}:${l.account}:${l.error ?? 'read'}`).sort()).toEqual(
      pick.map((l) => `${l.league_id}:${l.account_label}:read`).sort(),
    );
    // Bob, who keeps no Sleeper account, cannot read through Alice's: he is asked to connect first.
    const theirs = await t.post(
      '/api/sleeper/my-week',
      { leagues: [{ league_id: pick[0].league_id, account: pick[0].account }] },
      bob.cookie,
    );
    expect(theirs.statusCode).toBe(401);
  });

  it('an account switched off is left out of every tool, and comes back when switched on', async () => {
    const bench1 = (await accountsOf(alice.cookie)).body.accounts.find(
      (a) => a.label === bench.sleeper.username,
    )!;
    const { body: before } = await leaguesOf('sleeper', alice.cookie);
    const benchLeague = before.find((l) => l.account === bench1.id)!;
    const off = await t.post(`/api/league-accounts/${bench1.id}`, { active: false }, alice.cookie);
    expect(off.statusCode, off.body).toBe(200);
    const { body: after } = await leaguesOf('sleeper', alice.cookie);
    expect(after.some((l) => l.account === bench1.id)).toBe(false);
    expect(after.length).toBeGreaterThan(0);
    const use = await t.post(
      '/api/sleeper/rostership',
      { leagues: [{ league_id: benchLeague.league_id, account: bench1.id }] },
      alice.cookie,
    );
    expect(use.statusCode).toBe(404);
    expect(
      (await t.post(`/api/league-accounts/${bench1.id}`, { active: true }, alice.cookie)).statusCode,
    ).toBe(200);
    expect((await leaguesOf('sleeper', alice.cookie)).body.some((l) => l.account === bench1.id)).toBe(true);
  });

  it('keeps the MFL session (sealed, never the password) under the MFL user name', async () => {
    const res = await t.post('/api/mfl/login', demo.mfl, alice.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(cookiesOf(res).filter((c) => c.startsWith('MFL_USER_ID='))).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(leagueConnections)
      .where(eq(leagueConnections.userId, alice.id))
      .then((rows) => rows.filter((r) => r.service === 'mfl'));
    expect(row.label).toBe(demo.mfl.username);
    expect(row.keyId).toBe(keys.currentId);
    const [opened] = (await openConnections(t.database.db, keys, alice.id)).filter(
      (c) => c.service === 'mfl',
    );
    expect(opened.credential.length).toBeGreaterThan(0);
    expect(row.credential).not.toContain(opened.credential);
    expect(JSON.stringify(row)).not.toContain(demo.mfl.password);
    const { status, body } = await leaguesOf('mfl', await newBrowser(alice.id));
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(new Set(body.map((l) => l.account_label))).toEqual(new Set([demo.mfl.username]));
  });

  it('when MFL ends the session, the account asks for a new log-in, and a log-in mends it', async () => {
    await forgetMflLeagueLists();
    sim.control.addFault({ service: 'mfl', kind: 'expired-cookie', match: 'TYPE=myleagues' });
    const res = await leaguesOf('mfl', alice.cookie);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/MFL has ended the session of demo/);
    const mfl = (await accountsOf(alice.cookie)).body.accounts.find((a) => a.service === 'mfl')!;
    expect(mfl.sessionEnded).toBe(true);
    expect((await t.get('/api/connections', alice.cookie)).json().mfl.connected).toBe(false);
    expect((await leaguesOf('mfl', alice.cookie)).status).toBe(401);
    expect((await t.post('/api/mfl/login', demo.mfl, alice.cookie)).statusCode).toBe(200);
    const again = (await accountsOf(alice.cookie)).body.accounts.filter((a) => a.service === 'mfl');
    expect(again.map((a) => [a.id, a.sessionEnded])).toEqual([[mfl.id, false]]);
    expect((await leaguesOf('mfl', alice.cookie)).status).toBe(200);
  });

  it("with several MFL accounts, one whose session ended is marked and the others' leagues still listed", async () => {
    expect((await t.post('/api/mfl/login', bench.mfl, alice.cookie)).statusCode).toBe(200);
    await forgetMflLeagueLists();
    // The first account's call (demo's) answers; the second (bench's) is told its session ended.
    sim.control.addFault({ service: 'mfl', kind: 'expired-cookie', match: 'TYPE=myleagues', count: 1 });
    const { body: first } = await leaguesOf('mfl', alice.cookie);
    const ended = (await accountsOf(alice.cookie)).body.accounts.filter((a) => a.sessionEnded);
    expect(ended.map((a) => a.service)).toEqual(['mfl']);
    const survivor = ended[0].label === demo.mfl.username ? bench.mfl.username : demo.mfl.username;
    expect(first.length).toBeGreaterThan(0);
    expect(new Set(first.map((l) => l.account_label))).toEqual(new Set([survivor]));
    expect(
      (
        await t.post(
          '/api/mfl/login',
          ended[0].label === demo.mfl.username ? demo.mfl : bench.mfl,
          alice.cookie,
        )
      ).statusCode,
    ).toBe(200);
    const { body: both } = await leaguesOf('mfl', alice.cookie);
    expect(new Set(both.map((l) => l.account_label))).toEqual(
      new Set([demo.mfl.username, bench.mfl.username]),
    );
  });

  it('no other user lists, switches, removes or uses them', async () => {
    const mine = (await accountsOf(alice.cookie)).body.accounts;
    expect(mine.map((a) => a.service).sort()).toEqual(['mfl', 'mfl', 'sleeper', 'sleeper']);
    expect((await accountsOf(bob.cookie)).body.accounts).toEqual([]);
    for (const a of mine) {
      expect((await t.post(`/api/league-accounts/${a.id}`, { active: false }, bob.cookie)).statusCode).toBe(
        404,
      );
      expect(
        (await t.request({ method: 'DELETE', url: `/api/league-accounts/${a.id}`, cookie: bob.cookie }))
          .statusCode,
      ).toBe(404);
    }
    const sleeperLeague = (await leaguesOf('sleeper', alice.cookie)).body[0];
    const useSleeper = await t.post(
      '/api/sleeper/rostership',
      { leagues: [{ league_id: sleeperLeague.league_id, account: sleeperLeague.account }] },
      bob.cookie,
    );
    expect(useSleeper.statusCode).toBe(401);
    // Bob with an account of his own: Alice's account id is still not his.
    await t.post('/api/sleeper/connect', { username: demo.sleeper.username }, bob.cookie);
    expect(
      (
        await t.post(
          '/api/sleeper/rostership',
          { leagues: [{ league_id: sleeperLeague.league_id, account: sleeperLeague.account }] },
          bob.cookie,
        )
      ).statusCode,
    ).toBe(404);
    const mflLeague = (await leaguesOf('mfl', alice.cookie)).body[0];
    const lineup = await t.post(
      '/api/mfl/lineup',
      {
        league: {
          league_id: mflLeague.league_id,
          franchise_id: mflLeague.franchise_id,
          url: mflLeague.url,
          account: mflLeague.account,
        },
      },
      bob.cookie,
    );
    expect(lineup.statusCode).toBe(401);
    const status = await t.post(
      '/api/players/status',
      {
        player: '13604',
        leagues: [
          {
            type: 'mfl',
            league_id: mflLeague.league_id,
            franchise_id: mflLeague.franchise_id,
            url: mflLeague.url,
            account: mflLeague.account,
          },
        ],
      },
      bob.cookie,
    );
    expect(status.statusCode).toBe(401);
    // Alice's accounts are as they were.
    expect((await accountsOf(alice.cookie)).body.accounts).toEqual(mine);
  });

  it('removes an account; removing it again is not found', async () => {
    const mine = (await accountsOf(alice.cookie)).body.accounts;
    const gone = mine.find((a) => a.label === bench.sleeper.username)!;
    const del = await t.request({
      method: 'DELETE',
      url: `/api/league-accounts/${gone.id}`,
      cookie: alice.cookie,
    });
    expect(del.statusCode).toBe(204);
    expect((await accountsOf(alice.cookie)).body.accounts.map((a) => a.id)).not.toContain(gone.id);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/league-accounts/${gone.id}`, cookie: alice.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it('a visitor without a site account keeps the cookies, and has no account list', async () => {
    const res = await t.post('/api/sleeper/connect', { username: demo.sleeper.username });
    expect(res.statusCode).toBe(200);
    const cookie = cookiesOf(res).join('; ');
    expect(cookie).toContain(`SLEEPER_USER_ID=${demo.sleeper.userId}`);
    const { status, body } = await leaguesOf('sleeper', cookie);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((l) => l.account === undefined && l.account_label === undefined)).toBe(true);
    expect((await accountsOf(cookie)).status).toBe(401);
  });

  it('deleting a user deletes their connections (ON DELETE CASCADE)', async () => {
    const carol = await t.userWithRole('user', { name: 'Carol' });
    await t.post('/api/sleeper/connect', { username: bench.sleeper.username }, carol.cookie);
    const count = async () =>
      (
        await t.database.db
          .select()
          .from(leagueConnections)
          .where(eq(leagueConnections.userId, carol.user.id))
      ).length;
    expect(await count()).toBe(1);
    await t.database.db.delete(users).where(eq(users.id, carol.user.id));
    expect(await count()).toBe(0);
  });

  it('the log holds no MFL session, ciphertext or key', async () => {
    const rows = await t.database.db.select().from(leagueConnections);
    const opened = await openConnections(t.database.db, keys, alice.id);
    const session = opened.find((c) => c.service === 'mfl')!.credential;
    const secrets = [
      session,
      ...rows.map((r) => r.credential),
      ...rows.flatMap((r) => r.credential.split('.')),
    ];
    expect(secrets.length).toBeGreaterThan(3);
    const text = log.join('');
    expect(log.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(text, 'a credential or ciphertext in the log').not.toContain(secret);
  });
});

describe(`a server without a connections key (${testDbKind})`, () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await makeTestApp({}, { sim, connectionKeys: null });
  });
  afterAll(() => plain?.close());

  it('keeps signed-in users on the cookies, and says saving is off', async () => {
    const { cookie } = await plain.userWithRole('user');
    const res = await plain.post('/api/sleeper/connect', { username: demo.sleeper.username }, cookie);
    expect(res.statusCode).toBe(200);
    expect(cookiesOf(res).join('; ')).toContain(`SLEEPER_USER_ID=${demo.sleeper.userId}`);
    const list = await plain.get('/api/league-accounts', cookie);
    expect(list.json()).toEqual({ saving: false, accounts: [] });
    expect(await plain.database.db.select().from(leagueConnections)).toEqual([]);
  });
});

describe(`a production server without CONNECTIONS_KEY (${testDbKind})`, () => {
  // The server as `npm start` and `npm run demo` run it: production settings, no key given.
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function start(database: Record<string, string>): Promise<Runtime> {
    const runtime = await createRuntime(
      loadConfig({
        ...TEST_SERVICE_ENV,
        ...sim.env,
        ...database,
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        SEED_DEMO: '0',
        ADMIN_EMAIL: 'keyless-admin@example.test',
        ADMIN_PASSWORD: 'keyless-admin-password-1',
      }),
      { log: () => {} },
    );
    await runtime.app.ready();
    return runtime;
  }
  const signIn = async (runtime: Runtime) => {
    const [user] = await runtime.database.db
      .insert(users)
      .values({ name: 'Keyless', email: 'keyless@example.test', passwordHash: 'x' })
      .returning();
    return `${SESSION_COOKIE}=${await createSession(runtime.database.db, user.id)}`;
  };
  const connect = (runtime: Runtime, cookie: string) =>
    runtime.app.inject({
      method: 'POST',
      url: '/api/sleeper/connect',
      payload: { username: demo.sleeper.username },
      headers: { cookie },
    });
  const accountsIn = async (runtime: Runtime, cookie: string) =>
    (
      await runtime.app.inject({ url: '/api/league-accounts', headers: { cookie } })
    ).json() as LeagueAccountList;

  it.runIf(testDbKind === 'pglite')(
    'on the embedded database keeps connections, under a key generated once into DATA_DIR and reused after a restart',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'keyless-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      seedPgliteDataDir(dir);
      const first = await start({ DATA_DIR: dir });
      const cookie = await signIn(first);
      const res = await connect(first, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(cookiesOf(res)).toEqual([]);
      expect(await accountsIn(first, cookie)).toMatchObject({
        saving: true,
        accounts: [{ service: 'sleeper', label: demo.sleeper.username }],
      });
      await first.close();
      const file = join(dir, CONNECTIONS_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const key = readFileSync(file, 'utf8');

      // After a restart the same key opens the saved account: the tools read the user's leagues.
      const again = await start({ DATA_DIR: dir });
      cleanups.push(() => again.close());
      expect(readFileSync(file, 'utf8')).toBe(key);
      expect((await accountsIn(again, cookie)).accounts.map((a) => a.label)).toEqual([demo.sleeper.username]);
      const leagues = await again.app.inject({ url: '/api/sleeper/leagues', headers: { cookie } });
      expect(leagues.statusCode, leagues.body).toBe(200);
      expect((leagues.json() as League[]).length).toBeGreaterThan(0);
    },
  );

  it.runIf(testDbKind === 'postgres')(
    'on PostgreSQL keeps saving off: signed-in users keep the cookies',
    { timeout: 60_000 },
    async () => {
      const created = await createPostgresDatabase('t', inject('postgresTemplate'));
      cleanups.push(() => created.drop());
      const dir = mkdtempSync(join(tmpdir(), 'keyless-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const runtime = await start({ DATABASE_URL: created.url, DATA_DIR: dir });
      cleanups.push(() => runtime.close());
      const cookie = await signIn(runtime);
      const res = await connect(runtime, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(cookiesOf(res).join('; ')).toContain(`SLEEPER_USER_ID=${demo.sleeper.userId}`);
      expect(await accountsIn(runtime, cookie)).toEqual({ saving: false, accounts: [] });
      expect(existsSync(join(dir, CONNECTIONS_KEY_FILE))).toBe(false);
    },
  );
});
