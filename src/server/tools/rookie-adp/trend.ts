import { sql } from 'drizzle-orm';
import {
  ADP_SERVICE_NAMES,
  type AdpMonthsAnswer,
  type AdpTally,
  type AdpTrend,
  formatMdy,
  MIN_TREND_DRAFTS,
  TREND_DAYS,
  trendOf,
  trendPeriods,
} from '#common/rookie-adp.ts';
import { type AdpFilter, factConditions, queryAdp } from '#server/adp-data/adp-query.ts';
import { nextMonth } from '#server/adp-data/months.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';

/*
 * Trends and month-by-month ADP from the site's store (issue 26). A trend compares a player's ADP in
 * the 30 days ending at the window's end with the 30 days before, over the drafts that match the
 * same filter; the months come from the monthly totals. MFL's own aggregate counts the season as a
 * whole and cannot be split by date: its trends and months are derived from the copies of its counts
 * the site keeps (mfl-copies.ts, decision 025).
 */

/** The trend note of the store's answers: the periods compared and the rule. */
function storeTrendNote(service: AdpFilter['service'], periods: ReturnType<typeof trendPeriods>): string {
  const { recent, prior } = periods;
  return `Trend: ADP in the ${TREND_DAYS} days from ${formatMdy(recent.startDate)} to ${formatMdy(recent.endDate)} minus ADP in the ${TREND_DAYS} days from ${formatMdy(prior.startDate)} to ${formatMdy(prior.endDate)}, from the same ${ADP_SERVICE_NAMES[service]} rookie drafts this site has read (▲ negative: taken earlier, rising). Shown for players taken in at least ${MIN_TREND_DRAFTS} drafts of each period.`;
}

/** The store's answer for a filter with each player's trend (the window's numbers are queryAdp's). */
export async function queryAdpWithTrend(db: Db, f: AdpFilter): Promise<AdpTally> {
  const periods = trendPeriods(f.endDate);
  const [tally, recent, prior] = await Promise.all([
    queryAdp(db, f),
    queryAdp(db, { ...f, ...periods.recent }),
    queryAdp(db, { ...f, ...periods.prior }),
  ]);
  const recentById = new Map(recent.players.map((p) => [p.id, p]));
  const priorById = new Map(prior.players.map((p) => [p.id, p]));
  const players = tally.players.map((p) => {
    const trend = trendOf(recentById.get(p.id), priorById.get(p.id));
    return trend === undefined ? p : { ...p, trend };
  });
  const trend: AdpTrend = { ...periods, note: storeTrendNote(f.service, periods) };
  return { ...tally, players, trend };
}

/** How many months the month-by-month chart covers, up to the window's end. */
export const MONTHS_SHOWN = 12;

/**
 * One player's ADP month by month (UTC months by draft start) under the filter's league facts, over
 * the 12 months up to the one the window ends in, from the monthly totals. Months without a draft
 * taking him are left out.
 */
export async function queryPlayerMonths(db: Db, f: AdpFilter, playerKey: string): Promise<AdpMonthsAnswer> {
  const { from, to } = chartMonths(f.endDate);
  const rows = await queryRows<{ month: string; adp: number; drafts: number }>(
    db,
    sql`
      SELECT to_char(month, 'YYYY-MM') AS month, sum(pick_sum)::float8 / sum(picks) AS adp, sum(picks)::int AS drafts
      FROM rookie_adp_months
      WHERE ${sql.join(factConditions(f), sql` AND `)}
        AND month >= ${from}::date AND month < ${nextMonth(to)}::date
        AND player_id IN (SELECT id FROM rookie_adp_players WHERE service = ${f.service} AND player_key = ${playerKey})
      GROUP BY month
      ORDER BY month`,
  );
  return {
    months: rows.map((r) => ({ month: r.month, adp: Number(r.adp), drafts: Number(r.drafts) })),
    from: from.slice(0, 7),
    to: to.slice(0, 7),
    note: `Month by month (by the month each draft started, whole months) from the ${ADP_SERVICE_NAMES[f.service]} rookie drafts this site has read that match the filter's scoring, IDP, league sizes and QB formats.`,
  };
}

/** The first days of the chart's first and last months: the MONTHS_SHOWN months up to `endDate`'s. */
export function chartMonths(endDate: string): { from: string; to: string } {
  const to = `${endDate.slice(0, 7)}-01`;
  let from = to;
  for (let i = 1; i < MONTHS_SHOWN; i++) from = previousMonth(from);
  return { from, to };
}

/** The first day of the month before `month` ("2025-01-01" → "2024-12-01"). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
}
