import { sql } from 'drizzle-orm';
import type { AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';

/*
 * The monthly totals (rookie_adp_months): per UTC month, league facts and player, the count, sum,
 * earliest and latest of the picks. A month is recomputed from the picks whenever a draft in it is
 * saved, under a lock per month so two drafts saved at once never interleave their recomputes.
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

/** Recomputes the months (in order, so two transactions never wait on each other's locks). */
export async function recomputeMonths(tx: Tx | Db, service: AdpService, months: Iterable<string>) {
  for (const month of [...new Set(months)].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`rookie-adp-month:${service}:${month}`}))`);
    await tx.execute(
      sql`DELETE FROM rookie_adp_months WHERE service = ${service} AND month = ${month}::date`,
    );
    await tx.execute(sql`
      INSERT INTO rookie_adp_months (service, month, size, qb_format, idp, ppr, player_id, picks, pick_sum, min_pick, max_pick)
      SELECT service, ${month}::date, size, qb_format, idp, ppr, player_id,
             count(*), sum(overall), min(overall), max(overall)
      FROM rookie_adp_picks
      WHERE service = ${service}
        AND started_at >= ${`${month}T00:00:00Z`}::timestamptz
        AND started_at < ${`${nextMonth(month)}T00:00:00Z`}::timestamptz
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
