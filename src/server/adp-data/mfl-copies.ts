import { type SQL, sql } from 'drizzle-orm';
import {
  ADP_LEAGUE_SIZES,
  type AdpMonthsAnswer,
  type AdpTrend,
  addDays,
  type TriState,
} from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import type { MflAdp } from '#server/leagues/mfl/schemas.ts';
import { MFL_CUTOFF, mflSeasonWindow, toMflIsPpr } from './mfl-aggregate.ts';
import {
  between,
  type CopyPlayer,
  type DayCopy,
  derivedTrend,
  derivedTrendNote,
  ERROR_LIMIT,
  firstTrendDay,
  monthDays,
  noTrendYetNote,
  type SizeCopy,
  seasonZeroDay,
  trendDays,
  zeroCopy,
} from './mfl-derive.ts';

/*
 * The copies of MFL's own ADP the site keeps (decision 025, migration 0080): one a day for each filter
 * the page asks MFL, and what the page derives from them (trends, month by month). The daily job
 * that takes them is mfl-copy-job.ts; the rules are mfl-derive.ts.
 */

/** MFL's IS_PPR values the page's PPR select asks (Any, Yes, No). */
export const COPY_IS_PPR = [-1, 1, 0] as const;
/** Every filter copied each day: each league size the page offers with each IS_PPR value. */
export const COPY_FILTERS = ADP_LEAGUE_SIZES.flatMap((fcount) =>
  COPY_IS_PPR.map((isPpr) => ({ fcount, isPpr })),
);

/** Daily copies are kept this long; older ones only as each month's last (for month by month). */
export const DAILY_COPIES_KEPT_DAYS = 62;

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** MFL's request for one copied filter: the page's own (rookie-only real drafts, PERIOD=ALL, CUTOFF 5). */
export const copyRequest = (fcount: number, isPpr: -1 | 0 | 1) => ({
  period: 'ALL',
  fcount,
  isPpr,
  isKeeper: 'R',
  isMock: 0 as const,
  cutoff: MFL_CUTOFF,
});

export interface CopyToSave {
  season: number;
  fcount: number;
  isPpr: -1 | 0 | 1;
  /** When the site took it (its UTC day is the copy's day). */
  takenAt: number;
  answer: Pick<MflAdp, 'totalDrafts' | 'players' | 'timestamp'>;
}

/** Saves a copy (replacing that filter's copy of the same day), its players in one transaction. */
export async function saveCopy(db: Db, c: CopyToSave): Promise<void> {
  const day = isoDay(c.takenAt);
  const players = c.answer.players.filter((p) => p.averagePick !== null && (p.draftsSelectedIn ?? 0) > 0);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`DELETE FROM mfl_adp_copies
          WHERE season = ${c.season} AND fcount = ${c.fcount} AND is_ppr = ${c.isPpr} AND taken_on = ${day}::date`,
    );
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO mfl_adp_copies (season, fcount, is_ppr, taken_on, taken_at, mfl_made_at, total_drafts)
          VALUES (${c.season}, ${c.fcount}, ${c.isPpr}, ${day}::date, ${new Date(c.takenAt).toISOString()}::timestamptz,
            ${c.answer.timestamp ? new Date(c.answer.timestamp * 1000).toISOString() : null}::timestamptz,
            ${c.answer.totalDrafts})
          RETURNING id`,
    );
    for (let i = 0; i < players.length; i += 500) {
      const rows = players
        .slice(i, i + 500)
        .map((p) => sql`(${row.id}, ${p.id}, ${p.averagePick}, ${p.draftsSelectedIn})`);
      await tx.execute(
        sql`INSERT INTO mfl_adp_copy_players (copy_id, player_id, average_pick, drafts_selected_in)
            VALUES ${sql.join(rows, sql`, `)}`,
      );
    }
  });
}

/** The filters ("fcount:isPpr") already copied on a day. */
export async function copiedOn(db: Db, season: number, day: string): Promise<Set<string>> {
  const rows = await queryRows<{ fcount: number; is_ppr: number }>(
    db,
    sql`SELECT fcount, is_ppr FROM mfl_adp_copies WHERE season = ${season} AND taken_on = ${day}::date`,
  );
  return new Set(rows.map((r) => `${r.fcount}:${r.is_ppr}`));
}

/**
 * Prunes the copies: those of earlier seasons (MFL's aggregate answers the current season only), and
 * daily copies older than DAILY_COPIES_KEPT_DAYS except each month's last of each filter.
 */
export async function pruneCopies(db: Db, season: number, today: string): Promise<void> {
  const before = addDays(today, -DAILY_COPIES_KEPT_DAYS);
  await db.execute(
    sql`DELETE FROM mfl_adp_copies c
        WHERE c.season < ${season}
           OR (c.taken_on < ${before}::date AND c.taken_on < (
                SELECT max(m.taken_on) FROM mfl_adp_copies m
                WHERE m.season = c.season AND m.fcount = c.fcount AND m.is_ppr = c.is_ppr
                  AND date_trunc('month', m.taken_on) = date_trunc('month', c.taken_on)))`,
  );
}

interface CopyFilter {
  season: number;
  sizes: readonly number[];
  ppr: TriState;
}

/** The days with a copy of every size asked (this IS_PPR, this season), oldest first. */
export async function copyDays(db: Db, f: CopyFilter): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`SELECT to_char(taken_on, 'YYYY-MM-DD') AS day FROM mfl_adp_copies
        WHERE season = ${f.season} AND is_ppr = ${toMflIsPpr(f.ppr)} AND fcount IN (${list(f.sizes)})
        GROUP BY taken_on HAVING count(DISTINCT fcount) = ${f.sizes.length}
        ORDER BY taken_on`,
  );
  return rows.map((r) => r.day);
}

/** The copies of some days (the season's zero day made, not read), every player or one. */
async function loadCopies(
  db: Db,
  f: CopyFilter,
  days: readonly string[],
  player?: string,
): Promise<Map<string, DayCopy>> {
  const out = new Map<string, DayCopy>();
  const zero = seasonZeroDay(f.season);
  if (days.includes(zero)) out.set(zero, zeroCopy(f.season, f.sizes));
  const read = days.filter((d) => d !== zero);
  if (read.length === 0) return out;
  const onePlayer: SQL = player === undefined ? sql`` : sql` AND p.player_id = ${player}`;
  const rows = await queryRows<{
    day: string;
    fcount: number;
    total_drafts: number;
    player_id: string | null;
    average_pick: number | null;
    drafts_selected_in: number | null;
  }>(
    db,
    sql`SELECT to_char(c.taken_on, 'YYYY-MM-DD') AS day, c.fcount, c.total_drafts, p.player_id,
               p.average_pick::float8 AS average_pick, p.drafts_selected_in
        FROM mfl_adp_copies c
        LEFT JOIN mfl_adp_copy_players p ON p.copy_id = c.id${onePlayer}
        WHERE c.season = ${f.season} AND c.is_ppr = ${toMflIsPpr(f.ppr)} AND c.fcount IN (${list(f.sizes)})
          AND c.taken_on IN (${sql.join(
            read.map((d) => sql`${d}::date`),
            sql`, `,
          )})`,
  );
  const sizes = new Map<string, Map<number, SizeCopy & { players: Map<string, CopyPlayer> }>>();
  for (const r of rows) {
    const day = sizes.get(r.day) ?? new Map();
    sizes.set(r.day, day);
    const fcount = Number(r.fcount);
    let size = day.get(fcount);
    if (!size) {
      size = { fcount, totalDrafts: Number(r.total_drafts), players: new Map() };
      day.set(fcount, size);
    }
    if (r.player_id !== null)
      size.players.set(r.player_id, {
        averagePick: Number(r.average_pick),
        draftsSelectedIn: Number(r.drafts_selected_in),
      });
  }
  for (const [day, bySize] of sizes) out.set(day, { day, sizes: [...bySize.values()] });
  return out;
}

/** A derived MFL trend: the legend (with its periods) and each player's trend by MFL id. */
export interface MflCopyTrend {
  trend: AdpTrend;
  byId: Record<string, number>;
}

/**
 * The trends of an MFL aggregate answer for a window ending on `endDate`, from the copies: every
 * player the latest copy lists. Without the three copies it needs, the legend says when they come.
 */
export async function mflCopyTrend(
  db: Db,
  f: CopyFilter & { endDate: string; today: string },
): Promise<MflCopyTrend> {
  const kept = await copyDays(db, f);
  const days = [seasonZeroDay(f.season), ...kept];
  const chosen = trendDays(days, f.endDate);
  if (!chosen) {
    const seasonEnd = isoDay(mflSeasonWindow(f.season).endTime);
    return {
      trend: { note: noTrendYetNote(kept[0], firstTrendDay(days, f.today, seasonEnd)) },
      byId: {},
    };
  }
  const copies = await loadCopies(db, f, chosen);
  const [c0, c1, c2] = chosen.map((d) => copies.get(d)!);
  const byId: Record<string, number> = {};
  const ids = new Set(c2.sizes.flatMap((size) => [...size.players.keys()]));
  for (const id of ids) {
    const t = derivedTrend([c0, c1, c2], id);
    if (t) byId[id] = t.trend;
  }
  return {
    trend: {
      recent: { startDate: chosen[1], endDate: chosen[2] },
      prior: { startDate: chosen[0], endDate: chosen[1] },
      note: derivedTrendNote(chosen),
    },
    byId,
  };
}

/**
 * One player's MFL ADP month by month from the copies nearest each month's ends (the season's months
 * within `from`…the window's end), or undefined when no month has both copies (the store answers).
 */
export async function mflCopyMonths(
  db: Db,
  f: CopyFilter & { endDate: string; from: string },
  player: string,
): Promise<AdpMonthsAnswer | undefined> {
  const days = [seasonZeroDay(f.season), ...(await copyDays(db, f))];
  const months = monthDays(days, f.season, f.from, f.endDate);
  if (months.length === 0) return undefined;
  const copies = await loadCopies(db, f, [...new Set(months.flatMap((m) => [m.from, m.to]))], player);
  const points: AdpMonthsAnswer['months'] = [];
  for (const m of months) {
    const b = between(copies.get(m.from)!, copies.get(m.to)!, player);
    if (b && b.error <= ERROR_LIMIT) points.push({ month: m.month, adp: b.adp, drafts: b.drafts });
  }
  return {
    months: points,
    from: f.from,
    to: f.endDate.slice(0, 7),
    note: `Month by month from MFL's own ADP: the site keeps a copy of MFL's season-long counts each day, and each month is the drafts MFL counted between the copies nearest its first and last days (this month: up to the latest copy). Months where a copy leaves him out (under ${MFL_CUTOFF}% of a size's drafts) or where MFL's rounding could move his ADP by more than ${ERROR_LIMIT} of a pick are left out.`,
  };
}
