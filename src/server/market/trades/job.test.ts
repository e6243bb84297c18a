import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryCache } from '#server/cache.ts';
import type { Database } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { createLeagueServices } from '#server/leagues/services.ts';
import { registry } from '#server/ops/metrics.ts';
import type { League } from '#simulator/world/league.ts';
import { leagueTrades } from '#simulator/world/trades.ts';
import { makeTestApp } from '#test/app.ts';
import { emptyDatabase, openTestDatabase } from '#test/database.ts';
import { eventually } from '#test/rookie-adp.ts';
import { type Sim, simServices, startSim } from '#test/simulator.ts';
import { UNREACHABLE_URL } from '#test/test-env.ts';
import { dueLeagues, readDueTrades, type TradeReadContext } from './job.ts';
import { listTrades } from './store.ts';

/*
 * The trades job against the league-services simulator: it reads exactly the leagues that feed ADP
 * (and an MFL league only a search found never), stores what each side received, resumes from where
 * it stands, asks Sleeper only the rounds not yet settled, and with the services unreachable records
 * the failures and carries on.
 */

let sim: Sim;
let database: Database;
const sleeperCalls: string[] = [];
beforeAll(async () => {
  sim = await startSim({
    onRequest: ({ url }) => {
      if (url.includes('/transactions/')) sleeperCalls.push(url);
    },
  });
  database = await openTestDatabase();
  // After the season: every trade of the world has happened, each Sleeper league is complete.
  sim.control.setClock({ now: sim.world.calendar.seasonEndsAt() + 86_400_000 });
});
afterAll(async () => {
  await database?.close();
  await sim?.close();
});
beforeEach(async () => {
  await emptyDatabase(database);
  sleeperCalls.length = 0;
});

const signal = () => new AbortController().signal;
const DAY = 86_400_000;

async function adpLeague(l: League, source: string, opts: { read?: boolean; skip?: string } = {}) {
  await database.db.execute(
    sql`INSERT INTO rookie_adp_leagues (service, league_id, source, configured, last_success_at, skip_reason)
        VALUES (${l.service}, ${l.id}, ${source}, ${source === 'configured'},
                ${opts.read === false ? null : new Date().toISOString()}::timestamptz, ${opts.skip ?? null})`,
  );
}

const withTrades = (service: League['service']) =>
  sim.world.leagues.filter((l) => l.service === service && leagueTrades(sim.world, l).length > 0);

describe('the trades job', () => {
  it('reads the leagues that feed ADP, and only those, each side as what it received', async () => {
    const [s1, s2, sSkipped, sUnread] = withTrades('sleeper');
    const [m1, mFound] = withTrades('mfl').filter((l) => l.isPublic);
    await adpLeague(s1, 'discovered'); // the Sleeper walk
    await adpLeague(s2, 'configured');
    await adpLeague(sSkipped, 'visitor', { skip: 'not a dynasty league' });
    await adpLeague(sUnread, 'visitor', { read: false });
    await adpLeague(m1, 'admin'); // listed with its commissioner's permission
    await adpLeague(mFound, 'discovered'); // found by a search: never read

    const ctx: TradeReadContext = { db: database.db, services: simServices(sim, memoryCache()) };
    const counted = async (service: string, outcome: string) =>
      (await registry.getSingleMetric('dynasty_league_trades_total')!.get()).values
        .filter((v) => v.labels.service === service && v.labels.outcome === outcome)
        .reduce((n, v) => n + v.value, 0);
    const before = await counted('sleeper', 'stored');
    const result = await readDueTrades(ctx, signal());
    const expected = [s1, s2, m1].reduce((n, l) => n + leagueTrades(sim.world, l).length, 0);
    expect(result).toEqual({
      leagues: 3,
      failed: 0,
      read: expected,
      stored: expected,
      skipped: 0,
      more: false,
    });

    // Counted in /metrics.
    expect((await counted('sleeper', 'stored')) - before).toBe(
      [s1, s2].reduce((n, l) => n + leagueTrades(sim.world, l).length, 0),
    );
    const stored = await listTrades(database.db);
    expect(new Set(stored.map((t) => t.leagueId))).toEqual(new Set([s1.id, s2.id, m1.id]));
    // A Sleeper trade: each roster received what the other gave.
    const trade = leagueTrades(sim.world, s1)[0];
    const got = stored.find((t) => t.service === 'sleeper' && t.tradeId === trade.id)!;
    const ids = (players: number[]) => players.map((p) => sim.world.players[p].sleeperId).sort();
    expect(got.sides.map((s) => [...s.players].sort())).toEqual([
      ids(trade.gave[1].players),
      ids(trade.gave[0].players),
    ]);
    expect(got.sides.map((s) => s.faab)).toEqual([trade.gave[1].faab, trade.gave[0].faab]);
    expect(got.sides.map((s) => s.picks.map((p) => [p.season, p.round]))).toEqual([
      trade.gave[1].picks.map((p) => [p.season, p.round]),
      trade.gave[0].picks.map((p) => [p.season, p.round]),
    ]);
    expect(got.tradedAt.getTime()).toBe(trade.at * 1000 + 9000);
    expect(got.format).toMatchObject({ size: s1.teams.length, qbFormat: expect.any(String) });
    // An MFL trade likewise, by MFL's ids.
    const mTrade = leagueTrades(sim.world, m1)[0];
    const mGot = stored.find((t) => t.service === 'mfl' && t.tradedAt.getTime() === mTrade.at * 1000)!;
    expect(mGot.sides[0].players.sort()).toEqual(
      mTrade.gave[1].players.map((p) => sim.world.players[p].mflId).sort(),
    );
    expect(mGot.tradeId).toBe(
      `${m1.id}-${sim.world.season}-${mTrade.at}-${m1.teams[mTrade.teams[0]].id}-${m1.teams[mTrade.teams[1]].id}`,
    );

    // Two complete seasons of 18 rounds each were asked once.
    expect(sleeperCalls).toHaveLength(36);

    // The MFL league's listing withdrawn: its trades go at the next run; Sleeper's stay.
    await database.db.execute(sql`DELETE FROM rookie_adp_leagues WHERE service = 'mfl'`);
    await database.db.execute(sql`DELETE FROM rookie_adp_leagues WHERE league_id = ${s2.id}`);
    await readDueTrades(ctx, signal());
    const left = await listTrades(database.db);
    expect(new Set(left.map((t) => t.leagueId))).toEqual(new Set([s1.id, s2.id]));
  });

  it('resumes from where each league stands: nothing is due until a day has passed, then only the last round', async () => {
    const [s1] = withTrades('sleeper');
    await adpLeague(s1, 'configured');
    let clock = Date.now();
    const ctx: TradeReadContext = {
      db: database.db,
      services: simServices(sim, memoryCache()),
      now: () => clock,
    };
    await readDueTrades(ctx, signal());
    expect(sleeperCalls).toHaveLength(18);
    const [state] = await queryRows<{ last_round: number; season: number }>(
      database.db,
      sql`SELECT last_round, season FROM league_trade_reads WHERE league_id = ${s1.id}`,
    );
    expect(state).toEqual({ last_round: 18, season: sim.world.season });

    // As after a restart: a new context with a fresh cache finds the league not due yet.
    const again: TradeReadContext = { ...ctx, services: simServices(sim, memoryCache()) };
    expect(await dueLeagues(database.db, new Date(clock), 10)).toEqual([]);
    expect((await readDueTrades(again, signal())).leagues).toBe(0);

    clock += DAY + 1;
    sleeperCalls.length = 0;
    const later = await readDueTrades(again, signal());
    expect(later).toMatchObject({ leagues: 1, failed: 0, stored: 0 });
    expect(sleeperCalls).toEqual([`/sleeper/v1/league/${s1.id}/transactions/18`]);
  });

  it('with the services unreachable: records each failure, stores nothing, and tries again later', async () => {
    const [s1] = withTrades('sleeper');
    const [m1] = withTrades('mfl').filter((l) => l.isPublic);
    await adpLeague(s1, 'configured');
    await adpLeague(m1, 'admin');
    const quick = { attempts: 1, timeoutMs: 500, backoffMs: 1, maxBackoffMs: 1 };
    const down = createLeagueServices({
      mflApiUrl: `${UNREACHABLE_URL}/mfl/api`,
      sleeperApiUrl: `${UNREACHABLE_URL}/sleeper/v1`,
      fleaApiUrl: `${UNREACHABLE_URL}/flea/api`,
      userAgent: 'dynasty-test/1.0',
      cache: memoryCache(),
      limits: { mfl: quick, sleeper: quick, flea: quick },
    });
    const now = Date.now();
    const result = await readDueTrades({ db: database.db, services: down, now: () => now }, signal());
    expect(result).toEqual({ leagues: 2, failed: 2, read: 0, stored: 0, skipped: 0, more: false });
    const rows = await queryRows<{ failures: number; next_read_at: Date | string; last_error: string }>(
      database.db,
      sql`SELECT failures, next_read_at, last_error FROM league_trade_reads ORDER BY service`,
    );
    expect(rows.map((r) => r.failures)).toEqual([1, 1]);
    for (const r of rows) expect(new Date(r.next_read_at).getTime()).toBe(now + 5 * 60_000);
    expect(await listTrades(database.db)).toEqual([]);
    // Back up: read once the wait is over.
    const up: TradeReadContext = {
      db: database.db,
      services: simServices(sim, memoryCache()),
      now: () => now + 5 * 60_000,
    };
    expect(await readDueTrades(up, signal())).toMatchObject({ leagues: 2, failed: 0 });
  });
});

describe('the trades job and a listed Fleaflicker league', () => {
  // Listed by an admin with its commissioner's permission, as the admin route writes it: for trades
  // only, never read by ADP (no last_success_at, no next read of the crawl).
  const listFlea = (l: League) =>
    database.db.execute(
      sql`INSERT INTO rookie_adp_leagues (service, league_id, source, users_listed_at)
          VALUES ('flea', ${l.id}, 'admin', now())`,
    );

  it('reads it without an ADP read: executed trades by Fleaflicker ids, the league format from its rules, picks by round', async () => {
    const [f1, fOther] = withTrades('flea');
    await listFlea(f1);
    // A Fleaflicker league that is not listed (a visitor's league ADP knows nothing of) is never read.
    await database.db.execute(
      sql`INSERT INTO rookie_adp_leagues (service, league_id, source, users_listed_at)
          VALUES ('flea', ${fOther.id}, 'visitor', now())`,
    );
    const fleaCalls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/flea/')) fleaCalls.push(new URL(url).pathname);
      return fetch(input, init);
    };
    const ctx: TradeReadContext = {
      db: database.db,
      services: simServices(sim, memoryCache(), {}, counting),
    };
    const counted = async (outcome: string) =>
      (await registry.getSingleMetric('dynasty_league_trades_total')!.get()).values
        .filter((v) => v.labels.service === 'flea' && v.labels.outcome === outcome)
        .reduce((n, v) => n + v.value, 0);
    const before = await counted('stored');
    const expected = leagueTrades(sim.world, f1);
    expect(await readDueTrades(ctx, signal())).toEqual({
      leagues: 1,
      failed: 0,
      read: expected.length,
      stored: expected.length,
      skipped: 0,
      more: false,
    });
    expect((await counted('stored')) - before).toBe(expected.length);
    // The trades (paged by 20), then the rules and the rosters (the league's size) once.
    expect(fleaCalls.filter((c) => c.endsWith('/FetchTrades'))).toHaveLength(Math.ceil(expected.length / 20));
    expect(fleaCalls.filter((c) => !c.endsWith('/FetchTrades')).sort()).toEqual([
      '/flea/api/FetchLeagueRosters',
      '/flea/api/FetchLeagueRules',
    ]);

    const stored = await listTrades(database.db);
    expect(new Set(stored.map((t) => `${t.service}:${t.leagueId}`))).toEqual(new Set([`flea:${f1.id}`]));
    const trade = expected[0];
    const got = stored.find((t) => t.tradeId === trade.id)!;
    const ids = (players: number[]) => players.map((p) => String(sim.world.players[p].fleaId)).sort();
    expect(got.sides.map((s) => [...s.players].sort())).toEqual([
      ids(trade.gave[1].players),
      ids(trade.gave[0].players),
    ]);
    expect(got.sides.map((s) => s.picks.map((p) => [p.season, p.round, p.slot]))).toEqual([
      trade.gave[1].picks.map((p) => [p.season, p.round, null]),
      trade.gave[0].picks.map((p) => [p.season, p.round, null]),
    ]);
    expect(got.tradedAt.getTime()).toBe(trade.at * 1000);
    expect(got.format).toEqual({
      size: f1.teams.length,
      qbFormat: f1.format.qb,
      ppr: f1.format.ppr,
      tePremium: 0,
      idp: f1.format.idp,
    });
    const [state] = await queryRows<{ failures: number; season: number }>(
      database.db,
      sql`SELECT failures, season FROM league_trade_reads WHERE service = 'flea' AND league_id = ${f1.id}`,
    );
    expect(state.failures).toBe(0);

    // The listing removed: its trades and read state go at the next run.
    await database.db.execute(
      sql`DELETE FROM rookie_adp_leagues WHERE service = 'flea' AND source = 'admin'`,
    );
    await readDueTrades(ctx, signal());
    expect(await listTrades(database.db)).toEqual([]);
    const reads = await queryRows(database.db, sql`SELECT 1 FROM league_trade_reads WHERE service = 'flea'`);
    expect(reads).toEqual([]);
  });

  it('with the other services unreachable, reads Fleaflicker; with Fleaflicker unreachable, records the failure', async () => {
    const [f1] = withTrades('flea');
    const [s1] = withTrades('sleeper');
    await listFlea(f1);
    await adpLeague(s1, 'configured');
    const quick = { attempts: 1, timeoutMs: 500, backoffMs: 1, maxBackoffMs: 1 };
    const only = (flea: string) =>
      createLeagueServices({
        mflApiUrl: `${UNREACHABLE_URL}/mfl/api`,
        sleeperApiUrl: `${UNREACHABLE_URL}/sleeper/v1`,
        fleaApiUrl: flea,
        userAgent: 'dynasty-test/1.0',
        cache: memoryCache(),
        limits: { mfl: quick, sleeper: quick, flea: quick },
      });
    const now = Date.now();
    const down = await readDueTrades(
      { db: database.db, services: only(`${UNREACHABLE_URL}/flea/api`), now: () => now },
      signal(),
    );
    expect(down).toEqual({ leagues: 2, failed: 2, read: 0, stored: 0, skipped: 0, more: false });
    const [failed] = await queryRows<{ failures: number; last_error: string }>(
      database.db,
      sql`SELECT failures, last_error FROM league_trade_reads WHERE service = 'flea'`,
    );
    expect(failed.failures).toBe(1);
    expect(failed.last_error).toMatch(/Fleaflicker/i);

    const later = await readDueTrades(
      { db: database.db, services: only(sim.env.FLEA_API_URL), now: () => now + 5 * 60_000 },
      signal(),
    );
    const n = leagueTrades(sim.world, f1).length;
    expect(later).toEqual({ leagues: 2, failed: 1, read: n, stored: n, skipped: 0, more: false });
    expect(new Set((await listTrades(database.db)).map((t) => t.service))).toEqual(new Set(['flea']));
  });
});

describe('the trades job with one service failing', () => {
  it.each(['down', '500', 'malformed'] as const)(
    'Sleeper %s: its league waits, the MFL league is read, and Sleeper is read once it is back',
    async (kind) => {
      const [s1] = withTrades('sleeper');
      const [m1] = withTrades('mfl').filter((l) => l.isPublic);
      await adpLeague(s1, 'configured');
      await adpLeague(m1, 'admin');
      sim.control.addFault({ service: 'sleeper', kind, count: 1000, match: '/transactions/' });
      const now = Date.now();
      const quick = { attempts: 1, timeoutMs: 1000, backoffMs: 1, maxBackoffMs: 1 };
      const services = simServices(sim, memoryCache(), quick);
      try {
        const result = await readDueTrades({ db: database.db, services, now: () => now }, signal());
        expect(result).toMatchObject({ leagues: 2, failed: 1, stored: leagueTrades(sim.world, m1).length });
        expect(new Set((await listTrades(database.db)).map((t) => t.service))).toEqual(new Set(['mfl']));
      } finally {
        sim.control.reset();
        sim.control.setClock({ now: sim.world.calendar.seasonEndsAt() + 86_400_000 });
      }
      const later = {
        db: database.db,
        services: simServices(sim, memoryCache()),
        now: () => now + 5 * 60_000,
      };
      expect(await readDueTrades(later, signal())).toMatchObject({
        leagues: 1,
        failed: 0,
        stored: leagueTrades(sim.world, s1).length,
      });
    },
  );
});

describe('the trades job in the app', () => {
  it('starts with the server when LEAGUE_TRADES=1 and stores the trades of an ADP league and a listed Fleaflicker league, in the background lane', async () => {
    const [s1] = withTrades('sleeper');
    const [f1] = withTrades('flea');
    await adpLeague(s1, 'configured');
    await database.db.execute(
      sql`INSERT INTO rookie_adp_leagues (service, league_id, source, users_listed_at)
          VALUES ('flea', ${f1.id}, 'admin', now())`,
    );
    const fleaBackgroundCalls = async () =>
      (await registry.getSingleMetric('dynasty_league_call_duration_seconds')!.get()).values
        .filter(
          (v) =>
            v.labels.service === 'flea' &&
            v.labels.lane === 'background' &&
            String((v as { metricName?: string }).metricName).endsWith('_count'),
        )
        .reduce((n, v) => n + v.value, 0);
    const before = await fleaBackgroundCalls();
    const t = await makeTestApp({ ...sim.env, LEAGUE_TRADES: '1' }, { sim, database });
    try {
      await eventually(
        async () =>
          (await listTrades(database.db)).length ===
          leagueTrades(sim.world, s1).length + leagueTrades(sim.world, f1).length,
      );
      // FetchTrades, then the rules and rosters: counted in /metrics in the background lane.
      expect((await fleaBackgroundCalls()) - before).toBeGreaterThanOrEqual(3);
      const [run] = await queryRows<{ status: string }>(
        database.db,
        sql`SELECT status FROM adp_runs WHERE job = 'league-trades' ORDER BY id DESC LIMIT 1`,
      );
      expect(['running', 'ok']).toContain(run?.status);
    } finally {
      await t.app.close();
    }
  });
});
