import type { StoredTrade, TradeFormat } from '#common/trades.ts';
// The league settings readers Rookie ADP uses: one reading of QB format and IDP for the whole site.
import {
  fleaIsIdp,
  fleaQbFormat,
  mflIsIdp,
  mflQbFormat,
  perCatchPoints,
  sleeperFacts,
} from '#server/adp-data/facts.ts';
import type { EspnLeague } from '#server/leagues/espn/schemas.ts';
import type { FleaClient } from '#server/leagues/flea/client.ts';
import type { FleaLeagueRules, FleaScoringRule, FleaTrade } from '#server/leagues/flea/schemas.ts';
import type { MflClient } from '#server/leagues/mfl/client.ts';
import { mflSeasonYear, yearFromLeagueUrl } from '#server/leagues/mfl/hosts.ts';
import type { MflPositionRules } from '#server/leagues/mfl/schemas.ts';
import type { MflLeagueRef } from '#server/leagues/mfl/session.ts';
import type { SleeperClient } from '#server/leagues/sleeper/client.ts';
import type { SleeperLeague } from '#server/leagues/sleeper/schemas.ts';
import { fleaTrades } from './parse-flea.ts';
import { mflTrades } from './parse-mfl.ts';
import { sleeperPickSlots, sleeperTrades } from './parse-sleeper.ts';

/*
 * Reads one league's completed trades from its service, with the league's facts. Each service is
 * asked as little as it allows: Sleeper per round (only the rounds not yet settled), MFL the season's
 * list at once, Fleaflicker its executed trades page by page. A league whose settings do not read
 * fails whole (to be tried again later); a trade that does not read is skipped and counted.
 */

export interface LeagueTrades {
  season: number;
  trades: StoredTrade[];
  /** Completed trades left out as malformed. */
  skipped: number;
  /** Sleeper: the last round read (the next read starts there, as it may still gain trades). */
  lastRound?: number;
}

/** The last round of a Sleeper season: 18 weeks, then the playoffs' weeks within them. */
export const SLEEPER_LAST_ROUND = 18;

export function sleeperFormat(league: SleeperLeague): TradeFormat {
  const facts = sleeperFacts(league);
  if (!facts) throw new Error('The league has no size.');
  const scoring = league.scoring_settings ?? {};
  return {
    size: facts.size,
    qbFormat: facts.qbFormat,
    ppr: scoring.rec ?? 0,
    tePremium: scoring.bonus_rec_te ?? 0,
    idp: facts.idp,
  };
}

/**
 * The rounds to ask for. A league's season still to come has only round 1 (Sleeper files off-season
 * moves there); one under way runs to the current week; one complete, to the last. The round read
 * last is read again: trades made since then may have landed in it.
 */
export function sleeperRounds(
  league: SleeperLeague,
  state: { season: string; week: number; leg?: number | null },
  fromRound: number | undefined,
): number[] {
  const season = Number(league.season);
  const current = Number(state.season);
  const last =
    league.status === 'complete' || season < current
      ? SLEEPER_LAST_ROUND
      : season > current
        ? 1
        : Math.min(SLEEPER_LAST_ROUND, Math.max(1, state.leg ?? state.week));
  const first = Math.min(last, Math.max(1, fromRound ?? 1));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export async function readSleeperTrades(
  sleeper: SleeperClient,
  leagueId: string,
  fromRound?: number,
): Promise<LeagueTrades> {
  const league = await sleeper.league(leagueId);
  const format = sleeperFormat(league);
  const season = Number(league.season);
  if (!Number.isInteger(season)) throw new Error('The league has no season.');
  const rounds = sleeperRounds(league, await sleeper.state(), fromRound);
  const transactions = [];
  for (const round of rounds) transactions.push(...(await sleeper.transactions(leagueId, round)));
  const trades = transactions.filter((t) => t.type === 'trade' && t.status === 'complete');
  const lastRound = rounds[rounds.length - 1];
  if (trades.length === 0) return { season, trades: [], skipped: 0, lastRound };
  // The players database (cached a day) says which ids are players; the draft order places picks.
  const known = new Set((await sleeper.players()).map((p) => p.player_id));
  const hasPicks = trades.some((t) => (t.draft_picks ?? []).length > 0);
  const [drafts, rosters] = hasPicks
    ? await Promise.all([sleeper.drafts(leagueId), sleeper.rosters(leagueId)])
    : [[], []];
  const parsed = sleeperTrades(trades, {
    leagueId,
    season,
    format,
    knownPlayer: (id) => known.has(id),
    slotOf: sleeperPickSlots(drafts, rosters, format.size),
  });
  return { season, trades: parsed.trades, skipped: parsed.skipped, lastRound };
}

/** Points per catch a position scores: the largest catch rule of each rule group that names it, added. */
function catchPoints(rules: readonly MflPositionRules[], position: string): number {
  return rules
    .filter((g) => g.positions.split('|').some((p) => p.trim().toUpperCase() === position))
    .reduce(
      (sum, g) =>
        sum +
        Math.max(
          0,
          ...g.rules
            .filter((r) => r.event.trim().toUpperCase() === 'CC')
            .map((r) => perCatchPoints(r.points)),
        ),
      0,
    );
}

/** PPR is a wide receiver's points per catch; TE premium what a tight end scores beyond that. */
export function mflFormat(
  league: Awaited<ReturnType<MflClient['league']>>,
  rules: readonly MflPositionRules[],
): TradeFormat {
  const ppr = catchPoints(rules, 'WR');
  return {
    size: league.franchises.length,
    qbFormat: mflQbFormat(league.starters),
    ppr,
    tePremium: Math.max(0, catchPoints(rules, 'TE') - ppr),
    idp: mflIsIdp(league.starters, league.idpStarters),
  };
}

/** An MFL league's format from its settings and rules (a private league with the member's log-in). */
export async function readMflFormat(
  mfl: MflClient,
  ref: MflLeagueRef,
  options?: Parameters<MflClient['league']>[1],
): Promise<TradeFormat> {
  const [league, rules] = await Promise.all([mfl.league(ref, options), mfl.rules(ref, options)]);
  return mflFormat(league, rules);
}

export async function readMflTrades(mfl: MflClient, ref: MflLeagueRef): Promise<LeagueTrades> {
  const season = ref.year ?? yearFromLeagueUrl(ref.url) ?? mfl.seasonYear();
  const direct: MflLeagueRef = { ...ref, year: season };
  const rows = await mfl.trades(direct);
  if (rows.length === 0) return { season, trades: [], skipped: 0 };
  const format = await readMflFormat(mfl, direct);
  if (format.size === 0) throw new Error('The league has no franchises.');
  const ids = rows
    .flatMap((r) => [...r.franchise1_gave_up, ...r.franchise2_gave_up])
    .filter((a) => /^\d+$/.test(a));
  const known = await mfl.playersById([...new Set(ids)], season);
  const parsed = mflTrades(rows, {
    leagueId: ref.league_id,
    season,
    format,
    knownPlayer: (id) => known.has(id),
  });
  return { season, trades: parsed.trades, skipped: parsed.skipped };
}

/** ESPN's stat id of a reception, and its lineup slot ids of a QB, a TE and the OP (any player) slot. */
const ESPN_RECEPTION = 53;
const ESPN_SLOT = { qb: '0', te: '6', op: '7' } as const;
/** ESPN's defensive player slots (DT to DP): a league starting any is IDP. */
const ESPN_IDP_SLOTS = ['8', '9', '10', '11', '12', '13', '14', '15'];

/** An ESPN league's format from its settings (view=mSettings). */
export function espnFormat(league: EspnLeague): TradeFormat {
  const settings = league.settings;
  const size = settings?.size ?? league.teams?.length;
  if (!size) throw new Error('The league has no size.');
  const slots = settings?.rosterSettings?.lineupSlotCounts ?? {};
  const reception = settings?.scoringSettings?.scoringItems.find((i) => i.statId === ESPN_RECEPTION);
  const ppr = reception?.points ?? 0;
  const tePpr = reception?.pointsOverrides?.[ESPN_SLOT.te] ?? ppr;
  const qbs = slots[ESPN_SLOT.qb] ?? 0;
  return {
    size,
    qbFormat: qbs >= 2 ? '2QB' : (slots[ESPN_SLOT.op] ?? 0) > 0 ? 'SF' : '1QB',
    ppr,
    tePremium: Math.max(0, tePpr - ppr),
    idp: ESPN_IDP_SLOTS.some((s) => (slots[s] ?? 0) > 0),
  };
}

/** Fleaflicker's scoring category of a catch. */
const FLEA_CATCH = 41;

/** Points per catch a Fleaflicker position scores: every catch rule that applies to it, added. */
function fleaCatchPoints(rules: FleaLeagueRules, position: string): number {
  const applies = (r: FleaScoringRule) =>
    r.applyTo && r.applyTo.length > 0 ? r.applyTo.some((p) => p.toUpperCase() === position) : !!r.applyToAll;
  return rules.groups
    .flatMap((g) => g.scoringRules)
    .filter((r) => (r.category?.id === FLEA_CATCH || r.category?.abbreviation === 'Rec') && applies(r))
    .reduce((sum, r) => {
      const per = r.pointsPer?.value ?? (r.points?.value ?? 0) / Math.max(1, r.forEvery ?? 1);
      return sum + (Number.isFinite(per) ? per : 0);
    }, 0);
}

/**
 * A Fleaflicker league's format from its rules (FetchLeagueRules: starting slots and scoring) and
 * its number of teams (the rules do not say it; FetchLeagueRosters lists one roster a team).
 */
export function fleaFormat(rules: FleaLeagueRules, teams: number): TradeFormat {
  if (!(teams > 0)) throw new Error('The league has no teams.');
  const ppr = fleaCatchPoints(rules, 'WR');
  return {
    size: teams,
    qbFormat: fleaQbFormat(rules.rosterPositions),
    ppr,
    tePremium: Math.max(0, fleaCatchPoints(rules, 'TE') - ppr),
    idp: fleaIsIdp(rules.rosterPositions),
  };
}

/** When a Fleaflicker trade happened (approved, else set to execute), epoch ms; NaN when neither. */
const fleaTradeTime = (t: FleaTrade) => Number(t.approvedOn ?? t.tentativeExecutionTime);

/** The league's format: its rules and its rosters (one a team), both cached as league settings. */
export async function readFleaFormat(flea: FleaClient, leagueId: string): Promise<TradeFormat> {
  const [rules, rosters] = await Promise.all([flea.leagueRules(leagueId), flea.leagueRosters(leagueId)]);
  return fleaFormat(rules, rosters.length);
}

/**
 * Fleaflicker lists a league's executed trades (FetchTrades, TRADES_COMPLETED, paged); only when
 * there are some are its rules and rosters asked, for the format. Each trade belongs to the NFL
 * season of its date. A pick is placed by its slot where Fleaflicker gives it, else left unknown.
 * Fleaflicker names only its own players in a trade, so every positive player id is one it knows.
 */
export async function readFleaTrades(
  flea: FleaClient,
  leagueId: string,
  nowMs: number,
): Promise<LeagueTrades> {
  const season = mflSeasonYear(nowMs);
  const executed = (await flea.trades(leagueId)).filter((t) => t.status === 'TRADE_STATUS_EXECUTED');
  if (executed.length === 0) return { season, trades: [], skipped: 0 };
  const format = await readFleaFormat(flea, leagueId);
  const bySeason = new Map<number, FleaTrade[]>();
  for (const t of executed) {
    const at = fleaTradeTime(t);
    // A trade without a time is skipped by the parser; it is read with the current season.
    const of = Number.isFinite(at) && at > 0 ? mflSeasonYear(at) : season;
    bySeason.set(of, [...(bySeason.get(of) ?? []), t]);
  }
  const result: LeagueTrades = { season, trades: [], skipped: 0 };
  for (const [of, trades] of bySeason) {
    const parsed = fleaTrades(trades, {
      leagueId,
      season: of,
      format,
      knownPlayer: (id) => /^[1-9]\d*$/.test(id),
    });
    result.trades.push(...parsed.trades);
    result.skipped += parsed.skipped;
  }
  return result;
}
