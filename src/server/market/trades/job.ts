import { sql } from 'drizzle-orm';
import type { TradeService } from '#common/trades.ts';
// The background budget and the jobs framework every background read shares (decision 013).
import {
  type BackgroundJob,
  type BackgroundJobOptions,
  startBackgroundJob,
} from '#server/adp-data/discovery/background-job.ts';
import type { RunSummary } from '#server/adp-data/discovery/jobs.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { endedBy } from '#server/leagues/call-context.ts';
import type { LeagueServices } from '#server/leagues/services.ts';
import { recordLeagueTrades } from '#server/ops/metrics.ts';
import { type LeagueTrades, readFleaTrades, readMflTrades, readSleeperTrades } from './read.ts';
import { saveTrades } from './store.ts';

/*
 * The trades job (decision 035): reads the completed trades of the leagues that feed the site's ADP,
 * and only those. A league qualifies when ADP has read it (the Sleeper walk, ADP_LEAGUE_IDS, an
 * admin's listing with its commissioner's permission, a visitor's connected league) and it was not
 * skipped; an MFL league never when only a search found it (MFL's terms: a member's consent or a
 * listing). A Fleaflicker league is read when an admin listed it with its commissioner's permission:
 * it feeds trade values only, so ADP never reads it and its listing alone qualifies it. Each league
 * is read about once a day; where each stands (its last Sleeper round, when next) is in
 * league_trade_reads, so a restart resumes. A league that fails waits longer each time
 * and the rest carry on: a service down delays trades, nothing else.
 */

export const TRADES_JOB = 'league-trades';
/** A league's trades are read again after this long. */
export const TRADES_REFRESH_MS = 24 * 3_600_000;
/** How often the job looks for leagues due. */
export const TRADES_CHECK_MS = 3_600_000;
/** Leagues one run reads at most (the rest wait for the next run, which comes soon after). */
export const LEAGUES_PER_RUN = 200;

const MINUTE = 60_000;
/** A failing league waits 5, 10, 20 … minutes before the next try, at most a day. */
export function tradeRetryMs(failures: number): number {
  return Math.min(24 * 60 * MINUTE, 5 * MINUTE * 2 ** Math.max(0, failures - 1));
}

export interface DueLeague {
  service: TradeService;
  leagueId: string;
  url: string | null;
  lastRound: number | null;
  failures: number;
}

/** The leagues due a read, those never read first. */
export async function dueLeagues(db: Db, now: Date, limit: number): Promise<DueLeague[]> {
  const rows = await queryRows<{
    service: TradeService;
    league_id: string;
    url: string | null;
    last_round: number | null;
    failures: number | null;
  }>(
    db,
    sql`SELECT l.service, l.league_id, l.url, r.last_round, r.failures
        FROM rookie_adp_leagues l
        LEFT JOIN league_trade_reads r ON r.service = l.service AND r.league_id = l.league_id
        WHERE l.skip_reason IS NULL
          AND ((l.service IN ('sleeper', 'mfl') AND l.last_success_at IS NOT NULL
                AND (l.service = 'sleeper' OR l.source <> 'discovered'))
               -- Fleaflicker: listed for trades only (no ADP read to wait for).
               OR (l.service = 'flea' AND l.source = 'admin'))
          AND (r.next_read_at IS NULL OR r.next_read_at <= ${now.toISOString()}::timestamptz)
        ORDER BY r.next_read_at NULLS FIRST, l.service, l.league_id
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    service: r.service,
    leagueId: r.league_id,
    url: r.url,
    lastRound: r.last_round,
    failures: r.failures ?? 0,
  }));
}

async function recordRead(db: Db, league: DueLeague, read: LeagueTrades, now: Date) {
  const next = new Date(now.getTime() + TRADES_REFRESH_MS);
  await db.execute(sql`
    INSERT INTO league_trade_reads (service, league_id, season, last_round, last_read_at, next_read_at, failures, last_error)
    VALUES (${league.service}, ${league.leagueId}, ${read.season}, ${read.lastRound ?? null},
            ${now.toISOString()}::timestamptz, ${next.toISOString()}::timestamptz, 0, NULL)
    ON CONFLICT (service, league_id) DO UPDATE SET
      -- A new season starts again from round 1.
      last_round = excluded.last_round, season = excluded.season, last_read_at = excluded.last_read_at,
      next_read_at = excluded.next_read_at, failures = 0, last_error = NULL`);
}

async function recordFailure(db: Db, league: DueLeague, error: string, now: Date) {
  const failures = league.failures + 1;
  const next = new Date(now.getTime() + tradeRetryMs(failures));
  await db.execute(sql`
    INSERT INTO league_trade_reads (service, league_id, next_read_at, failures, last_error)
    VALUES (${league.service}, ${league.leagueId}, ${next.toISOString()}::timestamptz, ${failures}, ${error.slice(0, 500)})
    ON CONFLICT (service, league_id) DO UPDATE SET
      next_read_at = excluded.next_read_at, failures = excluded.failures, last_error = excluded.last_error`);
}

export interface TradeRunResult {
  leagues: number;
  failed: number;
  read: number;
  stored: number;
  skipped: number;
}

export interface TradeReadContext {
  db: Db;
  services: Pick<LeagueServices, 'mfl' | 'sleeper' | 'flea'>;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

/** One league: read, store, and note where it stands; never throws. */
export async function readLeagueTrades(ctx: TradeReadContext, league: DueLeague): Promise<TradeRunResult> {
  const now = new Date((ctx.now ?? Date.now)());
  try {
    const read =
      league.service === 'sleeper'
        ? await readSleeperTrades(ctx.services.sleeper, league.leagueId, league.lastRound ?? undefined)
        : league.service === 'flea'
          ? await readFleaTrades(ctx.services.flea, league.leagueId, now.getTime())
          : await readMflTrades(ctx.services.mfl, {
              league_id: league.leagueId,
              url: league.url ?? undefined,
            });
    const saved = await saveTrades(ctx.db, read.trades);
    const skipped = read.skipped + saved.invalid;
    await recordRead(ctx.db, league, read, now);
    recordLeagueTrades(league.service, {
      read: read.trades.length + read.skipped,
      stored: saved.stored,
      skipped,
    });
    return { leagues: 1, failed: 0, read: read.trades.length + read.skipped, stored: saved.stored, skipped };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    ctx.log?.warn({ service: league.service, league: league.leagueId, error }, 'trades: league skipped');
    await recordFailure(ctx.db, league, error, now).catch(() => undefined);
    return { leagues: 1, failed: 1, read: 0, stored: 0, skipped: 0 };
  }
}

/**
 * MFL's and Fleaflicker's trades are kept only while their league may be read: once its last
 * consenting member opts out (or its listing is withdrawn) the league leaves the listed leagues, and
 * its trades and read state go with it at the next run. Sleeper's trades are public data and stay.
 * Answers how many went.
 */
export async function pruneWithdrawnTrades(db: Db): Promise<number> {
  await db.execute(sql`
    DELETE FROM league_trade_reads r
    WHERE r.service <> 'sleeper' AND NOT EXISTS (
      SELECT 1 FROM rookie_adp_leagues l
      WHERE l.service = r.service AND l.league_id = r.league_id AND l.source <> 'discovered')`);
  const gone = await queryRows<{ trade_id: string }>(
    db,
    sql`DELETE FROM league_trades t
        WHERE t.service <> 'sleeper' AND NOT EXISTS (
          SELECT 1 FROM rookie_adp_leagues l
          WHERE l.service = t.service AND l.league_id = t.league_id AND l.source <> 'discovered')
        RETURNING t.trade_id`,
  );
  return gone.length;
}

/** One run: the leagues due, one after another, until they are done or the run is told to end. */
export async function readDueTrades(
  ctx: TradeReadContext,
  signal: AbortSignal,
  limit = LEAGUES_PER_RUN,
): Promise<TradeRunResult & { more: boolean }> {
  return endedBy(signal, async () => {
    const total: TradeRunResult = { leagues: 0, failed: 0, read: 0, stored: 0, skipped: 0 };
    await pruneWithdrawnTrades(ctx.db);
    const due = await dueLeagues(ctx.db, new Date((ctx.now ?? Date.now)()), limit);
    for (const league of due) {
      if (signal.aborted) break;
      const one = await readLeagueTrades(ctx, league);
      for (const k of Object.keys(total) as (keyof TradeRunResult)[]) total[k] += one[k];
    }
    return { ...total, more: due.length === limit || signal.aborted };
  });
}

export type TradeJobOptions = BackgroundJobOptions;
export type TradeJob = BackgroundJob;

/** Starts the trades job on this server; the database decides which server runs each run. */
export function startTradeJob(opts: TradeJobOptions): TradeJob {
  return startBackgroundJob(opts, {
    name: TRADES_JOB,
    intervalMs: TRADES_CHECK_MS,
    backlogMs: 60_000,
    leaseMs: 120_000,
    run: async (bg, signal): Promise<RunSummary> => {
      const ctx: TradeReadContext = { db: opts.db, services: bg.services, now: opts.now, log: opts.log };
      const before = { ...bg.requests };
      const result = await readDueTrades(ctx, signal);
      return {
        requests: { mfl: bg.requests.mfl - before.mfl, sleeper: bg.requests.sleeper - before.sleeper },
        errors: result.failed,
        leaguesRead: result.leagues - result.failed,
        leaguesFound: 0,
        // The runs table's count of what a run kept: here, the trades new to the store.
        drafts: result.stored,
        more: result.more,
      };
    },
  });
}
