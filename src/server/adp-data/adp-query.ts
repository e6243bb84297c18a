import { type SQL, sql } from 'drizzle-orm';
import {
  ADP_LEAGUE_SIZES,
  ADP_LEAGUE_TYPES,
  type AdpLeagueSize,
  type AdpLeagueType,
  type AdpService,
  type AdpTally,
  adpWindow,
  type TriState,
} from '#common/rookie-adp.ts';
import type { StartupKind } from '#common/startup-adp.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { monthOf, nextMonth, wholeMonths } from './months.ts';

/** A checked filter (see adpFilterProblems): at least one size and type, a real date window. */
export interface AdpFilter {
  service: AdpService;
  sizes: readonly AdpLeagueSize[];
  types: readonly AdpLeagueType[];
  idp: TriState;
  ppr: TriState;
  startDate: string;
  endDate: string;
}

interface Row {
  total: number;
  id: string | null;
  name: string | null;
  position: string | null;
  adp: number | null;
  min_pick: number | null;
  max_pick: number | null;
  drafts: number | null;
}

/**
 * Which store a query reads: the rookie picks, or one kind of startup draft (decision 021). The
 * startup tables have the rookie tables' columns plus `kind`, and every startup query names its kind,
 * so a snake draft's picks and an auction's shares are never added together.
 */
export type AdpStore = { draft: 'rookie' } | { draft: 'startup'; kind: StartupKind };
export const ROOKIE_STORE: AdpStore = { draft: 'rookie' };

interface StoreTables {
  drafts: SQL;
  picks: SQL;
  months: SQL;
  /** Conditions every row of the store's tables must meet besides the filter's. */
  scope: SQL[];
  /** How the least and greatest value are read: whole picks, or shares of a budget. */
  cast: SQL;
  /** Best first: the earliest pick, or the greatest share of a budget. */
  order: SQL;
  /** Monthly totals over every size and format the page can choose, when the store keeps them. */
  wideMonths?: SQL;
}

export function storeTables(store: AdpStore): StoreTables {
  if (store.draft === 'rookie')
    return {
      drafts: sql.raw('rookie_adp_drafts'),
      picks: sql.raw('rookie_adp_picks'),
      months: sql.raw('rookie_adp_months'),
      scope: [],
      cast: sql.raw('int'),
      order: sql.raw('ASC'),
    };
  return {
    drafts: sql.raw('startup_adp_drafts'),
    picks: sql.raw('startup_adp_picks'),
    months: sql.raw('startup_adp_months'),
    scope: [sql`kind = ${store.kind}`],
    cast: sql.raw('float8'),
    order: sql.raw(store.kind === 'auction' ? 'DESC' : 'ASC'),
    wideMonths: sql.raw('startup_adp_months_wide'),
  };
}

/** Every size and format the page can choose, any IDP and PPR: the widest filter (and the default). */
export const isWidest = (f: Omit<AdpFilter, 'startDate' | 'endDate'>) =>
  f.sizes.length === ADP_LEAGUE_SIZES.length &&
  f.types.length === ADP_LEAGUE_TYPES.length &&
  f.idp === 0 &&
  f.ppr === 0;

/** The filter's fact conditions (sizes and types are validated enums, sent as one array each). */
export function factConditions(f: Omit<AdpFilter, 'startDate' | 'endDate'>): SQL[] {
  const conditions: SQL[] = [
    sql`service = ${f.service}`,
    sql`size = ANY(${`{${f.sizes.join(',')}}`}::smallint[])`,
    sql`qb_format = ANY(${`{${f.types.join(',')}}`}::text[])`,
  ];
  // "Any" adds no condition, so the planner sees only what narrows.
  if (f.idp !== 0) conditions.push(sql`idp = ${f.idp === 1}`);
  if (f.ppr !== 0) conditions.push(sql`ppr = ${f.ppr === 1}`);
  return conditions;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` AND `);
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const during = (fromMs: number, toMs: number) =>
  sql`started_at >= ${at(fromMs)} AND started_at < ${at(toMs)}`;

/** The picks of one month that a window leaves out: before `from` and from `to` on, within the month. */
function leftOut(t: StoreTables, service: AdpService, month: string, fromMs: number, toMs: number): SQL {
  const monthStart = Date.parse(`${month}T00:00:00Z`);
  const monthEnd = Date.parse(`${nextMonth(month)}T00:00:00Z`);
  const ranges = [
    [monthStart, fromMs],
    [toMs, monthEnd],
  ].filter(([a, b]) => a < b);
  if (ranges.length === 0) return sql`false`;
  return sql.join(
    ranges.map(
      ([a, b]) =>
        sql`EXISTS (SELECT 1 FROM ${t.picks} WHERE ${and([sql`service = ${service}`, ...t.scope, during(a, b)])})`,
    ),
    sql` OR `,
  );
}

/**
 * Rookie ADP in one query. The drafts matching the filter are counted; their picks are averaged per
 * player (overall pick, earliest and latest pick, how many drafts took him), best ADP first. Whole
 * months of the window come from the monthly totals, the partial months at its ends from the picks,
 * so a year-long window adds up thousands of monthly rows rather than every pick. A partial month
 * whose picks all lie inside the window (the current month up to today, a first month whose drafts
 * all came after the window's start) is read from its totals too; which source serves it is decided
 * in the query itself, from the same snapshot. The average is sum / count in double precision, so
 * equal ADPs compare equal and ties fall to the drafts count.
 */
export async function queryAdp(db: Db, f: AdpFilter, store: AdpStore = ROOKIE_STORE): Promise<AdpTally> {
  const window = adpWindow(f.startDate, f.endDate);
  const t = storeTables(store);
  const facts = [...factConditions(f), ...t.scope];
  const months = wholeMonths(window.startTime, window.endTime);
  const pickRanges: [number, number][] = months
    ? [
        [window.startTime, Date.parse(`${months.from}T00:00:00Z`)],
        [Date.parse(`${months.to}T00:00:00Z`), window.endTime],
      ]
    : [[window.startTime, window.endTime]];
  const picksPart = (from: number, to: number, guard: SQL[]) => sql`
        SELECT player_id, count(*) AS picks, sum(overall) AS pick_sum, min(overall) AS min_pick, max(overall) AS max_pick
        FROM ${t.picks} WHERE ${and([...facts, during(from, to), ...guard])} GROUP BY player_id`;
  // The widest filter reads the wide totals where the store keeps them: the same sums, fewer rows.
  const wide = t.wideMonths && isWidest(f) ? t.wideMonths : undefined;
  const monthsPart = (range: SQL, guard: SQL[]) => sql`
        SELECT player_id, picks, pick_sum, min_pick, max_pick
        FROM ${wide ?? t.months}
        WHERE ${and([...(wide ? [sql`service = ${f.service}`, ...t.scope] : facts), range, ...guard])}`;
  const parts: SQL[] = [];
  for (const [from, to] of pickRanges.filter(([a, b]) => a < b)) {
    // Partial ranges, split by month: each is read from the picks while its month has picks outside
    // the window, else from the month's totals (the same rows, already added up).
    for (
      let month = monthOf(new Date(from));
      Date.parse(`${month}T00:00:00Z`) < to;
      month = nextMonth(month)
    ) {
      const a = Math.max(from, Date.parse(`${month}T00:00:00Z`));
      const b = Math.min(to, Date.parse(`${nextMonth(month)}T00:00:00Z`));
      const outside = leftOut(t, f.service, month, a, b);
      parts.push(picksPart(a, b, [sql`(${outside})`]));
      parts.push(monthsPart(sql`month = ${month}::date`, [sql`NOT (${outside})`]));
    }
  }
  if (months) parts.push(monthsPart(sql`month >= ${months.from}::date AND month < ${months.to}::date`, []));
  const rows = await queryRows<Row>(
    db,
    sql`
      WITH total AS (
        SELECT count(*)::int AS n FROM ${t.drafts}
        WHERE ${and([...facts, during(window.startTime, window.endTime)])}
      ), parts AS (${sql.join(parts, sql` UNION ALL `)}
      ), per_player AS (
        SELECT player_id,
               sum(pick_sum)::float8 / sum(picks) AS adp,
               min(min_pick)::${t.cast} AS min_pick,
               max(max_pick)::${t.cast} AS max_pick,
               sum(picks)::int AS drafts
        FROM parts
        GROUP BY player_id
      )
      SELECT total.n AS total, pl.player_key AS id, pl.name, pl.position,
             pp.adp, pp.min_pick, pp.max_pick, pp.drafts
      FROM total
      LEFT JOIN (per_player pp JOIN rookie_adp_players pl ON pl.id = pp.player_id) ON true
      ORDER BY pp.adp ${t.order}, pp.drafts DESC, pl.player_key COLLATE "C"`,
  );
  const totalLeagues = Number(rows[0]?.total ?? 0);
  const players = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      position: r.position!,
      name: r.name!,
      adp: Number(r.adp),
      minPick: Number(r.min_pick),
      maxPick: Number(r.max_pick),
      drafts: Number(r.drafts),
      draftShare: totalLeagues > 0 ? Number(r.drafts) / totalLeagues : 0,
    }));
  return { players, totalLeagues, ...window };
}

/** The filter's drafts in its dates: the count an answer's total would be (no picks read). */
export async function countDrafts(db: Db, f: AdpFilter, store: AdpStore = ROOKIE_STORE): Promise<number> {
  const window = adpWindow(f.startDate, f.endDate);
  const t = storeTables(store);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${t.drafts}
        WHERE ${and([...factConditions(f), ...t.scope, during(window.startTime, window.endTime)])}`,
  );
  return Number(row?.n ?? 0);
}

/** What the store holds of a service's drafts of one store, under any filter: in the dates, and at all. */
export async function storeHolds(
  db: Db,
  service: AdpService,
  window: { startTime: number; endTime: number },
  store: AdpStore = ROOKIE_STORE,
): Promise<{ inDates: number; stored: number }> {
  const t = storeTables(store);
  const [row] = await queryRows<{ in_dates: number; stored: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${during(window.startTime, window.endTime)})::int AS in_dates,
               count(*)::int AS stored
        FROM ${t.drafts} WHERE ${and([sql`service = ${service}`, ...t.scope])}`,
  );
  return { inDates: Number(row?.in_dates ?? 0), stored: Number(row?.stored ?? 0) };
}
