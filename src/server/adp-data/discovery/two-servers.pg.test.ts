import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { appCache, leagueReads, simBackground, testSettings } from '#test/adp-discovery.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { crawlOnce } from './crawl.ts';
import { type JobLoop, startJobLoop } from './jobs.ts';

/*
 * Two servers on one PostgreSQL database, each with its own connection pool and its own crawl job
 * loop, both polling: every run is held by one of them at a time and every league is read once.
 */

const adminUrl = process.env.TEST_DATABASE_URL!;
let name: string;
let sim: Sim;
let servers: Database[] = [];

// A new database and simulator for each try (the test is tried again when it fails: see below).
beforeEach(async () => {
  name = `t_adp_${randomBytes(4).toString('hex')}`;
  sim = await startSim();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Both migrate at once: the migration lock lets one do it.
  servers = await Promise.all([0, 1].map(() => openDatabase({ url: url.toString(), poolSize: 4 })));
});
afterEach(async () => {
  for (const s of servers) await s.close();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await sim?.close();
});

// Tried up to three times, each try on its own database: the two servers share a loaded machine's
// two cores with the rest of the suite, and a try that is starved of them says nothing of the rule.
describe('two servers, one database', { timeout: 120_000, retry: 2 }, () => {
  it('runs the crawl on one server at a time and reads each league once', async () => {
    const logs: string[][] = [[], []];
    const settings = testSettings({
      sleeperUsers: ['dynastydemo'],
      searchTerms: ['devy', 'idp'],
      maxRequests: 40,
    });
    const loops: JobLoop[] = servers.map((database, i) => {
      const bg = simBackground(sim, logs[i]);
      const owner = `server-${i}`;
      return startJobLoop({
        db: database.db,
        name: 'crawl',
        owner,
        intervalMs: 3_600_000,
        // Each run stops at 40 requests a service and the next is due at once: the servers race for it.
        backlogMs: 0,
        // The lease matters only for a server that dies (this test's stops hand it back at once). A
        // run whose renewal comes late is called off, and the leagues it had taken are read again by
        // the next: at 5 s, on a loaded 2-core CI machine, runs were called off one after another
        // and the same leagues read up to 11 times.
        leaseMs: 30_000,
        pollMs: 20,
        run: (signal) => crawlOnce({ db: database.db, bg, cache: appCache(), owner }, settings, signal),
      });
    });
    const db = servers[0].db;
    const end = Date.now() + 60_000;
    const runsDone = async (n: number) => {
      for (;;) {
        const [r] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM adp_runs WHERE status = 'ok'`,
        );
        if (r.n >= n || Date.now() > end) return;
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    await runsDone(4);
    // The server that ran last stops (its lease may simply be taken again by the same server while
    // it runs): the other one must take the work over from where it was left.
    const [last] = await queryRows<{ owner: string }>(
      db,
      sql`SELECT owner FROM adp_runs ORDER BY started_at DESC LIMIT 1`,
    );
    const leaving = Number(last.owner.split('-')[1]);
    await loops[leaving].stop();
    await runsDone(8);
    await Promise.all(loops.map((l) => l.stop()));

    const runs = await queryRows<{
      owner: string;
      started_at: Date;
      finished_at: Date;
      status: string;
      mfl_requests: number;
      sleeper_requests: number;
      errors: number;
      leagues_read: number;
      error: string | null;
    }>(db, sql`SELECT * FROM adp_runs ORDER BY started_at`);
    // What each run did, in every failure's message: a league read again says which runs ended early.
    const record = runs
      .map(
        (r) =>
          `${r.owner} ${r.status} ${new Date(r.finished_at).getTime() - new Date(r.started_at).getTime()} ms, ` +
          `mfl ${r.mfl_requests} sleeper ${r.sleeper_requests} calls, ${r.leagues_read} leagues, ` +
          `${r.errors} errors${r.error ? `: ${r.error}` : ''}`,
      )
      .join('\n');
    expect(runs.length, record).toBeGreaterThanOrEqual(8);
    expect(new Set(runs.map((r) => r.owner)).size, record).toBe(2);
    // Never two runs at once.
    for (let i = 1; i < runs.length; i++)
      expect(new Date(runs[i].started_at).getTime(), record).toBeGreaterThanOrEqual(
        new Date(runs[i - 1].finished_at).getTime(),
      );
    // Each league read by one server, once.
    const both = leagueReads([...logs[0], ...logs[1]]);
    expect(both.size).toBeGreaterThan(30);
    // Once each, but for what the leaving server's last run had taken when it stopped: a league cut
    // short is handed back as it was, and the other server reads it whole. Those are among its
    // last run's calls (at most 40 a service).
    const cutShort = new Set(leagueReads(logs[leaving].slice(-80)).keys());
    for (const [key, n] of both) expect(n, `${key}\n${record}`).toBe(cutShort.has(key) ? Math.min(n, 2) : 1);
    const [leagues] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM rookie_adp_leagues WHERE last_success_at IS NOT NULL`,
    );
    expect(leagues.n).toBeGreaterThan(30);
  });
});
