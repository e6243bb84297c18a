import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cache, memoryCache } from '#server/cache.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { CallEvent } from '#server/leagues/http.ts';
import { createLeagueServices } from '#server/leagues/services.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { openTestDatabase } from '#test/database.ts';
import { eventually } from '#test/rookie-adp.ts';
import { quickLimits, type Sim, startSim } from '#test/simulator.ts';

/*
 * Asking for Rookie ADP adds the visitor's connected leagues to the store, at most once a while per
 * visitor: as background work (it yields to every visitor's calls and takes at most the background
 * share of each service), behind a throttle that two requests at once cannot both pass, and which is
 * checked before anything else is read for it (the user's sharing choice is in the database).
 */

const THROTTLE = 'rookie-adp:visitor:';

let sim: Sim;
let t: TestApp;
const events: CallEvent[] = [];
/** Reads of the user's MFL sharing choice (users.share_mfl_drafts). */
let sharingReads = 0;
/** While set, a cache read of a throttle key waits for a second one: two requests read it at once. */
let holdThrottleReads = false;
const heldReads: (() => void)[] = [];
/** Cache reads of Sleeper's state, which each import of a visitor's Sleeper leagues starts with. */
let stateReads = 0;

/** The app's database, counting the reads of a user's sharing choice. */
function countingSharingReads(database: Database): Database {
  const db = new Proxy(database.db, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (prop !== 'select' || typeof value !== 'function') return value;
      return (fields?: Record<string, unknown>) => {
        if (fields && Object.values(fields).includes(users.shareMflDrafts)) sharingReads++;
        return value.call(target, fields);
      };
    },
  });
  return { ...database, db };
}

/** The app's cache, where two reads of a visitor's throttle key are both under way before either answers. */
function slowThrottleReads(cache: Cache): Cache {
  return {
    ...cache,
    async get<T>(key: string) {
      if (key === 'sleeper:state') stateReads++;
      if (holdThrottleReads && key.startsWith(THROTTLE))
        await new Promise<void>((resolve) => {
          heldReads.push(resolve);
          if (heldReads.length === 2) for (const release of heldReads.splice(0)) release();
        });
      return cache.get<T>(key);
    },
  };
}

beforeAll(async () => {
  sim = await startSim();
  const database = countingSharingReads(await openTestDatabase());
  t = await makeTestApp(sim.env, {
    sim,
    database,
    cache: slowThrottleReads(memoryCache()),
    services: (_config, cache) =>
      createLeagueServices({
        mflApiUrl: sim.env.MFL_API_URL,
        sleeperApiUrl: sim.env.SLEEPER_API_URL,
        fleaApiUrl: sim.env.FLEA_API_URL,
        userAgent: 'dynasty-test/1.0',
        cache,
        onCall: (e) => events.push(e),
        limits: { mfl: quickLimits, sleeper: quickLimits, flea: quickLimits },
      }),
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await t?.database.close();
  await sim?.close();
});

const askAdp = (cookie: string) =>
  t.request({
    method: 'POST',
    url: '/api/mfl/adp',
    cookie,
    payload: {
      service: 'sleeper',
      sizes: [12],
      types: ['SF'],
      startDate: '2000-01-01',
      endDate: '2100-01-01',
    },
  });

describe("the import of a visitor's leagues for Rookie ADP", { timeout: 60_000 }, () => {
  it("reads the visitor's leagues in the background lane, not the visitor's", async () => {
    const { userId } = DEMO_ACCOUNTS.demo.sleeper;
    expect((await askAdp(`SLEEPER_USER_ID=${userId}`)).statusCode).toBe(200);
    const listing = (e: CallEvent) => e.path.startsWith(`/sleeper/v1/user/${userId}/leagues/`);
    await eventually(async () => events.some(listing));
    expect(events.filter(listing).map((e) => e.lane)).toEqual(['background']);
    // The leagues' drafts are read in the background lane too.
    await eventually(async () => events.some((e) => /\/drafts$/.test(e.path)));
    expect(new Set(events.filter((e) => /\/(drafts|picks)$/.test(e.path)).map((e) => e.lane))).toEqual(
      new Set(['background']),
    );
  });

  it('starts one import for two requests of one visitor at once', async () => {
    const cookie = `SLEEPER_USER_ID=${DEMO_ACCOUNTS.bench.sleeper.userId}`;
    stateReads = 0;
    holdThrottleReads = true;
    try {
      const answers = await Promise.all([askAdp(cookie), askAdp(cookie)]);
      for (const a of answers) expect(a.statusCode).toBe(200);
    } finally {
      holdThrottleReads = false;
    }
    // An import starts by reading Sleeper's state (through the cache) before its request is answered.
    expect(stateReads).toBe(1);
  });

  it("checks the throttle before reading the user's sharing choice", async () => {
    const { user, cookie } = await t.userWithRole('user');
    // The user's MFL account is kept on their site account (decision 022).
    expect((await t.post('/api/mfl/login', DEMO_ACCOUNTS.bench.mfl, cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ shareMflDrafts: true }).where(eq(users.id, user.id));
    const asUser = cookie;
    sharingReads = 0;
    expect((await askAdp(asUser)).statusCode).toBe(200);
    expect(sharingReads).toBe(1);
    // Within the throttle's half hour: nothing is read for the import.
    expect((await askAdp(asUser)).statusCode).toBe(200);
    expect(sharingReads).toBe(1);
  });
});
