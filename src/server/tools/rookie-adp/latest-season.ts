import { sql } from 'drizzle-orm';
import type { AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { mflSeasonYear } from '#server/leagues/mfl/hosts.ts';

/** A season's window as the page's dates: 1 March up to the last day of the next February (UTC). */
export function seasonDates(season: number): { startDate: string; endDate: string } {
  const lastOfFebruary = new Date(Date.UTC(season + 1, 2, 1) - 86_400_000);
  return { startDate: `${season}-03-01`, endDate: lastOfFebruary.toISOString().slice(0, 10) };
}

/**
 * The season of the newest rookie draft the store holds for a service, as a window the page can offer
 * in one click when the visitor's window holds no drafts; undefined when the store has none. Seasons
 * are MFL's (they turn over on 1 March).
 */
export async function latestRookieSeason(
  db: Db,
  service: AdpService,
): Promise<{ startDate: string; endDate: string; label: string } | undefined> {
  const [row] = await queryRows<{ newest: string | Date | null }>(
    db,
    sql`SELECT max(started_at) AS newest FROM rookie_adp_drafts WHERE service = ${service}`,
  );
  if (!row?.newest) return undefined;
  const season = mflSeasonYear(new Date(row.newest).getTime());
  return { ...seasonDates(season), label: `${season} season` };
}
