import { sql } from 'drizzle-orm';
import type { StoredTrade } from '#common/trades.ts';
import {
  allValueFormats,
  formatKey,
  pickKey,
  pickName,
  type ValueFormat,
  type ValueRow,
} from '#common/values.ts';
import { type AdpFilter, queryAdp } from '#server/adp-data/adp-query.ts';
import { type JobLoop, type RunSummary, startJobLoop } from '#server/adp-data/discovery/jobs.ts';
import { isoDay } from '#server/adp-data/mfl-copies.ts';
import type { Cache } from '#server/cache.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { positionFamily } from '#server/leagues/player-names.ts';
import type { PlayerIdentity } from '#server/leagues/players.ts';
import { type IdentityIndex, identityIndex } from '#server/tools/shared/identity.ts';
import { listTrades } from '../trades/store.ts';
import {
  adpPrior,
  fitValues,
  heldOutFit,
  type ModelFit,
  type ModelTrade,
  pickStartupEquivalent,
} from './model.ts';
import { saveValueSet, type ValueSet } from './store.ts';

/*
 * The values job (decision 036): in the jobs framework (decision 013), so one server runs it however
 * many share the database, never at a visitor's request. A run reads the stored trades of the last
 * 400 days (older ones weigh under 1%), joins each player across services through the players list,
 * fits every format as of now and as of 30 days ago (the trend), and replaces each format's set.
 */

export const VALUES_JOB = 'market-values';
/** The cache counter in every values answer's key: a new set makes the old answers unreachable. */
export const VALUES_VERSION_KEY = 'market-values:version';
/** How often the job looks whether values are due (a query; see valuesDue). */
export const VALUES_CHECK_MS = 60_000;
/** New trades refit the values at most this often. */
export const REFIT_MS = 60 * 60_000;
const DAY = 86_400_000;
const TRADE_DAYS = 400;
const TREND_DAYS = 30;
/** A format's held-out fit is reported from this many trades of exactly it. */
const HELD_OUT_MIN = 50;

export interface ValuesContext {
  db: Db;
  cache?: Cache;
  /** The merged players list (the identity join); a failure fails the run, which is retried. */
  players: () => Promise<readonly PlayerIdentity[]>;
  now: () => number;
  /** Tests: fewer formats. */
  formats?: readonly ValueFormat[];
}

export interface ValuesRun {
  formats: number;
  trades: number;
  /** Trades naming a player the players list does not know: left out whole. */
  unknown: number;
}

const IDP_FAMILIES = new Set(['DL', 'LB', 'DB']);
const idField = { mfl: 'byMfl', sleeper: 'bySleeper', flea: 'byFlea' } as const;

/** The trades as the model takes them: players as one asset across services, picks by season, round and slot. */
export function modelTrades(
  trades: readonly StoredTrade[],
  index: IdentityIndex,
): { trades: ModelTrade[]; unknown: number } {
  const out: ModelTrade[] = [];
  let unknown = 0;
  for (const t of trades) {
    const ids = index[idField[t.service]];
    const sides = t.sides.map((s) => ({
      assets: [
        ...s.players.map((id) => {
          const p = ids.get(id);
          return p ? `player:${p.id}` : undefined;
        }),
        ...s.picks.map((p) => pickKey(p.season, p.round, p.slot)),
      ],
      faab: s.faab,
    }));
    if (sides.some((s) => s.assets.includes(undefined))) {
      unknown++;
      continue;
    }
    out.push({
      id: `${t.service}:${t.tradeId}`,
      at: t.tradedAt.getTime(),
      service: t.service,
      format: t.format,
      sides: sides as ModelTrade['sides'],
    });
  }
  return { trades: out, unknown };
}

/** The NFL season a day belongs to (a season's players are "rookies" from its draft to the next March). */
const nflSeason = (now: number) => {
  const d = new Date(now);
  return d.getUTCMonth() < 2 ? d.getUTCFullYear() - 1 : d.getUTCFullYear();
};
/** The first season whose picks are still to be made: rookie drafts end by August. */
const firstPickSeason = (now: number) => {
  const d = new Date(now);
  return d.getUTCMonth() >= 8 ? d.getUTCFullYear() + 1 : d.getUTCFullYear();
};

/**
 * Startup ADP (snake) of the last year as values, per player of the list: the format's size and QB
 * family from both services, drafts weighing each service's average; all sizes when the size has
 * fewer than five startups.
 */
export async function startupPriors(
  db: Db,
  index: IdentityIndex,
  f: ValueFormat,
  now: number,
): Promise<Map<string, number>> {
  const types: AdpFilter['types'] = f.qb === 'SF' ? ['SF', '2QB'] : ['1QB'];
  const window = { startDate: isoDay(now - 365 * DAY), endDate: isoDay(now) };
  const sums = new Map<string, { sum: number; n: number }>();
  for (const service of ['sleeper', 'mfl'] as const) {
    const filter = (sizes: AdpFilter['sizes']): AdpFilter => ({
      service,
      sizes,
      types,
      idp: 0,
      ppr: 0,
      ...window,
    });
    let tally = await queryAdp(db, filter([f.teams]), { draft: 'startup', kind: 'snake' });
    if (tally.totalLeagues < 5)
      tally = await queryAdp(db, filter([10, 12, 14]), { draft: 'startup', kind: 'snake' });
    const ids = service === 'mfl' ? index.byMfl : index.bySleeper;
    for (const p of tally.players) {
      const person = ids.get(p.id);
      if (!person) continue;
      const key = `player:${person.id}`;
      const s = sums.get(key) ?? { sum: 0, n: 0 };
      s.sum += p.adp * p.drafts;
      s.n += p.drafts;
      sums.set(key, s);
    }
  }
  return new Map([...sums].map(([k, s]) => [k, adpPrior(s.sum / s.n)]));
}

function rowsOf(
  fit: ModelFit,
  before: ModelFit,
  index: IdentityIndex,
  now: number,
): (ValueRow & { tradeIds: string[] })[] {
  const rows: (ValueRow & { tradeIds: string[] })[] = [];
  const rookieYear = nflSeason(now);
  const firstSeason = firstPickSeason(now);
  for (const v of fit.values.values()) {
    const then = before.values.get(v.asset);
    const common = {
      asset: v.asset,
      value: v.value,
      error: v.error,
      previous: then && !then.thin ? then.value : null,
      trades: v.trades,
      thin: v.thin,
      tradeIds: v.tradeIds,
    };
    if (v.asset.startsWith('pick:')) {
      const [, season, round, slot] = v.asset.split(':');
      if (Number(season) < firstSeason) continue;
      rows.push({
        ...common,
        kind: 'pick',
        name: pickName(Number(season), Number(round), slot),
        position: 'PICK',
        team: '',
        rookie: false,
        ids: [],
      });
      continue;
    }
    const p = index.byId.get(v.asset.slice('player:'.length));
    if (!p) continue;
    rows.push({
      ...common,
      kind: 'player',
      name: p.name,
      position: p.position,
      team: p.team,
      rookie: p.draftYear === rookieYear,
      ids: [
        p.sleeper_id && `sleeper:${p.sleeper_id}`,
        p.mfl_id && `mfl:${p.mfl_id}`,
        p.flea_id && `flea:${p.flea_id}`,
      ].filter((x): x is string => Boolean(x)),
    });
  }
  return rows;
}

/** One run: every format fitted and stored; `signal` ends it between formats (the next run does all again). */
export async function computeValues(ctx: ValuesContext, signal?: AbortSignal): Promise<ValuesRun> {
  const now = ctx.now();
  const stored = await listTrades(ctx.db, { from: new Date(now - TRADE_DAYS * DAY), to: new Date(now + 1) });
  const players = await ctx.players();
  const index = identityIndex(players);
  const { trades, unknown } = modelTrades(stored, index);
  const isIdp = (asset: string) =>
    asset.startsWith('player:') &&
    IDP_FAMILIES.has(positionFamily(index.byId.get(asset.slice(7))?.position) ?? '');
  const priors = new Map<string, Map<string, number>>();
  let formats = 0;
  for (const format of ctx.formats ?? allValueFormats()) {
    if (signal?.aborted) break;
    const priorKey = `${format.teams}-${format.qb}`;
    let adp = priors.get(priorKey);
    if (!adp) {
      adp = await startupPriors(ctx.db, index, format, now);
      priors.set(priorKey, adp);
    }
    const known = adp;
    const prior = (asset: string) => {
      if (!asset.startsWith('pick:')) return known.get(asset);
      const [, , round, slot] = asset.split(':');
      return adpPrior(pickStartupEquivalent(Number(round), slot, format.teams));
    };
    const options = { format, now, prior, isIdp };
    // Each fit holds the event loop (1.4 s at 100,000 trades): the server answers in between.
    const yieldNow = () => new Promise((resolve) => setImmediate(resolve));
    await yieldNow();
    const fit = fitValues(trades, options);
    await yieldNow();
    const before = fitValues(trades, { ...options, now: now - TREND_DAYS * DAY });
    await yieldNow();
    const held = fit.exact >= HELD_OUT_MIN ? heldOutFit(trades, options) : undefined;
    const set: ValueSet = {
      format: formatKey(format),
      computedAt: new Date(now),
      trades: fit.used,
      exact: fit.exact,
      outliers: fit.outliers,
      services: fit.services,
      from: fit.from === null ? null : new Date(fit.from),
      to: fit.to === null ? null : new Date(fit.to),
      heldOutError: held && Number.isFinite(held.median) ? held.median : null,
      rows: rowsOf(fit, before, index, now),
    };
    await saveValueSet(ctx.db, set);
    formats++;
  }
  if (formats > 0) await ctx.cache?.incr(VALUES_VERSION_KEY).catch(() => undefined);
  return { formats, trades: trades.length, unknown };
}

/**
 * Whether a run has work: trades and no values yet; trades read since the last set once `refitMs`
 * has passed since it (a busy market refits at most that often: a run at 100,000 trades is minutes
 * of CPU); or a day since it (recency moves values even without new trades).
 */
export async function valuesDue(db: Db, now: number, refitMs: number = REFIT_MS): Promise<boolean> {
  const [r] = await queryRows<{ computed: Date | string | null; read: Date | string | null }>(
    db,
    sql`SELECT (SELECT min(computed_at) FROM market_value_sets) AS computed,
               (SELECT max(read_at) FROM league_trades) AS read`,
  );
  if (!r || r.read === null) return false;
  if (r.computed === null) return true;
  const computed = new Date(r.computed).getTime();
  return now - computed >= DAY || (new Date(r.read).getTime() > computed && now - computed >= refitMs);
}

export interface ValuesJob {
  loop: JobLoop;
  stop(): Promise<void>;
}

export function startValuesJob(
  ctx: ValuesContext & {
    log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
    pollMs?: number;
    leaseMs?: number;
    owner?: string;
    refitMs?: number;
  },
): ValuesJob {
  const loop = startJobLoop({
    db: ctx.db,
    name: VALUES_JOB,
    owner: ctx.owner,
    intervalMs: VALUES_CHECK_MS,
    backlogMs: VALUES_CHECK_MS,
    leaseMs: ctx.leaseMs ?? 5 * 60_000,
    pollMs: ctx.pollMs ?? 60_000,
    log: ctx.log,
    run: async (signal): Promise<RunSummary> => {
      const summary = (formats: number, errors: number): RunSummary => ({
        requests: { mfl: 0, sleeper: 0 },
        errors,
        leaguesRead: 0,
        leaguesFound: 0,
        drafts: formats,
        more: false,
      });
      if (!(await valuesDue(ctx.db, ctx.now(), ctx.refitMs))) return summary(0, 0);
      const run = await computeValues(ctx, signal);
      return summary(run.formats, run.unknown);
    },
  });
  return { loop, stop: () => loop.stop() };
}
