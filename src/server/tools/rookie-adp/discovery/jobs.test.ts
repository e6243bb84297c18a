import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { appCache, leagueReads, simBackground, testSettings } from '#test/adp-discovery.ts';
import { openTestDatabase } from '#test/database.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { crawlOnce, type RunSummary } from './crawl.ts';
import { jobRetryDelayMs, readJob, startJobLoop } from './jobs.ts';

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

describe('jobs that run once', { timeout: 90_000 }, () => {
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
    await new Promise((r) => setTimeout(r, 200));
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
      run: (stopped) =>
        crawlOnce({ db: database.db, bg: bgA, cache: appCache(), owner: 'server-a' }, settings, stopped),
    });
    await until(() => sentA > 40);
    await new Promise((r) => setTimeout(r, 100));
    a.abandon();
    const held = await queryRows<{ league_id: string }>(
      database.db,
      sql`SELECT league_id FROM rookie_adp_leagues WHERE lease_owner = 'server-a'`,
    );
    expect(held.length).toBeGreaterThan(0);

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
      run: (stopped) =>
        crawlOnce({ db: database.db, bg: bgB, cache: appCache(), owner: 'server-b' }, settings, stopped),
    });
    await until(async () => {
      const [r] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM adp_runs WHERE job = 'crawl' AND owner = 'server-b' AND status = 'ok'`,
      );
      return r.n >= 1;
    });
    await b.stop();
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
