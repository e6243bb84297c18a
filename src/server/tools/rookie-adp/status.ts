import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';

/** GET /api/mfl/adp/status: how much the store holds and whether the configured leagues are read. */
export const ingestStatusSchema = z.object({
  drafts: z.number().int(),
  leagues: z.object({
    /** Leagues listed in ADP_LEAGUE_IDS. */
    configured: z.number().int(),
    /** Leagues read at least once (configured or a visitor's). */
    read: z.number().int(),
    /** Leagues whose last read failed; they are tried again later. */
    failing: z.number().int(),
  }),
  refresh: z.object({
    running: z.boolean(),
    runs: z.number().int(),
    lastRunAt: z.string().nullable(),
  }),
});
export type IngestStatus = z.infer<typeof ingestStatusSchema>;

export async function ingestStatus(
  db: Db,
  configured: number,
  refresh?: { running: boolean; runs: number; lastRunAt: number | null },
): Promise<IngestStatus> {
  const [row] = await queryRows<{ drafts: number; read: number; failing: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM rookie_adp_drafts) AS drafts,
               count(*) FILTER (WHERE last_success_at IS NOT NULL)::int AS read,
               count(*) FILTER (WHERE failures > 0)::int AS failing
        FROM rookie_adp_leagues`,
  );
  return {
    drafts: Number(row?.drafts ?? 0),
    leagues: { configured, read: Number(row?.read ?? 0), failing: Number(row?.failing ?? 0) },
    refresh: {
      running: refresh?.running ?? false,
      runs: refresh?.runs ?? 0,
      lastRunAt: refresh?.lastRunAt ? new Date(refresh.lastRunAt).toISOString() : null,
    },
  };
}
