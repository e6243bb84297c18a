import { sql } from 'drizzle-orm';
import type { AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { deleteLeagues } from '../store.ts';

/*
 * The crawl's frontier, kept in the database so a restart resumes where the last run stopped: the
 * leagues to read (rookie_adp_leagues) and the searches and Sleeper users to expand (adp_crawl_items).
 * Work is claimed with a lease under FOR UPDATE SKIP LOCKED, so two servers never take the same league,
 * and a server that dies mid-read lets its lease lapse for another to pick the league up.
 */

export type LeagueSource = 'configured' | 'admin' | 'discovered' | 'visitor';
export type SkipReason = 'not-dynasty' | 'mock' | 'no-rookie-draft';
export type DraftState = 'none' | 'scheduled' | 'drafting' | 'complete';
export type ItemKind = 'mfl-search' | 'sleeper-user';

export interface FoundLeague {
  service: AdpService;
  leagueId: string;
  url?: string;
  name?: string;
  /** Known from the listing alone (a redraft league in a user's list, a mock draft by its name). */
  skip?: SkipReason;
  source?: LeagueSource;
}

/** Adds leagues not known yet, due now unless skipped; answers how many were new. */
export async function addLeagues(db: Db, found: readonly FoundLeague[]): Promise<number> {
  if (found.length === 0) return 0;
  const rows = found.map(
    (f) =>
      sql`(${f.service}, ${f.leagueId}, ${f.url ?? null}, ${f.name?.slice(0, 200) ?? null}, ${f.source ?? 'discovered'},
           ${f.source === 'configured'}, ${f.skip ?? null}, ${f.skip ? null : sql`now()`}::timestamptz,
           ${f.service === 'sleeper' ? null : sql`now()`}::timestamptz)`,
  );
  const inserted = await queryRows<{ league_id: string }>(
    db,
    sql`INSERT INTO rookie_adp_leagues
          (service, league_id, url, name, source, configured, skip_reason, next_read_at, users_listed_at)
        VALUES ${sql.join(rows, sql`, `)}
        ON CONFLICT (service, league_id) DO NOTHING
        RETURNING league_id`,
  );
  return inserted.length;
}

/** Configured and admin-added leagues: new ones are due now; a known one is marked as configured. */
export async function addListedLeagues(
  db: Db,
  leagues: readonly FoundLeague[],
  source: 'configured' | 'admin',
): Promise<number> {
  let added = 0;
  for (const l of leagues) {
    const [row] = await queryRows<{ inserted: boolean }>(
      db,
      sql`INSERT INTO rookie_adp_leagues
            (service, league_id, url, source, configured, next_read_at, users_listed_at)
          VALUES (${l.service}, ${l.leagueId}, ${l.url ?? null}, ${source}, ${source === 'configured'}, now(),
                  ${l.service === 'sleeper' ? null : sql`now()`}::timestamptz)
          ON CONFLICT (service, league_id) DO UPDATE SET
            configured = rookie_adp_leagues.configured OR excluded.configured,
            source = CASE WHEN rookie_adp_leagues.source IN ('configured', 'admin')
                          THEN rookie_adp_leagues.source ELSE excluded.source END,
            skip_reason = NULL,
            next_read_at = coalesce(rookie_adp_leagues.next_read_at, now())
          RETURNING (xmax = 0) AS inserted`,
    );
    if (row?.inserted) added += 1;
  }
  return added;
}

/**
 * A Fleaflicker league an admin listed with its commissioner's permission: read by the trades job
 * only (no Fleaflicker draft feeds ADP), so it is never due to the crawl (no next read), which
 * claims Sleeper and MFL leagues alone. Answers whether it was new.
 */
export async function addTradeOnlyLeague(db: Db, league: { leagueId: string }): Promise<boolean> {
  const [row] = await queryRows<{ inserted: boolean }>(
    db,
    sql`INSERT INTO rookie_adp_leagues (service, league_id, source, next_read_at, users_listed_at)
        VALUES ('flea', ${league.leagueId}, 'admin', NULL, now())
        ON CONFLICT (service, league_id) DO UPDATE SET source = 'admin'
        RETURNING (xmax = 0) AS inserted`,
  );
  return row?.inserted ?? false;
}

export interface ClaimedLeague {
  service: AdpService;
  leagueId: string;
  url: string | null;
  name: string | null;
  source: LeagueSource;
  configured: boolean;
  /** Read before: later reads follow the current season. */
  readBefore: boolean;
  usersListed: boolean;
  /** Due a read; false when only its members are to be listed. */
  due: boolean;
}

/**
 * Takes up to `limit` due leagues of a service for `leaseMs`; configured and admin-added ones first.
 * Sleeper leagues whose members were never listed (visitors' leagues) are claimed too, to seed the walk.
 */
export async function claimLeagues(
  db: Db,
  service: AdpService,
  owner: string,
  leaseMs: number,
  limit: number,
  /** discovered: false leaves the leagues a search or walk found alone (MFL without its permission). */
  only: { discovered: boolean } = { discovered: true },
): Promise<ClaimedLeague[]> {
  const rows = await queryRows<{
    service: AdpService;
    league_id: string;
    url: string | null;
    name: string | null;
    source: LeagueSource;
    configured: boolean;
    read_before: boolean;
    users_listed: boolean;
    due: boolean;
  }>(
    db,
    sql`UPDATE rookie_adp_leagues SET lease_owner = ${owner},
          lease_until = now() + ${Math.round(leaseMs)}::int * interval '1 millisecond'
        WHERE (service, league_id) IN (
          SELECT service, league_id FROM rookie_adp_leagues
          WHERE service = ${service}
            AND (${only.discovered} OR source <> 'discovered')
            AND (next_read_at <= now()
                 OR (users_listed_at IS NULL AND skip_reason IS NULL AND last_success_at IS NOT NULL))
            AND (lease_until IS NULL OR lease_until < now())
          ORDER BY (source IN ('configured', 'admin')) DESC, next_read_at NULLS LAST
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING service, league_id, url, name, source, configured,
          (last_success_at IS NOT NULL) AS read_before, (users_listed_at IS NOT NULL) AS users_listed,
          (next_read_at IS NOT NULL AND next_read_at <= now()) AS due`,
  );
  return rows.map((r) => ({
    service: r.service,
    leagueId: r.league_id,
    url: r.url,
    name: r.name,
    source: r.source,
    configured: r.configured,
    readBefore: r.read_before,
    usersListed: r.users_listed,
    due: r.due,
  }));
}

/** A league's read is over: when it is due again (null: never), why it is skipped, its draft's state. */
export async function releaseLeague(
  db: Db,
  league: { service: AdpService; leagueId: string },
  owner: string,
  outcome: {
    /** 'keep' leaves the league's schedule as it was. */
    nextReadAt: Date | null | 'keep';
    skip?: SkipReason | null;
    draftState?: DraftState | null;
    usersListed?: boolean;
    name?: string;
  },
): Promise<void> {
  const keep = outcome.nextReadAt === 'keep';
  await db.execute(
    sql`UPDATE rookie_adp_leagues SET lease_owner = NULL, lease_until = NULL,
          next_read_at = ${keep ? sql`next_read_at` : outcome.nextReadAt},
          skip_reason = ${keep ? sql`skip_reason` : (outcome.skip ?? null)},
          draft_state = coalesce(${outcome.draftState ?? null}, draft_state),
          name = coalesce(name, ${outcome.name?.slice(0, 200) ?? null}),
          users_listed_at = CASE WHEN ${outcome.usersListed ?? false}::boolean THEN now() ELSE users_listed_at END
        WHERE service = ${league.service} AND league_id = ${league.leagueId} AND lease_owner = ${owner}`,
  );
}

/**
 * Without MFL's permission nothing its league search gathered may stay (decision 017): the MFL
 * leagues it found go with their drafts, and the searches with them (as migration 0040 did on
 * upgrade). Answers how many drafts went. Leagues that visitors shared or that are listed stay.
 */
export async function forgetMflSearch(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM adp_crawl_items WHERE kind = 'mfl-search'`);
    const found = await queryRows<{ league_id: string }>(
      tx,
      sql`SELECT league_id FROM rookie_adp_leagues
          WHERE service = 'mfl' AND source = 'discovered' AND NOT configured
          ORDER BY league_id FOR UPDATE`,
    );
    return deleteLeagues(
      tx,
      'mfl',
      found.map((f) => f.league_id),
    );
  });
}

/** Searches and users to expand: new ones are due now, known ones keep their schedule. */
export async function addItems(db: Db, kind: ItemKind, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`INSERT INTO adp_crawl_items (kind, key, due_at)
        VALUES ${sql.join(
          [...new Set(keys)].map((k) => sql`(${kind}, ${k}, now())`),
          sql`, `,
        )}
        ON CONFLICT (kind, key) DO NOTHING RETURNING key`,
  );
  return rows.length;
}

export async function claimItems(
  db: Db,
  kind: ItemKind,
  owner: string,
  leaseMs: number,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`UPDATE adp_crawl_items SET lease_owner = ${owner},
          lease_until = now() + ${Math.round(leaseMs)}::int * interval '1 millisecond'
        WHERE (kind, key) IN (
          SELECT kind, key FROM adp_crawl_items
          WHERE kind = ${kind} AND due_at <= now() AND (lease_until IS NULL OR lease_until < now())
          ORDER BY due_at, created_at LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING key`,
  );
  return rows.map((r) => r.key);
}

export async function releaseItem(
  db: Db,
  kind: ItemKind,
  key: string,
  owner: string,
  outcome:
    | { ok: true; found: number; dueAt: Date | null }
    | { ok: false; error: string; retryAt: (failures: number) => Date }
    /** The run was stopped part way: the item is handed back as it was. */
    | { stopped: true },
): Promise<void> {
  if ('stopped' in outcome) {
    await db.execute(
      sql`UPDATE adp_crawl_items SET lease_owner = NULL, lease_until = NULL
          WHERE kind = ${kind} AND key = ${key} AND lease_owner = ${owner}`,
    );
    return;
  }
  if (outcome.ok) {
    await db.execute(
      sql`UPDATE adp_crawl_items SET lease_owner = NULL, lease_until = NULL, due_at = ${outcome.dueAt},
            done_at = now(), failures = 0, last_error = NULL, found = found + ${outcome.found}
          WHERE kind = ${kind} AND key = ${key} AND lease_owner = ${owner}`,
    );
    return;
  }
  const [row] = await queryRows<{ failures: number }>(
    db,
    sql`SELECT failures FROM adp_crawl_items WHERE kind = ${kind} AND key = ${key}`,
  );
  const failures = (row?.failures ?? 0) + 1;
  await db.execute(
    sql`UPDATE adp_crawl_items SET lease_owner = NULL, lease_until = NULL, failures = ${failures},
          last_error = ${outcome.error.slice(0, 500)}, due_at = ${outcome.retryAt(failures)}
        WHERE kind = ${kind} AND key = ${key} AND lease_owner = ${owner}`,
  );
}
