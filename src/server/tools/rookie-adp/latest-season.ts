import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { AdpAnswer, AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';
import { rookieAdpDrafts } from '#server/db/schema-adp.ts';
import { mflSeasonYear } from '#server/leagues/mfl/hosts.ts';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The rookie-draft season to offer when a window holds no drafts: the MFL season (1 March to the end
 * of February, UTC) of the newest stored draft of the service that has picks and has begun, from its
 * first day to its last or to today, whichever comes first. Undefined when the store holds none.
 */
export async function latestRookieSeason(
  db: Db,
  service: AdpService,
  nowMs: number = Date.now(),
): Promise<AdpAnswer['latest']> {
  const [newest] = await db
    .select({ startedAt: rookieAdpDrafts.startedAt })
    .from(rookieAdpDrafts)
    .where(
      and(
        eq(rookieAdpDrafts.service, service),
        gt(rookieAdpDrafts.pickCount, 0),
        lte(rookieAdpDrafts.startedAt, new Date(nowMs)),
      ),
    )
    .orderBy(desc(rookieAdpDrafts.startedAt))
    .limit(1);
  if (!newest) return undefined;
  const season = mflSeasonYear(newest.startedAt.getTime());
  const lastDay = Date.UTC(season + 1, 2, 1) - DAY_MS;
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return {
    startDate: isoDay(Date.UTC(season, 2, 1)),
    endDate: isoDay(Math.min(lastDay, today)),
    label: `${season} season`,
  };
}
