import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { queryRows } from '#server/db/query.ts';
import { openTestDatabase } from '#test/database.ts';
import type { DraftRecord } from './draft-record.ts';
import { saveDraft } from './store.ts';

/*
 * Migration 0040 on a database that holds what MFL's league search gathered before the upgrade, next
 * to leagues that visitors connected and an admin or ADP_LEAGUE_IDS listed. Runs on PGlite, and on
 * PostgreSQL too when TEST_DATABASE_URL is set.
 */

const MIGRATION = '0040_forget_mfl_search.sql';
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const may = (day: number) => new Date(Date.UTC(2025, 4, day, 18));

function draft(
  service: 'mfl' | 'sleeper',
  leagueId: string,
  startedAt: Date,
  players: string[],
): DraftRecord {
  return {
    service,
    draftKey: `${leagueId}:2025:LEAGUE`,
    leagueId,
    season: 2025,
    facts: { size: 12, qbFormat: 'SF', idp: false, ppr: true },
    startedAt,
    picks: players.map((key, i) => ({
      overall: i + 1,
      pickedAt: startedAt,
      player: { key, name: `Rookie ${key}`, position: 'WR' },
    })),
  };
}

async function league(service: string, id: string, source: string, configured = false) {
  await database.db.execute(
    sql`INSERT INTO rookie_adp_leagues (service, league_id, source, configured, drafts)
        VALUES (${service}, ${id}, ${source}, ${configured}, 1)`,
  );
}

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(database.db, q);

describe('migration 0040: what the MFL search gathered is deleted on upgrade', () => {
  it('deletes discovered MFL leagues, their drafts and picks and the searches; keeps the rest; totals follow', async () => {
    // Found by MFL's league search: two leagues with drafts in May, and their searches.
    await league('mfl', '11111', 'discovered');
    await league('mfl', '22222', 'discovered');
    await saveDraft(database.db, draft('mfl', '11111', may(2), ['9001', '9002', '9003']));
    await saveDraft(database.db, draft('mfl', '22222', may(3), ['9003', '9001']));
    // Kept: a visitor's league, an admin's, a configured one (found by the search first), and Sleeper's.
    await league('mfl', '33333', 'visitor');
    await league('mfl', '44444', 'admin');
    await league('mfl', '55555', 'configured', true);
    await league('sleeper', '700000000000000001', 'discovered');
    await saveDraft(database.db, draft('mfl', '33333', may(4), ['9001', '9004']));
    await saveDraft(database.db, draft('mfl', '44444', may(20), ['9004', '9001']));
    await saveDraft(database.db, draft('mfl', '55555', may(21), ['9002']));
    await saveDraft(database.db, draft('sleeper', '700000000000000001', may(5), ['s1', 's2']));
    await database.db.execute(
      sql`INSERT INTO adp_crawl_items (kind, key, due_at) VALUES
            ('mfl-search', '2025:dynasty', now()), ('mfl-search', '2024:devy', NULL),
            ('sleeper-user', '123456789', now())`,
    );
    const sleeperMonthsBefore = await rows<object>(
      sql`SELECT * FROM rookie_adp_months WHERE service = 'sleeper' ORDER BY player_id`,
    );

    // The database is as before the upgrade: the migration is still to run.
    await database.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${MIGRATION}`);
    expect(await runMigrations(database)).toEqual([MIGRATION]);

    const leagues = await rows<{ service: string; league_id: string }>(
      sql`SELECT service, league_id FROM rookie_adp_leagues ORDER BY service, league_id`,
    );
    expect(leagues).toEqual([
      { service: 'mfl', league_id: '33333' },
      { service: 'mfl', league_id: '44444' },
      { service: 'mfl', league_id: '55555' },
      { service: 'sleeper', league_id: '700000000000000001' },
    ]);
    const drafts = await rows<{ league_id: string }>(
      sql`SELECT league_id FROM rookie_adp_drafts ORDER BY league_id`,
    );
    expect(drafts.map((d) => d.league_id)).toEqual(['33333', '44444', '55555', '700000000000000001']);
    // No pick is left without its draft.
    const [orphans] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rookie_adp_picks p
          WHERE NOT EXISTS (SELECT 1 FROM rookie_adp_drafts d WHERE d.id = p.draft_id)`,
    );
    expect(orphans.n).toBe(0);
    const [mflPicks] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rookie_adp_picks WHERE service = 'mfl'`,
    );
    expect(mflPicks.n).toBe(5);
    expect(await rows<{ kind: string }>(sql`SELECT kind, key FROM adp_crawl_items`)).toEqual([
      { kind: 'sleeper-user', key: '123456789' },
    ]);

    // MFL's May totals are those of the drafts left: recomputed here from the picks themselves.
    const totals = await rows<{ key: string; picks: number; pick_sum: number; min: number; max: number }>(
      sql`SELECT pl.player_key AS key, m.picks, m.pick_sum, m.min_pick AS min, m.max_pick AS max
          FROM rookie_adp_months m JOIN rookie_adp_players pl ON pl.id = m.player_id
          WHERE m.service = 'mfl' ORDER BY pl.player_key`,
    );
    expect(totals).toEqual([
      // 33333: 9001 1st, 9004 2nd; 44444: 9004 1st, 9001 2nd; 55555: 9002 1st.
      { key: '9001', picks: 2, pick_sum: 3, min: 1, max: 2 },
      { key: '9002', picks: 1, pick_sum: 1, min: 1, max: 1 },
      { key: '9004', picks: 2, pick_sum: 3, min: 1, max: 2 },
    ]);
    // Sleeper's totals are untouched.
    expect(
      await rows<object>(sql`SELECT * FROM rookie_adp_months WHERE service = 'sleeper' ORDER BY player_id`),
    ).toEqual(sleeperMonthsBefore);
  });
});
