import { sql } from 'drizzle-orm';
import type { AdpData, AdpRun } from '#common/adp-data.ts';
import type { AdpSourceStats } from '#common/adp-sources.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { leagueCallCount } from '#server/ops/metrics.ts';
import type { AggregateStatus } from '../mfl-aggregate.ts';
import { MFL_COPY_JOB } from '../mfl-copy-job.ts';
import { readJob } from './jobs.ts';

/**
 * The admin data page's figures, each a small aggregate over the store and the frontier (the
 * answers' sources are adpSourceStats', below). The store's figures are Sleeper's and MFL's leagues:
 * a listed Fleaflicker league feeds trade values, not ADP, and is counted in the listing only.
 */
export async function adpData(
  db: Db,
  job: string,
  discovery: { enabled: boolean; running: boolean; share: number; requestsPerRun: number },
): Promise<Omit<AdpData, 'answerSources'>> {
  const n = (v: unknown) => Number(v ?? 0);
  const [byService, byMonth, byType, sources, skips, frontier, runs, state] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT l.service, count(*) AS leagues,
                 count(*) FILTER (WHERE last_success_at IS NOT NULL) AS read,
                 count(*) FILTER (WHERE l.drafts > 0) AS with_drafts,
                 count(*) FILTER (WHERE skip_reason IS NOT NULL) AS skipped,
                 count(*) FILTER (WHERE next_read_at <= now()) AS due,
                 count(*) FILTER (WHERE failures > 0) AS failing,
                 (SELECT count(*) FROM rookie_adp_drafts d WHERE d.service = l.service) AS drafts
          FROM rookie_adp_leagues l WHERE l.service IN ('mfl', 'sleeper')
          GROUP BY l.service ORDER BY l.service`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT to_char(date_trunc('month', started_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, service,
                 count(*) AS drafts
          FROM rookie_adp_drafts
          WHERE started_at >= now() - interval '24 months'
          GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT qb_format, idp, ppr, count(*) AS drafts FROM rookie_adp_drafts
          GROUP BY 1, 2, 3 ORDER BY 4 DESC`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT source, count(*) AS leagues, coalesce(sum(drafts), 0) AS drafts
          FROM rookie_adp_leagues WHERE service IN ('mfl', 'sleeper') GROUP BY source ORDER BY source`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT skip_reason AS reason, count(*) AS leagues FROM rookie_adp_leagues
          WHERE skip_reason IS NOT NULL GROUP BY 1 ORDER BY 2 DESC`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT kind, count(*) FILTER (WHERE due_at <= now()) AS due,
                 count(*) FILTER (WHERE done_at IS NOT NULL) AS done
          FROM adp_crawl_items GROUP BY kind ORDER BY kind`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT * FROM adp_runs WHERE job = ${job} ORDER BY started_at DESC, id DESC LIMIT 20`,
    ),
    readJob(db, job),
  ]);
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    discovery: {
      ...discovery,
      // Another server may be running it: the job's live lease says so.
      running:
        discovery.running ||
        Boolean(state?.leaseOwner && state.leaseUntil && state.leaseUntil.getTime() > Date.now()),
      paused: state?.paused ?? false,
      nextRunAt: state ? state.runAt.toISOString() : null,
      failures: state?.failures ?? 0,
      lastError: state?.lastError ?? null,
    },
    byService: byService.map((r) => ({
      service: r.service as 'mfl' | 'sleeper',
      leagues: n(r.leagues),
      read: n(r.read),
      withDrafts: n(r.with_drafts),
      skipped: n(r.skipped),
      due: n(r.due),
      failing: n(r.failing),
      drafts: n(r.drafts),
    })),
    byMonth: byMonth.map((r) => ({
      month: String(r.month),
      service: r.service as 'mfl' | 'sleeper',
      drafts: n(r.drafts),
    })),
    byType: byType.map((r) => ({
      qbFormat: String(r.qb_format),
      idp: Boolean(r.idp),
      ppr: Boolean(r.ppr),
      drafts: n(r.drafts),
    })),
    sources: sources.map((r) => ({
      source: r.source as AdpData['sources'][number]['source'],
      leagues: n(r.leagues),
      drafts: n(r.drafts),
    })),
    skips: skips.map((r) => ({ reason: String(r.reason), leagues: n(r.leagues) })),
    frontier: frontier.map((r) => ({
      kind: r.kind as 'mfl-search' | 'sleeper-user',
      due: n(r.due),
      done: n(r.done),
    })),
    runs: runs.map(
      (r): AdpRun => ({
        id: n(r.id),
        startedAt: iso(r.started_at)!,
        finishedAt: iso(r.finished_at),
        durationMs: r.finished_at
          ? new Date(r.finished_at as string).getTime() - new Date(r.started_at as string).getTime()
          : null,
        status: r.status as AdpRun['status'],
        requests: { mfl: n(r.mfl_requests), sleeper: n(r.sleeper_requests) },
        errors: n(r.errors),
        leaguesRead: n(r.leagues_read),
        leaguesFound: n(r.leagues_found),
        drafts: n(r.drafts),
        error: (r.error as string | null) ?? null,
      }),
    ),
  };
}

/** For GET /api/mfl/adp/status: how many runs finished, whether one is going, when the last ended. */
export async function runState(
  db: Db,
  job: string,
): Promise<{ running: boolean; runs: number; lastRunAt: number | null }> {
  const [row] = await queryRows<{ runs: number; running: number; last: string | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status <> 'running')::int AS runs,
               count(*) FILTER (WHERE status = 'running')::int AS running,
               max(finished_at) AS last
        FROM adp_runs WHERE job = ${job}`,
  );
  return {
    running: Number(row?.running ?? 0) > 0,
    runs: Number(row?.runs ?? 0),
    lastRunAt: row?.last ? new Date(row.last).getTime() : null,
  };
}

/**
 * Each source's figures (admin data page and /metrics): the store's rookie drafts and newest draft
 * per service, its startup drafts per service and kind, MFL's aggregate's latest good answer and its age, and MFL's 429s in this process.
 */
export async function adpSourceStats(
  db: Db,
  mfl: AggregateStatus,
  nowMs = Date.now(),
): Promise<AdpSourceStats> {
  const rows = await queryRows<{ service: string; drafts: unknown; newest: string | Date | null }>(
    db,
    sql`SELECT service, count(*) AS drafts, max(started_at) AS newest
        FROM rookie_adp_drafts GROUP BY service ORDER BY service`,
  );
  const startupRows = await queryRows<{
    service: string;
    kind: string;
    drafts: unknown;
    newest: string | Date | null;
  }>(
    db,
    sql`SELECT service, kind, count(*) AS drafts, max(started_at) AS newest
        FROM startup_adp_drafts GROUP BY service, kind`,
  );
  const [copies] = await queryRows<{ copies: unknown; first_day: string | null; latest_day: string | null }>(
    db,
    sql`SELECT count(*) AS copies, to_char(min(taken_on), 'YYYY-MM-DD') AS first_day,
               to_char(max(taken_on), 'YYYY-MM-DD') AS latest_day
        FROM mfl_adp_copies WHERE season = (SELECT max(season) FROM mfl_adp_copies)`,
  );
  const [copyRun] = await queryRows<{ at: string | Date; status: string; error: string | null }>(
    db,
    sql`SELECT coalesce(finished_at, started_at) AS at, status, error FROM adp_runs
        WHERE job = ${MFL_COPY_JOB} ORDER BY id DESC LIMIT 1`,
  );
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const good = mfl.lastGood;
  return {
    store: (['mfl', 'sleeper'] as const).map((service) => {
      const row = rows.find((r) => r.service === service);
      return {
        service,
        drafts: Number(row?.drafts ?? 0),
        newestDraftAt: row?.newest ? new Date(row.newest).toISOString() : null,
      };
    }),
    startup: (['mfl', 'sleeper'] as const).flatMap((service) =>
      (['snake', 'auction'] as const).map((kind) => {
        const row = startupRows.find((r) => r.service === service && r.kind === kind);
        return {
          service,
          kind,
          drafts: Number(row?.drafts ?? 0),
          newestDraftAt: row?.newest ? new Date(row.newest).toISOString() : null,
        };
      }),
    ),
    mflAggregate: {
      lastGoodAt: iso(good?.at),
      ageMs: good ? Math.max(0, nowMs - good.at) : null,
      sizes: good?.sizes ?? [],
      ppr: good?.ppr ?? null,
      drafts: good?.drafts ?? null,
      // The answer's window ends (exclusive) the day after MFL made it.
      coversUntil: good ? iso(good.coversUntil - 86_400_000)!.slice(0, 10) : null,
      lastFailureAt: iso(mfl.lastFailure?.at),
      lastFailure: mfl.lastFailure?.message ?? null,
    },
    mflCopies: {
      copies: Number(copies?.copies ?? 0),
      firstDay: copies?.first_day ?? null,
      latestDay: copies?.latest_day ?? null,
      lastRunAt: copyRun ? new Date(copyRun.at).toISOString() : null,
      lastRunStatus: copyRun?.status ?? null,
      lastRunError: copyRun?.error ?? null,
    },
    mfl429s: await leagueCallCount('mfl', '429'),
  };
}
