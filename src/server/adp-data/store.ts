import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';
import { rookieAdpDrafts, rookieAdpLeagues, rookieAdpPicks } from '#server/db/schema-adp.ts';
import { upsertAdpPlayers } from './adp-players.ts';
import type { DraftRecord } from './draft-record.ts';
import { draftScopes, monthOf, recomputeMonths } from './months.ts';
import { deleteStartupDrafts } from './startup-store.ts';

/*
 * Writes to the rookie ADP store. Every write is an upsert on a natural key (service + player id,
 * service + draft key, draft + overall pick), so reading the same draft again never counts it twice;
 * picks that vanished from a draft (a commissioner's undo) are removed.
 */

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Saves one draft, its players and its rookie picks, and the monthly totals they change, in one transaction. */
export async function saveDraft(db: Db, draft: DraftRecord): Promise<void> {
  const { facts } = draft;
  await db.transaction(async (tx) => {
    // What the draft was: its totals' rows change too when it moved month, changed facts or lost picks.
    const [before] = await tx
      .select({
        startedAt: rookieAdpDrafts.startedAt,
        size: rookieAdpDrafts.size,
        qbFormat: rookieAdpDrafts.qbFormat,
        idp: rookieAdpDrafts.idp,
        ppr: rookieAdpDrafts.ppr,
        // Written out: drizzle names columns unqualified inside a select, and "id" must be the draft's.
        playerIds: sql<number[] | null>`(SELECT array_agg(p.player_id) FROM rookie_adp_picks p
          WHERE p.draft_id = rookie_adp_drafts.id)`,
      })
      .from(rookieAdpDrafts)
      .where(and(eq(rookieAdpDrafts.service, draft.service), eq(rookieAdpDrafts.draftKey, draft.draftKey)));

    const ids = await upsertAdpPlayers(tx, draft.service, draft.picks);

    const draftFacts = {
      size: facts.size,
      qbFormat: facts.qbFormat,
      idp: facts.idp,
      ppr: facts.ppr,
      startedAt: draft.startedAt,
    };
    const [row] = await tx
      .insert(rookieAdpDrafts)
      .values({
        service: draft.service,
        draftKey: draft.draftKey,
        leagueId: draft.leagueId,
        season: draft.season,
        pickCount: draft.picks.length,
        ...draftFacts,
      })
      .onConflictDoUpdate({
        target: [rookieAdpDrafts.service, rookieAdpDrafts.draftKey],
        set: { ...draftFacts, pickCount: draft.picks.length, updatedAt: sql`now()` },
      })
      .returning({ id: rookieAdpDrafts.id });

    const overalls = draft.picks.map((p) => p.overall);
    const removed = await tx
      .delete(rookieAdpPicks)
      .where(
        overalls.length
          ? and(eq(rookieAdpPicks.draftId, row.id), notInArray(rookieAdpPicks.overall, overalls))
          : eq(rookieAdpPicks.draftId, row.id),
      )
      .returning({ overall: rookieAdpPicks.overall });
    const written = draft.picks.length > 0 ? await savePicks(tx, draft, row.id, ids, draftFacts) : 0;
    // A refresh that finds the draft as it was changes no pick, and so no monthly total.
    if (removed.length > 0 || written > 0)
      await recomputeMonths(
        tx,
        draft.service,
        draftScopes(
          { startedAt: draft.startedAt, facts, playerIds: [...ids.values()] },
          before && { startedAt: before.startedAt, facts: before, playerIds: before.playerIds ?? [] },
        ),
      );
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function savePicks(
  tx: Tx,
  draft: DraftRecord,
  draftId: number,
  ids: Map<string, number>,
  draftFacts: { size: number; qbFormat: string; idp: boolean; ppr: boolean; startedAt: Date },
): Promise<number> {
  const written = await tx
    .insert(rookieAdpPicks)
    .values(
      draft.picks.map((p) => ({
        draftId,
        overall: p.overall,
        playerId: ids.get(p.player.key)!,
        pickedAt: p.pickedAt,
        service: draft.service,
        ...draftFacts,
      })),
    )
    .onConflictDoUpdate({
      target: [rookieAdpPicks.draftId, rookieAdpPicks.overall],
      set: {
        playerId: excluded('player_id'),
        pickedAt: excluded('picked_at'),
        size: excluded('size'),
        qbFormat: excluded('qb_format'),
        idp: excluded('idp'),
        ppr: excluded('ppr'),
        startedAt: excluded('started_at'),
      },
      // An unchanged pick is left alone: a refresh of a finished draft writes nothing.
      setWhere: sql`(${rookieAdpPicks.playerId}, ${rookieAdpPicks.pickedAt}, ${rookieAdpPicks.size}, ${rookieAdpPicks.qbFormat}, ${rookieAdpPicks.idp}, ${rookieAdpPicks.ppr}, ${rookieAdpPicks.startedAt})
          IS DISTINCT FROM (excluded.player_id, excluded.picked_at, excluded.size, excluded.qb_format, excluded.idp, excluded.ppr, excluded.started_at)`,
    })
    .returning({ overall: rookieAdpPicks.overall });
  return written.length;
}

export interface LeagueKey {
  service: AdpService;
  leagueId: string;
}

export type LeagueRow = typeof rookieAdpLeagues.$inferSelect;

export async function leagueRows(db: Db, keys: readonly LeagueKey[]): Promise<LeagueRow[]> {
  if (keys.length === 0) return [];
  const rows: LeagueRow[] = [];
  for (const service of new Set(keys.map((k) => k.service))) {
    const ids = keys.filter((k) => k.service === service).map((k) => k.leagueId);
    rows.push(
      ...(await db
        .select()
        .from(rookieAdpLeagues)
        .where(and(eq(rookieAdpLeagues.service, service), inArray(rookieAdpLeagues.leagueId, ids)))),
    );
  }
  return rows;
}

/** A league was read: its drafts count, its URL is kept for next time, any failure streak ends. */
export async function recordSuccess(
  db: Db,
  key: LeagueKey,
  result: { drafts: number; url?: string; configured: boolean; at: Date },
): Promise<void> {
  await db
    .insert(rookieAdpLeagues)
    .values({
      service: key.service,
      leagueId: key.leagueId,
      url: result.url ?? null,
      configured: result.configured,
      drafts: result.drafts,
      lastAttemptAt: result.at,
      lastSuccessAt: result.at,
    })
    .onConflictDoUpdate({
      target: [rookieAdpLeagues.service, rookieAdpLeagues.leagueId],
      set: {
        url: sql`coalesce(excluded.url, ${rookieAdpLeagues.url})`,
        configured: sql`${rookieAdpLeagues.configured} OR excluded.configured`,
        drafts: result.drafts,
        failures: 0,
        lastError: null,
        lastAttemptAt: result.at,
        lastSuccessAt: result.at,
        retryAt: null,
      },
    });
}

/** A league failed: the error and the streak are kept, and the league waits until retryAt. */
export async function recordFailure(
  db: Db,
  key: LeagueKey,
  failure: { error: string; configured: boolean; at: Date; retryAt: (failures: number) => Date },
): Promise<LeagueRow> {
  const [existing] = await leagueRows(db, [key]);
  const failures = (existing?.failures ?? 0) + 1;
  const values = {
    failures,
    lastError: failure.error.slice(0, 500),
    lastAttemptAt: failure.at,
    retryAt: failure.retryAt(failures),
  };
  const [row] = await db
    .insert(rookieAdpLeagues)
    .values({ service: key.service, leagueId: key.leagueId, configured: failure.configured, ...values })
    .onConflictDoUpdate({
      target: [rookieAdpLeagues.service, rookieAdpLeagues.leagueId],
      set: { ...values, configured: sql`${rookieAdpLeagues.configured} OR excluded.configured` },
    })
    .returning();
  return row;
}

/**
 * Deletes leagues from the store with their drafts, rookie and startup (their picks go with them), and
 * recomputes the months those drafts were in, so ADP counts exactly what stays. Answers how many
 * drafts went.
 */
export async function deleteLeagues(tx: Tx | Db, service: AdpService, leagueIds: readonly string[]) {
  if (leagueIds.length === 0) return 0;
  const gone = await tx
    .delete(rookieAdpDrafts)
    .where(and(eq(rookieAdpDrafts.service, service), inArray(rookieAdpDrafts.leagueId, [...leagueIds])))
    .returning({ startedAt: rookieAdpDrafts.startedAt });
  await tx
    .delete(rookieAdpLeagues)
    .where(and(eq(rookieAdpLeagues.service, service), inArray(rookieAdpLeagues.leagueId, [...leagueIds])));
  if (gone.length > 0)
    await recomputeMonths(
      tx,
      service,
      gone.map((d) => ({ month: monthOf(d.startedAt) })),
    );
  return gone.length + (await deleteStartupDrafts(tx, service, leagueIds));
}
