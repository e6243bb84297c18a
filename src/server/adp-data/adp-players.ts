import { sql } from 'drizzle-orm';
import type { AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';
import { rookieAdpPlayers } from '#server/db/schema-adp.ts';

/** A transaction of the app's database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Upserts the players of a draft's picks (rookie or startup: one table of players for both) and
 * answers each player key's row id. Players go in key order, so drafts saved at the same time lock
 * shared player rows in the same order and cannot deadlock (PostgreSQL).
 */
export async function upsertAdpPlayers(
  tx: Tx,
  service: AdpService,
  picks: readonly { player: { key: string; name: string; position: string } }[],
): Promise<Map<string, number>> {
  const people = [...new Map(picks.map((p) => [p.player.key, p.player])).values()].sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
  const ids = new Map<string, number>();
  if (people.length === 0) return ids;
  const rows = await tx
    .insert(rookieAdpPlayers)
    .values(people.map((p) => ({ service, playerKey: p.key, ...p })))
    .onConflictDoUpdate({
      target: [rookieAdpPlayers.service, rookieAdpPlayers.playerKey],
      set: { name: excluded('name'), position: excluded('position') },
    })
    .returning({ id: rookieAdpPlayers.id, key: rookieAdpPlayers.playerKey });
  for (const r of rows) ids.set(r.key, r.id);
  return ids;
}
