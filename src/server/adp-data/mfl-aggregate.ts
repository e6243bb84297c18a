import {
  type AdpLeagueSize,
  type AdpPlayer,
  type AdpSource,
  type AdpTally,
  adpWindow,
  formatMdy,
  type TriState,
} from '#common/rookie-adp.ts';
import type { Loader } from '#server/cache.ts';
import { ttl } from '#server/leagues/cache-policy.ts';
import type { MflClient } from '#server/leagues/mfl/client.ts';
import { mflSeasonYear } from '#server/leagues/mfl/hosts.ts';
import type { MflAdp, MflPlayer } from '#server/leagues/mfl/schemas.ts';
import { mflDisplayName } from '#server/leagues/player-names.ts';
import { recordAdpAnswer } from '#server/ops/metrics.ts';
import type { AdpFilter } from './adp-query.ts';

/*
 * MFL Rookie ADP from MFL's own aggregate (`TYPE=adp`, league-services.md 1.4), decision 018. MFL
 * documents no end date (DAYS is said to be ignored, TIME is not documented), one season per answer
 * (`/<year>/`), and no QB-format or IDP filter; so its answer is "this season's real rookie-only drafts
 * up to now", one answer per league size, combined here exactly. Filters it cannot answer go to the
 * site's own store (routes.ts), with the reason in words.
 */

const DAY = 86_400_000;

/**
 * MFL leaves out players under CUTOFF percent of the drafts, and warns that values below 5 give
 * unpredictable results: 5 is the lowest it answers reliably, so each size is asked at 5. A player
 * under 5 % of one size's drafts is missing from that size's answer and counts 0 picks from it (his
 * combined share and ADP rest on the sizes that list him), which understates only players near 5 %.
 */
export const MFL_CUTOFF = 5;

/** The page's PPR select (Any 0, Yes 1, No -1) as MFL's IS_PPR (-1 all, 1 PPR, 0 non-PPR). */
export const toMflIsPpr = (ppr: TriState): -1 | 0 | 1 => (ppr === 0 ? -1 : ppr === 1 ? 1 : 0);

/** An MFL season's window, epoch ms: 1 March (UTC) up to the next 1 March, as mflSeasonYear counts. */
export const mflSeasonWindow = (season: number) => ({
  startTime: Date.UTC(season, 2, 1),
  endTime: Date.UTC(season + 1, 2, 1),
});

const STORE_INSTEAD = 'These numbers come from the MFL rookie drafts this site has read instead.';

/**
 * Why MFL's aggregate cannot answer a filter, in words for the page's banner, or undefined when it
 * can: IDP Yes or No, a QB-format subset, or a window that is not "this MFL season up to today". A
 * window's end may be yesterday in UTC (visitors west of UTC are still on that day).
 */
export function aggregateRefusal(f: AdpFilter, nowMs: number): string | undefined {
  const reasons = aggregateRefusalReasons(f, nowMs);
  return reasons.length > 0 ? `${reasons.join(' ')} ${STORE_INSTEAD}` : undefined;
}

/** aggregateRefusal's reasons, one sentence each (none: MFL's aggregate answers the filter). */
export function aggregateRefusalReasons(f: AdpFilter, nowMs: number): string[] {
  const reasons: string[] = [];
  if (f.idp !== 0) reasons.push("MFL's own ADP cannot tell IDP leagues from the others.");
  if (f.types.length < 3) reasons.push("MFL's own ADP cannot tell 1QB, superflex and 2QB leagues apart.");
  const { startTime, endTime } = adpWindow(f.startDate, f.endDate);
  const current = mflSeasonYear(nowMs);
  const today = Math.floor(nowMs / DAY) * DAY;
  const season = mflSeasonYear(startTime);
  if (season !== mflSeasonYear(endTime - 1))
    reasons.push(
      "MFL's own ADP covers one season at a time (seasons turn over on March 1), and these dates span two.",
    );
  else if (season !== current)
    reasons.push(
      `MFL's own ADP covers the ${current} season so far (seasons turn over on March 1), and these dates are in the ${season} season.`,
    );
  else if (endTime < today)
    reasons.push(
      `MFL's own ADP covers this season's drafts up to today, and these dates end on ${formatMdy(f.endDate)}.`,
    );
  return reasons;
}

/**
 * When MFL's aggregate answers dates other than the chosen ones (it is its season so far, whatever
 * the dates), the banner's words naming both; undefined when they are the same days.
 */
export function aggregateCoverage(
  f: Pick<AdpFilter, 'startDate' | 'endDate'>,
  answered: { startTime: number; endTime: number },
  season: number,
): string | undefined {
  const first = isoDay(answered.startTime);
  const last = isoDay(answered.endTime - DAY);
  if (first === f.startDate && last === f.endDate) return undefined;
  // Said of MFL, not of the visitor: the dates may be the page's defaults, which nobody chose.
  return `These figures are MFL's own ADP over its whole ${season} season so far, ${formatMdy(first)} to ${formatMdy(last)}: MFL does not cut them to the dates above (${formatMdy(f.startDate)} to ${formatMdy(f.endDate)}).`;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The answer's source: MFL's aggregate, what it covers, and (MFL slow or down) the shown answer's time. */
export function aggregateSource(season: number, staleSince?: number): AdpSource {
  return {
    kind: 'mfl-aggregate',
    note: `From MFL's own ADP of real rookie-only drafts on MFL, ${season} season so far: MFL's figures cover the whole season up to its latest count and cannot be cut to the dates chosen here. Players under ${MFL_CUTOFF}% of a league size's drafts are not in MFL's figures for that size.`,
    ...(staleSince === undefined ? {} : { staleSince }),
  };
}

/** What the combination needs of one size's answer. */
export type SizeAnswer = Pick<MflAdp, 'totalDrafts' | 'players'>;

/**
 * The sizes' answers combined exactly (pure): a player's ADP is Σ(averagePick × draftsSelectedIn) /
 * Σ draftsSelectedIn over the sizes that list him, his earliest and latest picks are the extremes
 * across sizes, his share is Σ draftsSelectedIn / Σ totalDrafts. A size whose answer leaves him out
 * (under its CUTOFF) adds 0 picks to his sum and its drafts to the total. Only rookies are kept
 * (`rookie` answers them by MFL id): MFL's rookie-only drafts also take devy and veteran players. No
 * minimum share is applied here: the page's is applied after combining.
 */
export function combineSizes(
  answers: readonly SizeAnswer[],
  rookie: (id: string) => { name: string; position: string } | undefined,
): Pick<AdpTally, 'players' | 'totalLeagues'> {
  const totalLeagues = answers.reduce((sum, a) => sum + a.totalDrafts, 0);
  const byId = new Map<string, { weighted: number; drafts: number; min: number; max: number }>();
  for (const answer of answers)
    for (const p of answer.players) {
      const drafts = p.draftsSelectedIn ?? 0;
      if (p.averagePick === null || drafts <= 0) continue;
      const min = p.minPick ?? Math.floor(p.averagePick);
      const max = p.maxPick ?? Math.ceil(p.averagePick);
      const sum = byId.get(p.id);
      if (sum) {
        sum.weighted += p.averagePick * drafts;
        sum.drafts += drafts;
        sum.min = Math.min(sum.min, min);
        sum.max = Math.max(sum.max, max);
      } else byId.set(p.id, { weighted: p.averagePick * drafts, drafts, min, max });
    }
  const players: AdpPlayer[] = [];
  for (const [id, sum] of byId) {
    const who = rookie(id);
    if (!who) continue;
    players.push({
      id,
      name: who.name,
      position: who.position,
      adp: sum.weighted / sum.drafts,
      minPick: sum.min,
      maxPick: sum.max,
      drafts: sum.drafts,
      draftShare: totalLeagues > 0 ? sum.drafts / totalLeagues : 0,
    });
  }
  players.sort((a, b) => a.adp - b.adp || b.drafts - a.drafts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { players, totalLeagues };
}

/** MFL's rookies of a season (draft_year equal to it), by id, from its player database. */
export function rookiesOf(players: ReadonlyMap<string, MflPlayer>, season: number) {
  return (id: string) => {
    const p = players.get(id);
    return p && p.draft_year === String(season)
      ? { name: mflDisplayName(p.name), position: p.position }
      : undefined;
  };
}

export interface AggregateRequest {
  sizes: readonly AdpLeagueSize[];
  ppr: TriState;
  season: number;
}

/**
 * Asks MFL once per size (in parallel) and combines the answers. The players come from MFL's player
 * database, which the site keeps for a day (the player search reads it too), so three sizes cost
 * three calls (without it cached, it is read alongside them); players it lacks are asked by id once.
 * The window is what MFL applied: the season's start up to the day of its answer (the earliest of
 * the sizes' timestamps).
 */
export async function readMflAggregate(mfl: MflClient, req: AggregateRequest): Promise<AdpTally> {
  // The player database is read while MFL counts (a cache hit on most days; playersById uses it).
  const database = mfl.players(req.season).catch(() => undefined);
  const answers = await Promise.all(
    req.sizes.map((fcount) =>
      mfl.adp(
        {
          period: 'ALL',
          fcount,
          isPpr: toMflIsPpr(req.ppr),
          isKeeper: 'R',
          isMock: 0,
          cutoff: MFL_CUTOFF,
        },
        req.season,
      ),
    ),
  );
  const ids = [...new Set(answers.flatMap((a) => a.players.map((p) => p.id)))];
  await database;
  const players = ids.length > 0 ? await mfl.playersById(ids, req.season) : new Map<string, MflPlayer>();
  const season = mflSeasonWindow(req.season);
  const stamps = answers.map((a) => a.timestamp).filter((t): t is number => t !== null && t > 0);
  const madeAt = stamps.length > 0 ? Math.min(...stamps) * 1000 : Date.now();
  const endTime = Math.min(season.endTime, Math.max(season.startTime, Math.floor(madeAt / DAY) * DAY + DAY));
  return { ...combineSizes(answers, rookiesOf(players, req.season)), startTime: season.startTime, endTime };
}

/** The last good answer of a filter, and when the site got it (epoch ms). */
interface Kept {
  tally: AdpTally;
  fetchedAt: number;
}

/** What the operator sees of MFL's aggregate (admin data page, /metrics). */
export interface AggregateStatus {
  /** The latest answer MFL gave: when, for which filter, over how many drafts, up to which day (exclusive end). */
  lastGood?: { at: number; sizes: number[]; ppr: TriState; drafts: number; coversUntil: number };
  /** The latest failure (MFL down, slow, refusing). */
  lastFailure?: { at: number; message: string };
}

export type AggregateOutcome =
  | { ok: true; tally: AdpTally; staleSince?: number }
  | { ok: false; message: string };

export interface MflAggregateOptions {
  mfl: MflClient;
  load: Loader;
  now?: () => number;
  /** How long MFL may take before the last good answer stands in (default 4 s). */
  waitMs?: number;
  /** How long to wait for MFL when there is no last good answer (default 20 s). */
  patienceMs?: number;
}

/** Answers are fresh for hours: MFL's aggregate over thousands of drafts moves slowly. */
export const AGGREGATE_TTL_MS = ttl.adp;
/** The last good answer per filter is kept for a month, for the days MFL is slow or down. */
const LAST_GOOD_TTL_MS = 30 * DAY;
/** After a failure MFL is not asked again for the same filter for a minute (MFL asks clients not to retry at once). */
const FAILURE_PAUSE_MS = 60_000;
const STATUS_KEY = 'rookie-adp:mfl-aggregate:status';

/** The cache keys of a filter: its fresh answer, its last good one, and the pause after a failure. */
export function aggregateKeys(req: AggregateRequest) {
  const filter = `${req.season}:${req.sizes.join(',')}:${req.ppr}`;
  return {
    fresh: `rookie-adp:mfl-aggregate:${filter}`,
    lastGood: `rookie-adp:mfl-aggregate-last-good:${filter}`,
    pause: `rookie-adp:mfl-aggregate-failed:${filter}`,
  };
}

type Settled<T> = { value: T } | { error: unknown } | 'waiting';

/** The promise's outcome if it settles within ms, else 'waiting' (it goes on). */
async function within<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<'waiting'>((resolve) => {
    timer = setTimeout(() => resolve('waiting'), Math.max(0, ms));
  });
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      waited,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * MFL's aggregate through the cache: a fresh answer for hours; when MFL is slow or down, the filter's
 * last good answer with the time it was got; without one, an error that says which.
 */
export function createMflAggregate(options: MflAggregateOptions) {
  const { mfl, load } = options;
  const now = options.now ?? Date.now;
  const waitMs = options.waitMs ?? 4_000;
  const patienceMs = Math.max(waitMs, options.patienceMs ?? 20_000);

  async function noteStatus(change: AggregateStatus) {
    const status = (await load.kept<AggregateStatus>(STATUS_KEY)) ?? {};
    await load.keep(STATUS_KEY, { ...status, ...change }, LAST_GOOD_TTL_MS);
  }

  async function fetchFresh(req: AggregateRequest, keys: { pause: string; lastGood: string }) {
    if (await load.kept(keys.pause)) throw new Error('it failed a moment ago and is asked again shortly');
    try {
      const tally = await readMflAggregate(mfl, req);
      const fetchedAt = now();
      await load.keep<Kept>(keys.lastGood, { tally, fetchedAt }, LAST_GOOD_TTL_MS);
      await noteStatus({
        lastGood: {
          at: fetchedAt,
          sizes: [...req.sizes],
          ppr: req.ppr,
          drafts: tally.totalLeagues,
          coversUntil: tally.endTime,
        },
      });
      return { tally, fetchedAt };
    } catch (e) {
      await load.keep(keys.pause, 1, FAILURE_PAUSE_MS);
      await noteStatus({ lastFailure: { at: now(), message: messageOf(e) } });
      throw e;
    }
  }

  return {
    async answer(req: AggregateRequest): Promise<AggregateOutcome> {
      const keys = aggregateKeys(req);
      const fresh = load<Kept>(keys.fresh, AGGREGATE_TTL_MS, () => fetchFresh(req, keys));
      let settled = await within(fresh, waitMs);
      if (settled !== 'waiting' && 'value' in settled) {
        recordAdpAnswer('mfl-aggregate', 'current');
        return { ok: true, tally: settled.value.tally };
      }
      const kept = await load.kept<Kept>(keys.lastGood);
      if (kept) {
        recordAdpAnswer('mfl-aggregate', 'stale');
        return { ok: true, tally: kept.tally, staleSince: kept.fetchedAt };
      }
      // Nothing to stand in: wait for MFL a while longer before giving up.
      if (settled === 'waiting') settled = await within(fresh, patienceMs - waitMs);
      if (settled !== 'waiting' && 'value' in settled) {
        recordAdpAnswer('mfl-aggregate', 'current');
        return { ok: true, tally: settled.value.tally };
      }
      recordAdpAnswer('mfl-aggregate', 'none');
      if (settled === 'waiting') {
        // The read goes on (within() handles its outcome) and is kept for the next visitor.
        await noteStatus({ lastFailure: { at: now(), message: `no answer within ${patienceMs / 1000} s` } });
        return {
          ok: false,
          message: `MFL's ADP is slow right now: it has not answered within ${patienceMs / 1000} seconds, and the site has no earlier answer for these filters yet. Try again in a minute.`,
        };
      }
      return {
        ok: false,
        message: `MFL's ADP is not available right now (${messageOf(settled.error)}), and the site has no earlier answer for these filters yet. Try again later.`,
      };
    },

    /** The operator's view: the latest answer and failure. */
    status: () => load.kept<AggregateStatus>(STATUS_KEY).then((s) => s ?? {}),
  };
}

export type MflAggregate = ReturnType<typeof createMflAggregate>;
