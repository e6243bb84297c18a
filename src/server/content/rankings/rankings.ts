import { and, asc, count, desc, eq, inArray, lte, max, sql } from 'drizzle-orm';
import type { ListAnswer } from '#common/content.ts';
import {
  entryProblems,
  type Ranking,
  type RankingEntry,
  type RankingListItem,
  type RankingListQuery,
  type RankingSaved,
  type RankingVersion,
} from '#common/rankings.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { profiles, rankingEntries, rankings, rankingVersions, users } from '#server/db/schema.ts';
import { badRequest } from '#server/http/errors.ts';
import type { PlayerIdentity } from '#server/leagues/players.ts';
import { byRef, type ContentKind } from '../store.ts';
import { type BoardEntry, describeChanges } from './changes.ts';

/** A board player as saved: the input's id, tier and note, with the player list's facts. */
export interface ResolvedEntry extends BoardEntry {
  mflId: string | null;
  sleeperId: string | null;
}

/** What a save writes: the checked input, its players found (resolvePlayers). */
export type RankingWrite = RankingSaved & { board: ResolvedEntry[] };

const PROFILE_ID = /^profile:(\d{1,10})$/;

/**
 * The input's players with their names, positions and teams, or a 400 naming the first problem
 * beside its field: the order's rules (entryProblems), then any id that names no one. Ids are the
 * player list's (held by this server, never built for a save), or `profile:<id>` for a site prospect;
 * while no list is held, a player some board already holds is known by that board's copy.
 */
export async function resolvePlayers(
  db: Db,
  input: RankingSaved,
  list: readonly PlayerIdentity[] | undefined,
): Promise<RankingWrite> {
  const [problem] = entryProblems(input.entries);
  if (problem) throw badRequest(problem.message, problem.field);
  const ids = input.entries.map((e) => e.playerId);
  const known = new Map<string, Omit<ResolvedEntry, 'tier' | 'note'>>();
  const byId = list ? new Map(list.map((p) => [p.id, p])) : undefined;
  const profileIds = ids.flatMap((id) => {
    const m = PROFILE_ID.exec(id);
    return m && Number(m[1]) <= 2_147_483_647 ? [Number(m[1])] : [];
  });
  if (profileIds.length)
    for (const p of await db
      .select({ id: profiles.id, name: profiles.name, position: profiles.position, school: profiles.school })
      .from(profiles)
      .where(inArray(profiles.id, profileIds)))
      known.set(`profile:${p.id}`, {
        playerId: `profile:${p.id}`,
        name: p.name,
        position: p.position,
        team: p.school,
        mflId: null,
        sleeperId: null,
      });
  for (const id of ids) {
    const p = byId?.get(id);
    if (p)
      known.set(id, {
        playerId: id,
        name: p.name,
        position: p.position,
        team: p.team,
        mflId: p.mfl_id ?? null,
        sleeperId: p.sleeper_id ?? null,
      });
  }
  const missing = ids.filter((id) => !known.has(id) && !PROFILE_ID.test(id));
  if (missing.length && !byId) {
    // The latest copy any board holds of each (ranking_entries has one row per board and player).
    const rows = await db
      .selectDistinctOn([rankingEntries.playerId], {
        playerId: rankingEntries.playerId,
        name: rankingEntries.name,
        position: rankingEntries.position,
        team: rankingEntries.team,
        mflId: rankingEntries.mflId,
        sleeperId: rankingEntries.sleeperId,
      })
      .from(rankingEntries)
      .where(inArray(rankingEntries.playerId, missing))
      .orderBy(rankingEntries.playerId, desc(rankingEntries.rankingId));
    for (const r of rows) known.set(r.playerId, r);
  }
  const board: ResolvedEntry[] = [];
  for (const [i, e] of input.entries.entries()) {
    const found = known.get(e.playerId);
    if (!found)
      throw badRequest(
        byId || PROFILE_ID.test(e.playerId)
          ? `Rank ${i + 1}: no player with the id “${e.playerId}” is on the site's player list.`
          : `Rank ${i + 1}: the player list is not loaded on the server yet, so “${e.playerId}” cannot be checked. Try again in a minute.`,
        `entries/${i}/playerId`,
      );
    board.push({ ...found, tier: e.tier, note: e.note });
  }
  return { ...input, board };
}

const toBoardEntry = (e: ResolvedEntry): BoardEntry => ({
  playerId: e.playerId,
  name: e.name,
  position: e.position,
  team: e.team,
  tier: e.tier,
  note: e.note,
});

/**
 * Writes the board and, when the ranking is (now) visible and differs from its last published
 * version, a new version naming who saved it and what changed.
 */
async function writeBoard(tx: Db, id: number, input: RankingWrite, editorId: number) {
  await tx.delete(rankingEntries).where(eq(rankingEntries.rankingId, id));
  await tx.insert(rankingEntries).values(input.board.map((e, i) => ({ ...e, rankingId: id, rank: i + 1 })));
  const [row] = await tx
    .update(rankings)
    .set({ playerNames: input.board.map((e) => e.name).join(' ') })
    .where(eq(rankings.id, id))
    .returning({ isVisible: rankings.isVisible, title: rankings.title });
  if (!row.isVisible) return;
  const [last] = await tx
    .select({
      number: rankingVersions.number,
      title: rankingVersions.title,
      entries: rankingVersions.entries,
    })
    .from(rankingVersions)
    .where(eq(rankingVersions.rankingId, id))
    .orderBy(desc(rankingVersions.number))
    .limit(1);
  const after = { title: row.title, entries: input.board.map(toBoardEntry) };
  const before = last ? { title: last.title, entries: last.entries as BoardEntry[] } : undefined;
  const changes = describeChanges(before, after);
  if (before && changes.length === 0) return;
  await tx.insert(rankingVersions).values({
    rankingId: id,
    number: (last?.number ?? 0) + 1,
    editorId,
    title: row.title,
    entries: after.entries,
    changes,
  });
}

/** How rankings are written: see ContentKind for what every kind shares. */
export const rankingKind: ContentKind<RankingWrite> = {
  noun: 'ranking',
  table: rankings,
  tableName: 'rankings',
  missing: 'Ranking not found.',
  title: (input) => input.title,
  fields: async (input) => ({
    title: input.title,
    description: input.description,
    kind: input.kind,
    position: input.position,
    qbFormat: input.qbFormat,
    ppr: input.ppr,
    tePremium: input.tePremium,
  }),
  written: (tx, id, input, user) => writeBoard(tx, id, input, user.id),
};

const columns = {
  id: rankings.id,
  shortname: rankings.shortname,
  title: rankings.title,
  description: rankings.description,
  kind: rankings.kind,
  position: rankings.position,
  qbFormat: rankings.qbFormat,
  ppr: rankings.ppr,
  tePremium: rankings.tePremium,
  date: rankings.date,
  updatedAt: rankings.updatedAt,
  contributorId: rankings.contributorId,
  contributorName: users.name,
  isVisible: rankings.isVisible,
  versions: sql<number>`(SELECT count(*)::int FROM ranking_versions v WHERE v.ranking_id = ${rankings.id})`,
};

type Row = Awaited<ReturnType<typeof selectRows>>[number];
const selectRows = (db: Db) =>
  db.select(columns).from(rankings).leftJoin(users, eq(users.id, rankings.contributorId));

const toRanking = ({ contributorName, date, updatedAt, kind, qbFormat, versions, ...row }: Row) => ({
  ...row,
  kind: kind as Ranking['kind'],
  qbFormat: qbFormat as Ranking['qbFormat'],
  date: date.toISOString(),
  updatedAt: updatedAt.toISOString(),
  versions: Number(versions),
  contributor: contributorName == null ? null : { name: contributorName },
});

const entryColumns = {
  rankingId: rankingEntries.rankingId,
  rank: rankingEntries.rank,
  playerId: rankingEntries.playerId,
  name: rankingEntries.name,
  position: rankingEntries.position,
  team: rankingEntries.team,
  tier: rankingEntries.tier,
  note: rankingEntries.note,
};
const toEntry = ({ rankingId: _, ...e }: RankingEntry & { rankingId: number }): RankingEntry => e;

/** One ranking with its board by id or shortname; undefined when missing or hidden from this reader. */
export async function findRanking(db: Db, ref: string, includeHidden: boolean): Promise<Ranking | undefined> {
  const match = byRef(ref, rankings.id, rankings.shortname);
  if (!match) return undefined;
  const [row] = await selectRows(db)
    .where(and(match, includeHidden ? undefined : eq(rankings.isVisible, true)))
    .limit(1);
  if (!row) return undefined;
  const entries = await db
    .select(entryColumns)
    .from(rankingEntries)
    .where(eq(rankingEntries.rankingId, row.id))
    .orderBy(asc(rankingEntries.rank));
  return { ...toRanking(row), entries: entries.map(toEntry) };
}

/** How many players a list shows of each board. */
export const LIST_TOP = 5;

/** A page of rankings, newest first, filtered; hidden ones only for admins. */
export async function listRankings(
  db: Db,
  q: RankingListQuery,
  includeHidden: boolean,
): Promise<ListAnswer<RankingListItem>> {
  const where = and(
    includeHidden ? undefined : eq(rankings.isVisible, true),
    q.kind ? eq(rankings.kind, q.kind) : undefined,
    q.position ? eq(rankings.position, q.position) : undefined,
    q.qbFormat ? eq(rankings.qbFormat, q.qbFormat) : undefined,
    q.ppr === undefined ? undefined : eq(rankings.ppr, q.ppr),
    q.tePremium === undefined ? undefined : eq(rankings.tePremium, q.tePremium),
    q.writer ? eq(rankings.contributorId, q.writer) : undefined,
    q.search
      ? sql`rankings.id IN (SELECT id FROM rankings WHERE search @@ websearch_to_tsquery('english', ${q.search})
                            UNION SELECT id FROM rankings WHERE ${q.search} <% title)`
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(rankings.date), desc(rankings.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(rankings).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [top, sizes] = ids.length
    ? await Promise.all([
        db
          .select(entryColumns)
          .from(rankingEntries)
          .where(and(inArray(rankingEntries.rankingId, ids), lte(rankingEntries.rank, LIST_TOP)))
          .orderBy(asc(rankingEntries.rank)),
        db
          .select({ id: rankingEntries.rankingId, players: max(rankingEntries.rank) })
          .from(rankingEntries)
          .where(inArray(rankingEntries.rankingId, ids))
          .groupBy(rankingEntries.rankingId),
      ])
    : [[], []];
  const playersOf = new Map(sizes.map((s) => [s.id, Number(s.players ?? 0)]));
  return {
    items: rows.map((r) => ({
      ...toRanking(r),
      players: playersOf.get(r.id) ?? 0,
      top: top.filter((e) => e.rankingId === r.id).map(toEntry),
    })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

/** A visible ranking's published versions, newest first (empty for one hidden or missing). */
export async function rankingHistory(db: Db, ref: string): Promise<RankingVersion[] | undefined> {
  const match = byRef(ref, rankings.id, rankings.shortname);
  if (!match) return undefined;
  const [r] = await db
    .select({ id: rankings.id })
    .from(rankings)
    .where(and(match, eq(rankings.isVisible, true)));
  if (!r) return undefined;
  const rows = await db
    .select({
      number: rankingVersions.number,
      savedAt: rankingVersions.savedAt,
      editor: users.name,
      title: rankingVersions.title,
      changes: rankingVersions.changes,
    })
    .from(rankingVersions)
    .leftJoin(users, eq(users.id, rankingVersions.editorId))
    .where(eq(rankingVersions.rankingId, r.id))
    .orderBy(desc(rankingVersions.number));
  return rows.map(({ editor, savedAt, ...v }) => ({
    ...v,
    savedAt: savedAt.toISOString(),
    editor: editor == null ? null : { name: editor },
  }));
}

/** The board of a ranking's version before its latest one, for its movers (undefined: none yet). */
export async function previousVersion(
  db: Db,
  rankingId: number,
): Promise<{ number: number; savedAt: Date; entries: BoardEntry[] } | undefined> {
  const rows = await queryRows<{ number: number; saved_at: Date | string; entries: BoardEntry[] | string }>(
    db,
    sql`SELECT number, saved_at, entries FROM ranking_versions WHERE ranking_id = ${rankingId}
         ORDER BY number DESC OFFSET 1 LIMIT 1`,
  );
  const [r] = rows;
  if (!r) return undefined;
  return {
    number: Number(r.number),
    savedAt: new Date(r.saved_at),
    entries: typeof r.entries === 'string' ? JSON.parse(r.entries) : r.entries,
  };
}
