import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { appCache, leagueReads, simBackground, testSettings } from '#test/adp-discovery.ts';
import { openTestDatabase } from '#test/database.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { saveDraft } from '../store.ts';
import { crawlOnce, nextReadAt, nextSeasonStart, skipByName } from './crawl.ts';
import { addItems, addLeagues } from './frontier.ts';

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

const leagues = (where = sql`true`) =>
  queryRows<{
    service: string;
    league_id: string;
    source: string;
    skip_reason: string | null;
    draft_state: string | null;
    last_success_at: Date | null;
  }>(
    database.db,
    sql`SELECT service, league_id, source, skip_reason, draft_state, last_success_at FROM rookie_adp_leagues WHERE ${where}`,
  );

describe('discovery through the simulator', { timeout: 90_000 }, () => {
  const log: string[] = [];
  const owner = 'server-a';

  it('finds MFL leagues by search and Sleeper leagues through the user graph, and reads each once', async () => {
    const bg = simBackground(sim, log);
    const summary = await crawlOnce(
      { db: database.db, bg, cache: appCache(), owner, sleep: async () => {} },
      testSettings({ sleeperUsers: ['dynastydemo'], maxRequests: 120 }),
    );
    expect(summary.errors).toBe(0);
    expect(summary.more).toBe(true);
    // The cap holds, give or take the steps already under way when it was reached.
    expect(summary.requests.sleeper).toBeGreaterThanOrEqual(120);
    expect(summary.requests.sleeper).toBeLessThan(120 + 8 * 4);
    expect(summary.leaguesRead).toBeGreaterThan(20);
    expect(summary.drafts).toBeGreaterThan(10);

    const all = await leagues();
    const found = all.filter((l) => l.source === 'discovered');
    expect(found.some((l) => l.service === 'mfl')).toBe(true);
    expect(found.some((l) => l.service === 'sleeper')).toBe(true);
    // Every league found is one the services make reachable: MFL's search or a Sleeper member's list.
    for (const l of found)
      expect(sim.world.league(l.service as 'mfl' | 'sleeper', l.league_id)).toBeDefined();

    // Mock drafts (by name) and redraft leagues (from the user's league list) are remembered and never read.
    const skipped = found.filter((l) => l.skip_reason === 'mock' || l.skip_reason === 'not-dynasty');
    expect(skipped.length).toBeGreaterThan(0);
    const reads = leagueReads(log);
    for (const l of skipped) expect(reads.get(`${l.service}:${l.league_id}`) ?? 0).toBe(0);
    for (const [key, n] of reads) expect(n, key).toBe(1);

    // A draft under way is due again within the hour; a finished Sleeper draft is not read again.
    const drafting = found.find((l) => l.draft_state === 'drafting');
    expect(drafting).toBeDefined();
    expect(drafting!.last_success_at).not.toBeNull();
  });

  it('a second run (as after a restart) resumes from the frontier and reads no league again', async () => {
    const before = (await leagues(sql`last_success_at IS NOT NULL`)).length;
    const bg = simBackground(sim, log);
    const summary = await crawlOnce(
      { db: database.db, bg, cache: appCache(), owner: 'server-b', sleep: async () => {} },
      testSettings({ sleeperUsers: ['dynastydemo'], maxRequests: 120 }),
    );
    expect(summary.leaguesRead).toBeGreaterThan(10);
    expect((await leagues(sql`last_success_at IS NOT NULL`)).length).toBe(before + summary.leaguesRead);
    for (const [key, n] of leagueReads(log)) expect(n, key).toBe(1);
  });
});

describe("without MFL's permission", { timeout: 90_000 }, () => {
  it('never searches MFL, deletes what an earlier search gathered without reading it; listed MFL leagues are read', async () => {
    const db = await openTestDatabase();
    try {
      const [found, listed] = sim.world.leagues.filter((l) => l.service === 'mfl' && l.isPublic);
      // Left over from a deployment that had the search on: a league, one of its drafts, a search.
      await addLeagues(db.db, [{ service: 'mfl', leagueId: found.id, source: 'discovered' }]);
      await saveDraft(db.db, {
        service: 'mfl',
        draftKey: `${found.id}:2025:LEAGUE`,
        leagueId: found.id,
        season: 2025,
        facts: { size: 12, qbFormat: 'SF', idp: false, ppr: true },
        startedAt: new Date(Date.UTC(2025, 4, 2)),
        picks: [
          {
            overall: 1,
            pickedAt: new Date(Date.UTC(2025, 4, 2)),
            player: { key: '9001', name: 'A Rookie', position: 'WR' },
          },
        ],
      });
      await addItems(db.db, 'mfl-search', ['2025:dynasty']);
      const log: string[] = [];
      const summary = await crawlOnce(
        { db: db.db, bg: simBackground(sim, log), cache: appCache(), owner: 'a', sleep: async () => {} },
        testSettings({
          mflSearch: false,
          sleeperWalk: false,
          configured: [{ service: 'mfl', leagueId: listed.id }],
        }),
      );
      expect(summary.errors).toBe(0);
      expect(log.filter((u) => /TYPE=leagueSearch/i.test(u))).toEqual([]);
      const reads = leagueReads(log);
      expect(reads.get(`mfl:${found.id}`) ?? 0).toBe(0);
      expect(reads.get(`mfl:${listed.id}`)).toBeGreaterThan(0);
      // …and what the search gathered is gone: the league, its draft and picks, the month's totals, the search.
      const left = await queryRows<{ n: number }>(
        db.db,
        sql`SELECT count(*)::int AS n FROM rookie_adp_leagues WHERE league_id = ${found.id}
            UNION ALL SELECT count(*)::int FROM rookie_adp_drafts WHERE league_id = ${found.id}
            UNION ALL SELECT count(*)::int FROM rookie_adp_months WHERE month = '2025-05-01'
            UNION ALL SELECT count(*)::int FROM adp_crawl_items WHERE kind = 'mfl-search'`,
      );
      expect(left.map((r) => r.n)).toEqual([0, 0, 0, 0]);
      // With the search permitted, the same crawl searches.
      const permitted: string[] = [];
      await crawlOnce(
        {
          db: db.db,
          bg: simBackground(sim, permitted),
          cache: appCache(),
          owner: 'a',
          sleep: async () => {},
        },
        testSettings({ mflSearch: true, sleeperWalk: false, maxRequests: 20 }),
      );
      expect(permitted.some((u) => /TYPE=leagueSearch/i.test(u))).toBe(true);
    } finally {
      await db.close();
    }
  });
});

describe('scheduling rules', () => {
  const now = Date.UTC(2026, 10, 23);
  it('reads a draft under way again soon, a finished MFL draft next season, a finished Sleeper league never', () => {
    expect(nextReadAt({ service: 'mfl', configured: false }, 'drafting', now, 0)?.getTime()).toBe(
      now + 3_600_000,
    );
    expect(nextReadAt({ service: 'mfl', configured: false }, 'complete', now, 0)).toEqual(
      new Date(Date.UTC(2027, 4, 1)),
    );
    expect(nextReadAt({ service: 'sleeper', configured: false }, 'complete', now, 0)).toBeNull();
    expect(nextReadAt({ service: 'sleeper', configured: true }, 'complete', now, 60_000)?.getTime()).toBe(
      now + 60_000,
    );
    expect(nextSeasonStart(Date.UTC(2026, 2, 1))).toEqual(new Date(Date.UTC(2026, 4, 1)));
  });
  it('knows mock and redraft leagues by name', () => {
    expect(skipByName('Mock Draft #12')).toBe('mock');
    expect(skipByName('12-team Redraft League')).toBe('not-dynasty');
    expect(skipByName('Dynasty Warlords')).toBeUndefined();
  });
});

describe('a service that refuses or answers garbage', { timeout: 90_000 }, () => {
  it('slows the crawl down and the run still ends normally', async () => {
    const db = await openTestDatabase();
    try {
      // Sleeper refuses six user-league lists with 429 (two fail after their retries); MFL sends cut-off bodies.
      sim.control.addFault({ service: 'sleeper', kind: '429', count: 6, match: '/leagues/nfl/' });
      sim.control.addFault({ service: 'mfl', kind: 'malformed', count: 4 });
      const sleeps: number[] = [];
      const summary = await crawlOnce(
        {
          db: db.db,
          bg: simBackground(sim),
          cache: appCache(),
          owner: 'a',
          sleep: async (ms) => {
            sleeps.push(ms);
          },
        },
        testSettings({ sleeperUsers: ['dynastydemo'], maxRequests: 60 }),
      );
      expect(summary.errors).toBeGreaterThanOrEqual(2);
      // A refusal makes the crawl wait at least five seconds, doubling while it lasts.
      expect(Math.max(...sleeps)).toBeGreaterThanOrEqual(5_000);
      const failed = await queryRows<{ n: number }>(
        db.db,
        sql`SELECT count(*)::int AS n FROM rookie_adp_leagues WHERE failures > 0 AND retry_at > now()
            UNION ALL SELECT count(*)::int FROM adp_crawl_items WHERE failures > 0 AND due_at > now()`,
      );
      // What failed is tried again later, not dropped.
      expect(failed[0].n + failed[1].n).toBeGreaterThanOrEqual(1);
      // Once the service is well again and the retry time has come (moved to now here), the next run
      // reads leagues as usual.
      sim.control.reset();
      await db.db.execute(sql`UPDATE adp_crawl_items SET due_at = now() WHERE due_at IS NOT NULL`);
      await db.db.execute(sql`UPDATE rookie_adp_leagues SET next_read_at = now() WHERE failures > 0`);
      const next = await crawlOnce(
        { db: db.db, bg: simBackground(sim), cache: appCache(), owner: 'a', sleep: async () => {} },
        testSettings({ sleeperUsers: ['dynastydemo'], maxRequests: 60 }),
      );
      expect(next.leaguesRead).toBeGreaterThan(0);
    } finally {
      sim.control.reset();
      await db.close();
    }
  });
});
