import pLimit from 'p-limit';
import type { AdpService } from '#common/rookie-adp.ts';
import type { Cache } from '#server/cache.ts';
import type { Db } from '#server/db/client.ts';
import type { LeagueServices } from '#server/leagues/services.ts';
import { readMflLeague } from './read-mfl.ts';
import { readSleeperLeague } from './read-sleeper.ts';
import { saveStartupDraft } from './startup-store.ts';
import {
  type LeagueKey,
  type LeagueRow,
  leagueRows,
  recordFailure,
  recordSuccess,
  saveDraft,
} from './store.ts';

/*
 * Ingestion: read a league's rookie drafts from its service and store them. A league that fails is
 * recorded (error, streak, when to try again) and skipped; the others carry on.
 */

export interface IngestLogger {
  warn(obj: object, msg: string): void;
}

export interface IngestContext {
  db: Db;
  services: LeagueServices;
  cache: Cache;
  log?: IngestLogger;
  now?: () => number;
}

export interface AdpSource extends LeagueKey {
  /** MFL: the league home URL when known (it names the league's host and season). */
  url?: string;
}

export interface IngestOptions {
  /** The visitor's MFL_USER_ID, for private leagues. Never stored. */
  mflCookie?: string;
  /** True for the leagues listed in ADP_LEAGUE_IDS. */
  configured?: boolean;
}

export type IngestOutcome = { ok: true; drafts: number } | { ok: false; error: string };

/** The cache counter that is part of every ADP answer's cache key: new drafts make old answers unreachable. */
export const ADP_VERSION_KEY = 'rookie-adp:version';

const MINUTE = 60_000;
/** A failing league waits 1, 2, 4 … minutes before the next try, at most six hours. */
export function retryDelayMs(failures: number): number {
  return Math.min(6 * 60 * MINUTE, MINUTE * 2 ** Math.max(0, failures - 1));
}

/** ADP_LEAGUE_IDS entries: "12345" or "mfl:12345" (MFL), "sleeper:<id>" (Sleeper). */
export function parseAdpLeagueIds(entries: readonly string[]): AdpSource[] {
  const seen = new Set<string>();
  const sources: AdpSource[] = [];
  for (const raw of entries) {
    const m = /^(?:(mfl|sleeper):)?(\d{1,30})$/i.exec(raw.trim());
    if (!m) continue;
    const service = (m[1]?.toLowerCase() ?? 'mfl') as AdpService;
    if (service === 'mfl' && m[2].length > 10) continue;
    const key = `${service}:${m[2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sources.push({ service, leagueId: m[2] });
  }
  return sources;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Reads and stores one league; never throws. */
export async function ingestLeague(
  ctx: IngestContext,
  source: AdpSource,
  options: IngestOptions = {},
): Promise<IngestOutcome> {
  const now = ctx.now ?? Date.now;
  const configured = options.configured ?? false;
  try {
    const found =
      source.service === 'mfl'
        ? await readMflLeague(
            ctx.services.mfl,
            { league_id: source.leagueId, url: source.url },
            options.mflCookie,
          )
        : await readSleeperLeague(ctx.services.sleeper, source.leagueId);
    for (const draft of found.drafts) await saveDraft(ctx.db, draft);
    for (const startup of found.startups ?? []) await saveStartupDraft(ctx.db, startup);
    const saved = found.drafts.length + (found.startups?.length ?? 0);
    await recordSuccess(ctx.db, source, {
      drafts: found.drafts.length,
      url: found.url,
      configured,
      at: new Date(now()),
    });
    if (saved > 0) await ctx.cache.incr(ADP_VERSION_KEY).catch(() => undefined);
    return { ok: true, drafts: found.drafts.length };
  } catch (e) {
    const error = errorText(e);
    ctx.log?.warn({ service: source.service, league: source.leagueId, error }, 'rookie ADP: league skipped');
    try {
      await recordFailure(ctx.db, source, {
        error,
        configured,
        at: new Date(now()),
        retryAt: (failures) => new Date(now() + retryDelayMs(failures)),
      });
    } catch (recordError) {
      ctx.log?.warn({ error: errorText(recordError) }, 'rookie ADP: could not record a failure');
    }
    return { ok: false, error };
  }
}

export interface IngestSummary {
  leagues: number;
  ok: number;
  failed: number;
  drafts: number;
}

/** Reads several leagues, a few at a time (each service's client paces its own requests). */
export async function ingestLeagues(
  ctx: IngestContext,
  sources: readonly AdpSource[],
  options: IngestOptions & { concurrency?: number; stopped?: () => boolean } = {},
): Promise<IngestSummary> {
  const limit = pLimit(options.concurrency ?? 4);
  const outcomes = await Promise.all(
    sources.map((s) => limit(async () => (options.stopped?.() ? undefined : ingestLeague(ctx, s, options)))),
  );
  const done = outcomes.filter((o): o is IngestOutcome => o !== undefined);
  return {
    leagues: done.length,
    ok: done.filter((o) => o.ok).length,
    failed: done.filter((o) => !o.ok).length,
    drafts: done.reduce((n, o) => n + (o.ok ? o.drafts : 0), 0),
  };
}

/**
 * Whether a league should be read now: never read, its retry time has come after a failure, or its
 * last read is older than the refresh interval.
 */
export function isDue(row: LeagueRow | undefined, nowMs: number, refreshMs: number): boolean {
  if (!row?.lastAttemptAt) return true;
  if (row.retryAt) return row.retryAt.getTime() <= nowMs;
  return row.lastAttemptAt.getTime() + refreshMs <= nowMs;
}

/** The configured leagues due a read, with the URL stored from an earlier read. */
export async function dueSources(
  ctx: IngestContext,
  sources: readonly AdpSource[],
  refreshMs: number,
): Promise<AdpSource[]> {
  const rows = new Map((await leagueRows(ctx.db, sources)).map((r) => [`${r.service}:${r.leagueId}`, r]));
  const now = (ctx.now ?? Date.now)();
  return sources
    .map((s) => ({ source: s, row: rows.get(`${s.service}:${s.leagueId}`) }))
    .filter(({ row }) => isDue(row, now, refreshMs))
    .map(({ source, row }) => ({ ...source, url: source.url ?? row?.url ?? undefined }));
}
