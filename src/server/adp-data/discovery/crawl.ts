import type { AdpService } from '#common/rookie-adp.ts';
import type { Cache } from '#server/cache.ts';
import type { Db } from '#server/db/client.ts';
import { ttl } from '#server/leagues/cache-policy.ts';
import { endedBy } from '#server/leagues/call-context.ts';
import { LeagueServiceError } from '#server/leagues/errors.ts';
import { yearFromLeagueUrl } from '#server/leagues/mfl/hosts.ts';
import { type Clock, realClock } from '#server/leagues/rate-limit.ts';
import type { SleeperLeague } from '#server/leagues/sleeper/schemas.ts';
import type { DraftRecord } from '../draft-record.ts';
import { ADP_VERSION_KEY, type AdpSource, retryDelayMs } from '../ingest.ts';
import { readMflLeague } from '../read-mfl.ts';
import { readSleeperLeague } from '../read-sleeper.ts';
import type { StartupDraftRecord } from '../startup-record.ts';
import { saveStartupDraft } from '../startup-store.ts';
import { recordFailure, recordSuccess, saveDraft } from '../store.ts';
import type { BackgroundServices, CrawlService } from './budget.ts';
import {
  addItems,
  addLeagues,
  addListedLeagues,
  type ClaimedLeague,
  claimItems,
  claimLeagues,
  type DraftState,
  type FoundLeague,
  forgetMflSearch,
  releaseItem,
  releaseLeague,
  type SkipReason,
} from './frontier.ts';
import { RunAbandoned, type RunSummary } from './jobs.ts';

/*
 * One crawl run: seed the frontier (configured leagues, Sleeper users to start from, and MFL searches
 * only where MFL has given its written permission),
 * then, per service and at that service's background pace, read due leagues first and expand the
 * frontier (a search, a user's league list) only when no league is due. A run ends when nothing is
 * left, when it has spent its request cap or its time, or when it is told to stop; what is left stays
 * in the frontier for the next run, on this server or another.
 */

export interface CrawlSettings {
  /** Walk Sleeper's user graph for public dynasty leagues (Sleeper's public, read-only API). */
  sleeperWalk: boolean;
  /**
   * Search MFL for leagues and read the ones found. MFL's terms forbid harvesting league data: only a
   * deployment with MFL's written permission turns this on. Off, leagues the search found earlier are
   * not read either.
   */
  mflSearch: boolean;
  /** MFL search terms. */
  searchTerms: readonly string[];
  /** Sleeper usernames or user ids to start the user walk from. */
  sleeperUsers: readonly string[];
  configured: readonly AdpSource[];
  /** Requests per service per run. */
  maxRequests: number;
  maxRunMs: number;
  leaseMs: number;
  /** Configured leagues are read again this often; 0 reads them once. */
  refreshMs: number;
}

export interface CrawlContext {
  db: Db;
  bg: BackgroundServices;
  /** The site's cache: new drafts bump the ADP answers' version in it. */
  cache: Cache;
  owner: string;
  log?: { warn(obj: object, msg: string): void };
  now?: () => number;
  /**
   * Waits between tries when a service is slow or refusing, ending early when `signal` aborts (tests
   * shorten it); the clock's by default.
   */
  sleep?: Clock['sleep'];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A service failing this many times in a row is left alone until the next run. */
const MAX_FAILURES_IN_ROW = 8;

/** Rookie drafts follow the NFL draft (late April): a league's next season is looked at from May 1. */
export function nextSeasonStart(nowMs: number): Date {
  const now = new Date(nowMs);
  const year = now.getUTCMonth() >= 4 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return new Date(Date.UTC(year, 4, 1));
}

/** When a league is due again after a read, from its rookie draft's state. */
export function nextReadAt(
  league: { service: AdpService; configured: boolean },
  state: DraftState,
  nowMs: number,
  refreshMs: number,
): Date | null {
  if (league.configured) return refreshMs > 0 ? new Date(nowMs + refreshMs) : null;
  switch (state) {
    case 'drafting':
      return new Date(nowMs + HOUR);
    case 'scheduled':
      return new Date(nowMs + DAY);
    case 'none':
      return new Date(nowMs + 7 * DAY);
    case 'complete':
      // A Sleeper league is one season; next season's league has a new id, found by the walk.
      return league.service === 'mfl' ? nextSeasonStart(nowMs) : null;
  }
}

/** League names that say what a search result is without reading it. */
export function skipByName(name: string | undefined): SkipReason | undefined {
  if (!name) return undefined;
  if (/\bmock\b/i.test(name)) return 'mock';
  if (/\bre-?draft\b/i.test(name)) return 'not-dynasty';
  return undefined;
}

/** Sleeper's settings.type: 0 redraft, 1 keeper, 2 dynasty. */
export const isSleeperDynasty = (league: SleeperLeague) => league.settings?.type === 2;

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

interface LeagueRead {
  drafts: DraftRecord[];
  startups?: StartupDraftRecord[];
  state: DraftState;
  skip?: SkipReason;
  url?: string;
  name?: string;
  /** Sleeper members to walk next. */
  users?: string[];
}

/** What every step of one run shares: its settings, its clients, its tally, and its end. */
interface Run {
  ctx: CrawlContext;
  settings: CrawlSettings;
  summary: RunSummary;
  signal: AbortSignal;
  stopped(): boolean;
  /** Stopped as a crashed server would be (see RunAbandoned): nothing is handed back. */
  abandoned(): boolean;
  now(): number;
  sleep: Clock['sleep'];
  /** Requests sent to each service since the run started. */
  used(service: CrawlService): number;
  /** The run's cap on a service is spent, or its time is up. */
  outOfBudget(service: CrawlService): boolean;
}

/**
 * One run (see above). `signal` ends it: every wait (a backoff, a service's Retry-After) and every
 * call waiting for its turn or in flight ends at once, and the run answers what it did so far.
 */
export function crawlOnce(
  ctx: CrawlContext,
  settings: CrawlSettings,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunSummary> {
  return endedBy(signal, async () => {
    const run = startRun(ctx, settings, signal);
    await seedFrontier(run);
    await Promise.all([serviceLoop(run, 'mfl'), serviceLoop(run, 'sleeper')]);
    run.summary.requests = { mfl: run.used('mfl'), sleeper: run.used('sleeper') };
    return run.summary;
  });
}

/** The run's shared state, from now. */
function startRun(ctx: CrawlContext, settings: CrawlSettings, signal: AbortSignal): Run {
  const now = ctx.now ?? Date.now;
  const startedAt = now();
  const startRequests = { ...ctx.bg.requests };
  const used = (s: CrawlService) => ctx.bg.requests[s] - startRequests[s];
  const summary: RunSummary = {
    requests: { mfl: 0, sleeper: 0 },
    errors: 0,
    leaguesRead: 0,
    leaguesFound: 0,
    drafts: 0,
    more: false,
  };
  return {
    ctx,
    settings,
    summary,
    signal,
    stopped: () => signal.aborted,
    abandoned: () => signal.reason instanceof RunAbandoned,
    now,
    sleep: ctx.sleep ?? realClock.sleep,
    used,
    outOfBudget: (s) => used(s) >= settings.maxRequests || now() - startedAt >= settings.maxRunMs,
  };
}

/** Seeds: listed leagues are always read; MFL searches and Sleeper users to start from only when turned on. */
async function seedFrontier({ ctx, settings, summary }: Run): Promise<void> {
  const { mfl, sleeper } = ctx.bg.services;
  if (settings.configured.length > 0) await addListedLeagues(ctx.db, settings.configured, 'configured');
  if (!settings.mflSearch) {
    // Turned off (or never on): what a search found earlier goes, as it may no longer be kept.
    const forgotten = await forgetMflSearch(ctx.db);
    if (forgotten > 0) await ctx.cache.incr(ADP_VERSION_KEY).catch(() => undefined);
  } else {
    const season = mfl.seasonYear();
    const terms = settings.searchTerms.filter((t) => t.trim().length >= 3);
    await addItems(
      ctx.db,
      'mfl-search',
      [season, season - 1].flatMap((y) => terms.map((t) => `${y}:${t.trim().toLowerCase()}`)),
    );
  }
  if (!settings.sleeperWalk) return;
  for (const name of settings.sleeperUsers) {
    try {
      const user = /^\d{6,20}$/.test(name) ? { user_id: name } : await sleeper.user(name);
      await addItems(ctx.db, 'sleeper-user', [user.user_id]);
    } catch (e) {
      summary.errors += 1;
      ctx.log?.warn({ user: name, error: errorText(e) }, 'rookie ADP: Sleeper user to start from not found');
    }
  }
}

/** An MFL league's rookie drafts and where its draft stands (a mock or redraft league found by a search is skipped unread). */
async function readMfl({ ctx }: Run, league: ClaimedLeague): Promise<LeagueRead> {
  const { mfl } = ctx.bg.services;
  if (!league.configured && league.source === 'discovered') {
    const skip = skipByName(league.name ?? undefined);
    if (skip) return { drafts: [], state: 'none', skip };
  }
  const season = mfl.seasonYear();
  // The first read follows the season the league was found in; later reads the current one.
  const year = league.readBefore ? season : (yearFromLeagueUrl(league.url ?? undefined) ?? season);
  const found = await readMflLeague(mfl, {
    league_id: league.leagueId,
    url: league.url ?? undefined,
    year,
  });
  // Answered from the client's cache: the read above just asked for it.
  const units = await mfl.draftResults({ league_id: league.leagueId, url: found.url, year });
  const slots = units.flatMap((u) => u.picks);
  const made = slots.filter((p) => p.player.trim() !== '').length;
  const open = made > 0 && made < slots.length;
  if (found.drafts.length > 0) return { ...found, state: open ? 'drafting' : 'complete' };
  if (made === 0) return { ...found, state: slots.length > 0 ? 'scheduled' : 'none' };
  return { ...found, state: 'complete', skip: 'no-rookie-draft' };
}

/** A Sleeper league's rookie drafts and where its draft stands (a league found that is not dynasty is skipped). */
async function readSleeper({ ctx }: Run, league: ClaimedLeague): Promise<LeagueRead> {
  const { sleeper } = ctx.bg.services;
  const info = await sleeper.league(league.leagueId);
  if (!league.configured && !isSleeperDynasty(info))
    return { drafts: [], state: 'none', skip: 'not-dynasty' };
  const drafts = await sleeper.drafts(league.leagueId);
  const found = await readSleeperLeague(sleeper, league.leagueId);
  const live = drafts.some((d) => d.status === 'drafting' || d.status === 'paused');
  const state: DraftState = live
    ? 'drafting'
    : found.drafts.length > 0
      ? 'complete'
      : drafts.some((d) => d.status === 'pre_draft')
        ? 'scheduled'
        : 'none';
  const skip =
    state === 'none' && drafts.some((d) => d.status === 'complete') ? 'no-rookie-draft' : undefined;
  return { ...found, state, skip, name: info.name ?? undefined };
}

/** When a league read (or skipped) is due again. */
function nextReadOf(run: Run, league: ClaimedLeague, read: LeagueRead, at: number): Date | null {
  if (read.skip === 'not-dynasty' || read.skip === 'mock') return null;
  if (read.skip === 'no-rookie-draft') return nextSeasonStart(at);
  return nextReadAt(league, read.state, at, run.settings.refreshMs);
}

/** Reads a claimed league (or, for a visitor's league read elsewhere, lists its members only). */
async function visitLeague(run: Run, league: ClaimedLeague, due: boolean): Promise<void> {
  const { ctx, summary } = run;
  const at = run.now();
  try {
    const read: LeagueRead = due
      ? league.service === 'mfl'
        ? await readMfl(run, league)
        : await readSleeper(run, league)
      : { drafts: [], state: 'complete' };
    if (league.service === 'sleeper' && !league.usersListed && !read.skip) {
      const members = await ctx.bg.services.sleeper.leagueUsers(league.leagueId);
      await addItems(
        ctx.db,
        'sleeper-user',
        members.map((m) => m.user_id),
      );
    }
    if (due) {
      for (const draft of read.drafts) await saveDraft(ctx.db, draft);
      // MFL startups only from connected and listed leagues, never from a search (decision 021).
      const startups =
        league.service === 'mfl' && league.source === 'discovered' ? [] : (read.startups ?? []);
      for (const startup of startups) await saveStartupDraft(ctx.db, startup);
      if (read.drafts.length + startups.length > 0)
        await ctx.cache.incr(ADP_VERSION_KEY).catch(() => undefined);
      await recordSuccess(ctx.db, league, {
        drafts: read.drafts.length,
        url: read.url,
        configured: league.configured,
        at: new Date(at),
      });
      summary.leaguesRead += 1;
      summary.drafts += read.drafts.length;
    }
    await releaseLeague(ctx.db, league, ctx.owner, {
      nextReadAt: due ? nextReadOf(run, league, read, at) : 'keep',
      skip: read.skip ?? null,
      draftState: due ? read.state : null,
      usersListed: league.service === 'sleeper' ? !read.skip : true,
      name: read.name,
    });
  } catch (e) {
    // Stopped part way: the league is handed back as it was, for the next run to read whole (an
    // abandoned server hands nothing back: its lease lapses).
    if (run.stopped()) {
      if (!run.abandoned()) await releaseLeague(ctx.db, league, ctx.owner, { nextReadAt: 'keep' });
      throw e;
    }
    const row = await recordFailure(ctx.db, league, {
      error: errorText(e),
      configured: league.configured,
      at: new Date(at),
      retryAt: (failures) => new Date(at + retryDelayMs(failures)),
    });
    await releaseLeague(ctx.db, league, ctx.owner, { nextReadAt: row.retryAt });
    throw e;
  }
}

/** The leagues one MFL search finds; this season's searches are repeated weekly, last season's list is final. */
async function searchMfl(
  { ctx, now }: Run,
  key: string,
): Promise<{ found: FoundLeague[]; dueAt: Date | null }> {
  const { mfl } = ctx.bg.services;
  const [year, ...rest] = key.split(':');
  const leagues = await mfl.leagueSearch(rest.join(':'), Number(year));
  return {
    found: leagues.map((l) => ({
      service: 'mfl',
      leagueId: l.league_id,
      url: l.url || undefined,
      name: l.name,
      skip: skipByName(l.name),
    })),
    dueAt: Number(year) >= mfl.seasonYear() ? new Date(now() + 7 * DAY) : null,
  };
}

/** A Sleeper user's leagues this season, looked at again next season. */
async function listSleeperUser(
  { ctx, now }: Run,
  userId: string,
): Promise<{ found: FoundLeague[]; dueAt: Date | null }> {
  const { sleeper } = ctx.bg.services;
  const state = await sleeper.state();
  const leagues = await sleeper.userLeagues(userId, state.league_season || state.season);
  for (const l of leagues) {
    // The list carries every league's settings: the read needs no second request for them.
    await ctx.bg.cache.set(`sleeper:league:${l.league_id}`, l, ttl.leagueSettings);
  }
  return {
    found: leagues.map((l) => ({
      service: 'sleeper',
      leagueId: l.league_id,
      name: l.name ?? undefined,
      skip: isSleeperDynasty(l) ? undefined : 'not-dynasty',
    })),
    dueAt: nextSeasonStart(now()),
  };
}

/** Widens the frontier by one search (MFL) or one user's league list (Sleeper). */
async function expand(run: Run, service: CrawlService, key: string): Promise<void> {
  const { ctx, summary } = run;
  const kind = service === 'mfl' ? 'mfl-search' : 'sleeper-user';
  try {
    const { found, dueAt } = service === 'mfl' ? await searchMfl(run, key) : await listSleeperUser(run, key);
    const added = await addLeagues(ctx.db, found);
    summary.leaguesFound += added;
    await releaseItem(ctx.db, kind, key, ctx.owner, { ok: true, found: added, dueAt });
  } catch (e) {
    if (run.stopped()) {
      if (!run.abandoned()) await releaseItem(ctx.db, kind, key, ctx.owner, { stopped: true });
      throw e;
    }
    const at = run.now();
    await releaseItem(ctx.db, kind, key, ctx.owner, {
      ok: false,
      error: errorText(e),
      retryAt: (failures) => new Date(at + retryDelayMs(failures)),
    });
    throw e;
  }
}

/** One unit of work for a service: a due league, else a search or a user. False: nothing to do. */
async function step(run: Run, service: CrawlService): Promise<boolean> {
  const { ctx, settings } = run;
  if (run.stopped()) return false;
  const [league] = await claimLeagues(ctx.db, service, ctx.owner, settings.leaseMs, 1, {
    // Without MFL's permission, MFL leagues that a search found are never read.
    discovered: service === 'sleeper' || settings.mflSearch,
  });
  if (league) {
    await visitLeague(run, league, league.due);
    return true;
  }
  if (!(service === 'mfl' ? settings.mflSearch : settings.sleeperWalk)) return false;
  const [key] = await claimItems(
    ctx.db,
    service === 'mfl' ? 'mfl-search' : 'sleeper-user',
    ctx.owner,
    settings.leaseMs,
    1,
  );
  if (!key) return false;
  await expand(run, service, key);
  return true;
}

/**
 * A service's workers (as many as its share of the concurrency), each taking one step after another
 * until the run stops, its budget is spent, the service keeps failing, or nobody has work left.
 */
async function serviceLoop(run: Run, service: CrawlService): Promise<void> {
  const { ctx, summary } = run;
  let busy = 0;
  let failuresInRow = 0;
  let backoffMs = 0;
  const worker = async () => {
    for (;;) {
      if (run.stopped()) return;
      if (run.outOfBudget(service) || failuresInRow >= MAX_FAILURES_IN_ROW) {
        summary.more = true;
        return;
      }
      busy += 1;
      let did = false;
      try {
        did = await step(run, service);
        failuresInRow = 0;
        backoffMs = 0;
      } catch (e) {
        // A step cut short by the stop is no failure of the service.
        if (run.stopped()) return;
        did = true;
        summary.errors += 1;
        failuresInRow += 1;
        // A service that refuses or answers garbage is given more and more room, never hammered.
        const refused = e instanceof LeagueServiceError && e.kind === 'rate-limited';
        backoffMs = Math.min(60_000, Math.max(refused ? 5_000 : 1_000, backoffMs * 2));
        ctx.log?.warn({ service, error: errorText(e) }, 'rookie ADP discovery: step failed');
      } finally {
        busy -= 1;
      }
      if (backoffMs > 0) await run.sleep(backoffMs, run.signal);
      if (!did) {
        // Others may still add work (a league's members); stop when nobody is busy.
        if (busy === 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const workers = ctx.bg.limits[service].concurrency;
  await Promise.all(Array.from({ length: workers }, worker));
}
