import { type SQL, sql } from 'drizzle-orm';
import type { AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';

/*
 * The monthly totals (rookie_adp_months): per UTC month, league facts and player, the count, sum,
 * earliest and latest of the picks. When a draft is saved, the rows it touches (its month, facts and
 * players) are recomputed from the picks, under a lock per month so two drafts saved at once never
 * interleave their recomputes.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** "2025-05-01" for any time in May 2025 (UTC). */
export function monthOf(d: Date): string {
  return `${d.toISOString().slice(0, 7)}-01`;
}

/** The first day of the month after `month` ("2025-12-01" → "2026-01-01"). */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/**
 * The whole months inside a window [startMs, endMs) of UTC days: from `from` up to `to` (exclusive),
 * or undefined when the window holds no whole month.
 */
export function wholeMonths(startMs: number, endMs: number): { from: string; to: string } | undefined {
  const start = new Date(startMs);
  const from = start.getUTCDate() === 1 ? monthOf(start) : nextMonth(monthOf(start));
  const to = monthOf(new Date(endMs));
  return from < to ? { from, to } : undefined;
}

/** A league's facts as the totals are keyed by them. */
export interface ScopeFacts {
  size: number;
  qbFormat: string;
  idp: boolean;
  ppr: boolean;
}

/**
 * A part of one month to recompute: the rows of one set of league facts and some players (what one
 * draft's save can change), or, with no facts, the whole month (after a delete).
 */
export interface MonthScope {
  month: string;
  facts?: ScopeFacts;
  playerIds?: readonly number[];
}

/**
 * The scopes a draft's save changes: its month, facts and players now, and those it had before (a
 * draft can move month, change facts or lose picks). Recomputing only these keeps a save's cost to
 * its own players' rows, where the whole month would grow with every draft stored.
 */
export function draftScopes(
  now: { startedAt: Date; facts: ScopeFacts; playerIds: readonly number[] },
  before?: { startedAt: Date; facts: ScopeFacts; playerIds: readonly number[] },
): MonthScope[] {
  const playerIds = [...new Set([...now.playerIds, ...(before?.playerIds ?? [])])].sort((a, b) => a - b);
  const scopes = [{ month: monthOf(now.startedAt), facts: pickFacts(now.facts), playerIds }];
  if (before) {
    const old = { month: monthOf(before.startedAt), facts: pickFacts(before.facts), playerIds };
    if (JSON.stringify(old) !== JSON.stringify(scopes[0])) scopes.push(old);
  }
  return scopes;
}

const pickFacts = ({ size, qbFormat, idp, ppr }: ScopeFacts): ScopeFacts => ({ size, qbFormat, idp, ppr });

/** The SQL condition of a scope's facts and players on a table of picks or totals (true: the whole month). */
export function scopeCondition(scope: MonthScope): SQL {
  const parts: SQL[] = [];
  if (scope.facts) {
    const { size, qbFormat, idp, ppr } = scope.facts;
    parts.push(sql`size = ${size} AND qb_format = ${qbFormat} AND idp = ${idp} AND ppr = ${ppr}`);
  }
  if (scope.playerIds)
    parts.push(
      scope.playerIds.length > 0
        ? sql`player_id IN (${sql.join(
            scope.playerIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

/**
 * The scopes in month order, so two transactions take the months' locks in the same order and never
 * wait on each other.
 */
export function inMonthOrder(scopes: Iterable<MonthScope>): MonthScope[] {
  return [...scopes].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

/** Recomputes the scopes' totals from the picks, under a lock per month. */
export async function recomputeMonths(tx: Tx | Db, service: AdpService, scopes: Iterable<MonthScope>) {
  for (const scope of inMonthOrder(scopes)) {
    const { month } = scope;
    const where = scopeCondition(scope);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`rookie-adp-month:${service}:${month}`}))`);
    await tx.execute(
      sql`DELETE FROM rookie_adp_months WHERE service = ${service} AND month = ${month}::date AND ${where}`,
    );
    await tx.execute(sql`
      INSERT INTO rookie_adp_months (service, month, size, qb_format, idp, ppr, player_id, picks, pick_sum, min_pick, max_pick)
      SELECT service, ${month}::date, size, qb_format, idp, ppr, player_id,
             count(*), sum(overall), min(overall), max(overall)
      FROM rookie_adp_picks
      WHERE service = ${service}
        AND started_at >= ${`${month}T00:00:00Z`}::timestamptz
        AND started_at < ${`${nextMonth(month)}T00:00:00Z`}::timestamptz
        AND ${where}
      GROUP BY service, size, qb_format, idp, ppr, player_id`);
  }
}

/** Rebuilds every month from the picks (after a bulk load, or to repair). */
export async function rebuildMonths(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM rookie_adp_months`);
    await tx.execute(sql`
      INSERT INTO rookie_adp_months (service, month, size, qb_format, idp, ppr, player_id, picks, pick_sum, min_pick, max_pick)
      SELECT service, date_trunc('month', started_at AT TIME ZONE 'UTC')::date, size, qb_format, idp, ppr, player_id,
             count(*), sum(overall), min(overall), max(overall)
      FROM rookie_adp_picks
      GROUP BY 1, 2, 3, 4, 5, 6, 7`);
  });
}
