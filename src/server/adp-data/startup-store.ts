import { sql } from 'drizzle-orm';
import { ADP_LEAGUE_SIZES, type AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { type Tx, upsertAdpPlayers } from './adp-players.ts';
import { draftScopes, inMonthOrder, type MonthScope, monthOf, nextMonth, scopeCondition } from './months.ts';
import type { StartupDraftRecord } from './startup-record.ts';

/*
 * Writes to the startup store (migration 0050): apart from the rookie drafts, on the same players.
 * Saving a draft again replaces its picks, so a re-read never counts it twice.
 */

/** Saves one startup draft, its players and its picks, and the monthly totals they change, in one transaction. */
export async function saveStartupDraft(db: Db, draft: StartupDraftRecord): Promise<void> {
  const { facts } = draft;
  await db.transaction(async (tx) => {
    // What the draft was: its totals' rows change too when it moved month, changed facts or lost picks.
    const [before] = await queryRows<{
      id: number;
      started_at: Date | string;
      size: number;
      qb_format: string;
      idp: boolean;
      ppr: boolean;
      player_ids: number[] | null;
    }>(
      tx,
      sql`SELECT d.id, d.started_at, d.size, d.qb_format, d.idp, d.ppr,
                 (SELECT array_agg(p.player_id) FROM startup_adp_picks p WHERE p.draft_id = d.id) AS player_ids
          FROM startup_adp_drafts d WHERE d.service = ${draft.service} AND d.draft_key = ${draft.draftKey}`,
    );
    const ids = await upsertAdpPlayers(tx, draft.service, draft.picks);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`
        INSERT INTO startup_adp_drafts
          (service, draft_key, league_id, season, kind, size, qb_format, idp, ppr, budget, started_at, pick_count)
        VALUES (${draft.service}, ${draft.draftKey}, ${draft.leagueId}, ${draft.season}, ${draft.kind},
                ${facts.size}, ${facts.qbFormat}, ${facts.idp}, ${facts.ppr},
                ${draft.kind === 'auction' ? (draft.budget ?? null) : null},
                ${draft.startedAt.toISOString()}::timestamptz, ${draft.picks.length})
        ON CONFLICT (service, draft_key) DO UPDATE SET
          kind = excluded.kind, size = excluded.size, qb_format = excluded.qb_format, idp = excluded.idp,
          ppr = excluded.ppr, budget = excluded.budget, started_at = excluded.started_at,
          pick_count = excluded.pick_count, updated_at = now()
        RETURNING id`,
    );
    await tx.execute(sql`DELETE FROM startup_adp_picks WHERE draft_id = ${row.id}`);
    if (draft.picks.length > 0) {
      const values = draft.picks.map(
        (p) => sql`(${row.id}, ${ids.get(p.player.key)!}, ${p.value}::float8, ${draft.service}, ${draft.kind},
          ${draft.startedAt.toISOString()}::timestamptz, ${facts.size}, ${facts.qbFormat}, ${facts.idp}, ${facts.ppr})`,
      );
      await tx.execute(sql`
        INSERT INTO startup_adp_picks (draft_id, player_id, overall, service, kind, started_at, size, qb_format, idp, ppr)
        VALUES ${sql.join(values, sql`, `)}`);
    }
    await recomputeStartupMonths(
      tx,
      draft.service,
      draftScopes(
        { startedAt: draft.startedAt, facts, playerIds: [...ids.values()] },
        before && {
          startedAt: new Date(before.started_at),
          facts: { size: before.size, qbFormat: before.qb_format, idp: before.idp, ppr: before.ppr },
          playerIds: before.player_ids ?? [],
        },
      ),
    );
  });
}

/** The sizes the page can choose, as SQL: the wide totals count drafts of these sizes only. */
const PAGE_SIZES = sql.raw(`(${ADP_LEAGUE_SIZES.join(', ')})`);

/**
 * Recomputes the scopes of the startup months (in month order, under a lock per month, as the rookie
 * months are): the totals per league facts, and the wide totals over every size and format the page
 * can choose (those of the scope's players, whatever their facts).
 */
export async function recomputeStartupMonths(tx: Tx | Db, service: AdpService, scopes: Iterable<MonthScope>) {
  for (const scope of inMonthOrder(scopes)) {
    const { month } = scope;
    const where = scopeCondition(scope);
    const wideWhere = scopeCondition({ month, playerIds: scope.playerIds });
    const inMonth = sql`started_at >= ${`${month}T00:00:00Z`}::timestamptz
        AND started_at < ${`${nextMonth(month)}T00:00:00Z`}::timestamptz`;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`startup-adp-month:${service}:${month}`}))`);
    await tx.execute(
      sql`DELETE FROM startup_adp_months WHERE service = ${service} AND month = ${month}::date AND ${where}`,
    );
    await tx.execute(sql`
      INSERT INTO startup_adp_months (service, kind, month, size, qb_format, idp, ppr, player_id, picks, pick_sum, min_pick, max_pick)
      SELECT service, kind, ${month}::date, size, qb_format, idp, ppr, player_id,
             count(*), sum(overall), min(overall), max(overall)
      FROM startup_adp_picks
      WHERE service = ${service} AND ${inMonth} AND ${where}
      GROUP BY service, kind, size, qb_format, idp, ppr, player_id`);
    await tx.execute(
      sql`DELETE FROM startup_adp_months_wide WHERE service = ${service} AND month = ${month}::date AND ${wideWhere}`,
    );
    await tx.execute(sql`
      INSERT INTO startup_adp_months_wide (service, kind, month, player_id, picks, pick_sum, min_pick, max_pick)
      SELECT service, kind, ${month}::date, player_id, count(*), sum(overall), min(overall), max(overall)
      FROM startup_adp_picks
      WHERE service = ${service} AND size IN ${PAGE_SIZES} AND ${inMonth} AND ${wideWhere}
      GROUP BY service, kind, player_id`);
  }
}

/** Rebuilds every startup month from the picks (after a bulk load, or to repair). */
export async function rebuildStartupMonths(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM startup_adp_months`);
    await tx.execute(sql`
      INSERT INTO startup_adp_months (service, kind, month, size, qb_format, idp, ppr, player_id, picks, pick_sum, min_pick, max_pick)
      SELECT service, kind, date_trunc('month', started_at AT TIME ZONE 'UTC')::date, size, qb_format, idp, ppr, player_id,
             count(*), sum(overall), min(overall), max(overall)
      FROM startup_adp_picks
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(sql`DELETE FROM startup_adp_months_wide`);
    await tx.execute(sql`
      INSERT INTO startup_adp_months_wide (service, kind, month, player_id, picks, pick_sum, min_pick, max_pick)
      SELECT service, kind, date_trunc('month', started_at AT TIME ZONE 'UTC')::date, player_id,
             count(*), sum(overall), min(overall), max(overall)
      FROM startup_adp_picks
      WHERE size IN ${PAGE_SIZES}
      GROUP BY 1, 2, 3, 4`);
  });
}

/** Deletes leagues' startup drafts (with their picks) and recomputes their months; answers how many went. */
export async function deleteStartupDrafts(tx: Tx | Db, service: AdpService, leagueIds: readonly string[]) {
  if (leagueIds.length === 0) return 0;
  const gone = await queryRows<{ started_at: Date | string }>(
    tx,
    sql`DELETE FROM startup_adp_drafts
        WHERE service = ${service} AND league_id IN (${sql.join(
          leagueIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        RETURNING started_at`,
  );
  if (gone.length > 0)
    await recomputeStartupMonths(
      tx,
      service,
      gone.map((d) => ({ month: monthOf(new Date(d.started_at)) })),
    );
  return gone.length;
}
