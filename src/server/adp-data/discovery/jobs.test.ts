import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { appCache, leagueReads, simBackground, testSettings } from '#test/adp-discovery.ts';
import { openTestDatabase } from '#test/database.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { crawlOnce } from './crawl.ts';
import { jobRetryDelayMs, type RunSummary, readJob, startJobLoop } from './jobs.ts';

let sim: Sim;
let database: Database;
beforeAll(async () => {
  sim = await startSim();
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await sim?.close();
});

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 40_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const empty: RunSummary = {
  requests: { mfl: 0, sleeper: 0 },
  errors: 0,
  leaguesRead: 0,
  leaguesFound: 0,
  drafts: 0,
  more: false,
};

describe('jobs that run once', { timeout: 120_000 }, () => {
  it('a failed run is retried later with a growing delay', async () => {
    let runs = 0;
    const loop = startJobLoop({
      db: database.db,
      name: 'test-failing',
      intervalMs: 60_000,
      backlogMs: 10,
      leaseMs: 1_000,
      pollMs: 20,
      run: async () => {
        runs += 1;
        throw new Error('service down');
      },
    });
    await until(async () => (await readJob(database.db, 'test-failing'))?.failures === 1);
    const job = await readJob(database.db, 'test-failing');
    await loop.stop();
    expect(runs).toBe(1);
    expect(job?.lastError).toBe('service down');
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect([1, 2, 3, 20].map(jobRetryDelayMs)).toEqual([30_000, 60_000, 120_000, 30 * 60_000]);
  });

  it('a paused job does not run; run now makes it due at once', async () => {
    let runs = 0;
    const loop = startJobLoop({
      db: database.db,
      name: 'test-paused',
      intervalMs: 3_600_000,
      backlogMs: 10,
      leaseMs: 1_000,
      pollMs: 20,
      run: async () => {
        runs += 1;
        return empty;
      },
    });
    await until(() => runs === 1);
    await loop.setPaused(true);
    await loop.runNow();
    // A try of the job resolves once it, and any run it started, has ended.
    await loop.tick();
    expect(runs).toBe(1);
    await loop.setPaused(false);
    await loop.runNow();
    await until(() => runs === 2);
    await loop.stop();
  });

  it('a server that dies mid-run is replaced: its leagues are picked up and its run is closed', async () => {
    // Server A stops answering itself after 40 requests (a hung process) and is then abandoned.
    const logA: string[] = [];
    let sentA = 0;
    const hang: typeof fetch = (input, init) =>
      ++sentA > 40 ? new Promise<Response>(() => {}) : fetch(input, init);
    const bgA = simBackground(sim, logA, hang);
    const settings = testSettings({ sleeperUsers: ['dynastydemo'], maxRequests: 80, leaseMs: 600 });
    const a = startJobLoop({
      db: database.db,
      name: 'crawl',
      owner: 'server-a',
      intervalMs: 3_600_000,
      backlogMs: 10,
      leaseMs: 600,
      pollMs: 30,
      run: (signal) =>
        crawlOnce({ db: database.db, bg: bgA, cache: appCache(), owner: 'server-a' }, settings, signal),
    });
    await until(() => sentA > 40);
    const heldByA = () =>
      queryRows<{ league_id: string }>(
        database.db,
        sql`SELECT league_id FROM rookie_adp_leagues WHERE lease_owner = 'server-a'`,
      );
    // A dies holding leagues: once it has leased one and its requests no longer answer.
    await until(async () => (await heldByA()).length > 0);
    a.abandon();
    const held = await heldByA();
    expect(held.length).toBeGreaterThan(0);
    // B comes once A's leases have run out, as after a crash: a lease still running is A's to
    // finish, and B's one run would pass it by.
    await until(async () => {
      const [r] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM rookie_adp_leagues WHERE lease_owner = 'server-a' AND lease_until >= now()`,
      );
      return r.n === 0;
    });

    const logB: string[] = [];
    const bgB = simBackground(sim, logB);
    const b = startJobLoop({
      db: database.db,
      name: 'crawl',
      owner: 'server-b',
      intervalMs: 3_600_000,
      backlogMs: 3_600_000,
      leaseMs: 600,
      pollMs: 30,
      // B reads the due leagues, the longest due first, so A's held ones come first on each service:
      // 120 requests a service leave room for them three times over. No walk of its own, whose steps
      // would come between; the search stays on (off, it forgets the MFL leagues it found). Before,
      // 400 requests a service took 14 s alone and 70 s beside the other test files.
      run: (signal) =>
        crawlOnce(
          { db: database.db, bg: bgB, cache: appCache(), owner: 'server-b' },
          { ...settings, sleeperWalk: false, maxRequests: 120 },
          signal,
        ),
    });
    try {
      await until(async () => {
        const [r] = await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM adp_runs WHERE job = 'crawl' AND owner = 'server-b' AND status = 'ok'`,
        );
        return r.n >= 1;
      }, 80_000);
    } finally {
      // A run left going would spend the simulator's requests that the next test counts on.
      await b.stop();
    }
    const runs = await queryRows<{ owner: string; status: string }>(
      database.db,
      sql`SELECT owner, status FROM adp_runs WHERE job = 'crawl' ORDER BY id`,
    );
    expect(runs).toEqual([
      { owner: 'server-a', status: 'abandoned' },
      { owner: 'server-b', status: 'ok' },
    ]);
    // Every league A held when it died was read by B; none that A finished was read again.
    const read = await queryRows<{
      league_id: string;
      lease_owner: string | null;
      last_success_at: Date | null;
    }>(
      database.db,
      sql`SELECT league_id, lease_owner, last_success_at FROM rookie_adp_leagues
          WHERE league_id IN (${sql.join(
            held.map((h) => sql`${h.league_id}`),
            sql`, `,
          )})`,
    );
    expect(read).toHaveLength(held.length);
    for (const r of read) {
      expect(r.lease_owner).toBeNull();
      expect(r.last_success_at).not.toBeNull();
    }
    const readsA = leagueReads(logA);
    const readsB = leagueReads(logB);
    const heldIds = new Set(held.map((h) => h.league_id));
    expect(readsB.size).toBeGreaterThan(0);
    for (const key of readsB.keys()) {
      if (readsA.has(key)) expect(heldIds.has(key.split(':')[1]), key).toBe(true);
    }
  });
});

/** The database, with every statement failing while `failing` is set, or only those matching it. */
function flakyDb(db: Database['db']) {
  const state: { failing: RegExp | undefined } = { failing: undefined };
  const flaky = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return (query: Parameters<Database['db']['execute']>[0]) => {
        const text = JSON.stringify(query);
        if (state.failing?.test(text)) return Promise.reject(new Error('database unreachable'));
        return target.execute(query);
      };
    },
  });
  return { db: flaky, state };
}

/** A run that does nothing until it is told to stop; resolves with how it was told. */
function runUntilStopped() {
  let told: (how: string) => void = () => {};
  const stoppedBy = new Promise<string>((resolve) => {
    told = resolve;
  });
  const run = (signal: AbortSignal) =>
    new Promise<RunSummary>((resolve) => {
      signal.addEventListener('abort', () => {
        told('signal');
        resolve(empty);
      });
    });
  return { run, stoppedBy };
}

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
    ),
  ]);

describe('jobs: the lease holder stops when it must', { timeout: 60_000 }, () => {
  it('a heartbeat that fails ends the run: the lease may be someone else’s by now', async () => {
    const { db, state } = flakyDb(database.db);
    const { run, stoppedBy } = runUntilStopped();
    const loop = startJobLoop({
      db,
      name: 'test-heartbeat',
      intervalMs: 3_600_000,
      backlogMs: 10,
      leaseMs: 300,
      pollMs: 3_600_000,
      run,
    });
    await until(() => loop.running());
    state.failing = /lease_until = now\(\)/;
    expect(await within(stoppedBy, 2_000)).toBe('signal');
    await until(() => !loop.running(), 5_000);
    state.failing = undefined;
    await loop.stop();
  });

  it('a heartbeat that fails once, while the lease surely holds, lets the run go on', async () => {
    const { db, state } = flakyDb(database.db);
    const { run, stoppedBy } = runUntilStopped();
    const loop = startJobLoop({
      db,
      name: 'test-heartbeat-once',
      intervalMs: 3_600_000,
      backlogMs: 10,
      // Beats every 1.5 s: one fails, the next renews with 3 s of the lease still to run.
      leaseMs: 4_500,
      pollMs: 3_600_000,
      run,
    });
    await until(() => loop.running());
    state.failing = /lease_until = now\(\)/;
    await new Promise((r) => setTimeout(r, 1_700));
    state.failing = undefined;
    // Two more beats: the run goes on, and its lease was renewed after the failure.
    const told = await Promise.race([stoppedBy, new Promise((r) => setTimeout(() => r('running'), 3_200))]);
    expect(told).toBe('running');
    expect(loop.running()).toBe(true);
    const job = await readJob(database.db, 'test-heartbeat-once');
    expect(job?.leaseUntil && job.leaseUntil.getTime() - Date.now()).toBeGreaterThan(2_000);
    await loop.stop();
  });

  it('a run that fails before it starts is no longer running, and hands the job back', async () => {
    const { db, state } = flakyDb(database.db);
    state.failing = /INSERT INTO adp_runs/;
    let runs = 0;
    const loop = startJobLoop({
      db,
      name: 'test-no-start',
      intervalMs: 3_600_000,
      backlogMs: 10,
      leaseMs: 60_000,
      pollMs: 3_600_000,
      run: async () => {
        runs += 1;
        return empty;
      },
    });
    await loop.tick();
    await loop.stop();
    expect(loop.running()).toBe(false);
    expect(runs).toBe(0);
    const job = await readJob(database.db, 'test-no-start');
    expect(job).toMatchObject({ leaseOwner: null, failures: 1, lastError: 'database unreachable' });
  });

  it('stop ends a crawl waiting out a service’s Retry-After (a minute) at once', async () => {
    const own = await openTestDatabase();
    const log: string[] = [];
    const waits: number[] = [];
    const bg = simBackground(sim, log, fetch, (e) => waits.push(e.delayMs));
    const settings = testSettings({ sleeperUsers: ['dynastydemo'], mflSearch: false });
    // Sleeper takes one request a minute: the crawl's next one is told to come back in about 60 s.
    sim.control.setRateLimit('sleeper', 1, 60_000);
    try {
      const loop = startJobLoop({
        db: own.db,
        name: 'crawl',
        owner: 'server-a',
        intervalMs: 3_600_000,
        backlogMs: 3_600_000,
        leaseMs: 60_000,
        pollMs: 3_600_000,
        run: (signal) =>
          crawlOnce({ db: own.db, bg, cache: appCache(), owner: 'server-a' }, settings, signal),
      });
      // The crawl is waiting out Sleeper's Retry-After.
      await until(() => waits.some((ms) => ms >= 30_000));
      await within(loop.stop(), 2_000);
      expect(loop.running()).toBe(false);
    } finally {
      sim.control.reset();
      await own.close();
    }
  });

  it('stop ends a crawl’s backoff after a failed step at once', async () => {
    const own = await openTestDatabase();
    const log: string[] = [];
    const bg = simBackground(sim, log);
    const settings = testSettings({ sleeperUsers: ['dynastydemo'], mflSearch: false });
    // Sleeper refuses its calendar (429, come back in 1 s) until the crawl gives the step up and backs off.
    sim.control.addFault({ service: 'sleeper', kind: '429', match: '/state/nfl', count: 100 });
    // The crawl's backoffs end only when the run is told to stop: time does not end them here.
    const backoffs: number[] = [];
    const untilStopped = (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        backoffs.push(ms);
        if (signal?.aborted) return resolve();
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    try {
      const loop = startJobLoop({
        db: own.db,
        name: 'crawl',
        owner: 'server-a',
        intervalMs: 3_600_000,
        backlogMs: 3_600_000,
        leaseMs: 60_000,
        pollMs: 3_600_000,
        run: (signal) =>
          crawlOnce(
            { db: own.db, bg, cache: appCache(), owner: 'server-a', sleep: untilStopped },
            settings,
            signal,
          ),
      });
      const refusals = () => log.filter((u) => u.endsWith('/state/nfl')).length;
      await until(() => backoffs.length > 0);
      const atStop = refusals();
      expect(atStop).toBeGreaterThanOrEqual(bg.limits.sleeper.attempts);
      await within(loop.stop(), 1_000);
      // Nothing is asked after the stop: the run, every call of it awaited, has ended with the stop.
      // (How many calls went before it depends on the machine: a call that ran out of time was
      // asked again.)
      expect(refusals()).toBe(atStop);
      expect(loop.running()).toBe(false);
    } finally {
      sim.control.reset();
      await own.close();
    }
  });
});
