import { and, asc, countDistinct, desc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { QbFormat, RankingKind } from '#common/ranking-format.ts';
import type { Consensus, ConsensusQuery } from '#common/rankings.ts';
import type { Db } from '#server/db/client.ts';
import { rankingEntries, rankings, users } from '#server/db/schema.ts';

/** A writer's board as the consensus reads it. */
export interface WriterBoard {
  name: string;
  shortname: string;
  title: string;
  entries: { playerId: string; name: string; position: string; team: string }[];
}

/**
 * Every writer's board averaged. A player a writer left off counts as one place below that writer's
 * last, so a player on one short board is not carried up by it; the spread is over the writers who
 * rank him. Best average first; ties go to the player more writers rank, then to name.
 */
export function averageBoards(boards: readonly WriterBoard[]): Omit<Consensus, 'formats'> {
  const players = new Map<string, { name: string; position: string; team: string }>();
  for (const b of boards) for (const e of b.entries) if (!players.has(e.playerId)) players.set(e.playerId, e);
  const rankOf = boards.map((b) => new Map(b.entries.map((e, i) => [e.playerId, i + 1])));
  const rows = [...players].map(([playerId, p]) => {
    const ranks = rankOf.map((m) => m.get(playerId) ?? null);
    const counted = ranks.map((r, i) => r ?? boards[i].entries.length + 1);
    const given = ranks.filter((r): r is number => r !== null);
    return {
      playerId,
      name: p.name,
      position: p.position,
      team: p.team,
      average: Math.round((counted.reduce((a, b) => a + b, 0) / counted.length) * 10) / 10,
      ranks,
      spread: Math.max(...given) - Math.min(...given),
      writers: given.length,
    };
  });
  rows.sort((a, b) => a.average - b.average || b.writers - a.writers || a.name.localeCompare(b.name));
  return {
    writers: boards.map((b) => ({
      name: b.name,
      shortname: b.shortname,
      title: b.title,
      players: b.entries.length,
    })),
    rows: rows.map(({ writers: _, ...r }) => r),
  };
}

/** The formats some writer has a visible board of, the most written first. */
async function boardFormats(db: Db): Promise<Consensus['formats']> {
  const writers = countDistinct(rankings.contributorId);
  const rows = await db
    .select({
      kind: rankings.kind,
      position: rankings.position,
      qbFormat: rankings.qbFormat,
      ppr: rankings.ppr,
      tePremium: rankings.tePremium,
      writers,
    })
    .from(rankings)
    .where(and(eq(rankings.isVisible, true), isNotNull(rankings.contributorId)))
    .groupBy(rankings.kind, rankings.position, rankings.qbFormat, rankings.ppr, rankings.tePremium)
    .orderBy(desc(writers), desc(max(rankings.date)));
  // The columns hold only what the ranking schema let in.
  return rows.map((r) => ({ ...r, kind: r.kind as RankingKind, qbFormat: r.qbFormat as QbFormat }));
}

/** Each writer's latest visible ranking of the format, averaged (averageBoards). */
export async function consensus(db: Db, q: ConsensusQuery): Promise<Consensus> {
  return { ...(await averagedBoards(db, q)), formats: await boardFormats(db) };
}

async function averagedBoards(db: Db, q: ConsensusQuery): Promise<Omit<Consensus, 'formats'>> {
  const latest = await db
    .selectDistinctOn([rankings.contributorId], {
      id: rankings.id,
      name: users.name,
      shortname: rankings.shortname,
      title: rankings.title,
    })
    .from(rankings)
    .innerJoin(users, eq(users.id, rankings.contributorId))
    .where(
      and(
        eq(rankings.isVisible, true),
        isNotNull(rankings.contributorId),
        eq(rankings.kind, q.kind),
        eq(rankings.position, q.kind === 'position' ? (q.position ?? 'QB') : ''),
        eq(rankings.qbFormat, q.qbFormat),
        eq(rankings.ppr, q.ppr),
        eq(rankings.tePremium, q.tePremium),
      ),
    )
    .orderBy(rankings.contributorId, desc(rankings.date), desc(rankings.id));
  if (latest.length === 0) return { writers: [], rows: [] };
  latest.sort((a, b) => a.name.localeCompare(b.name));
  const entries = await db
    .select({
      rankingId: rankingEntries.rankingId,
      playerId: rankingEntries.playerId,
      name: rankingEntries.name,
      position: rankingEntries.position,
      team: rankingEntries.team,
    })
    .from(rankingEntries)
    .where(
      inArray(
        rankingEntries.rankingId,
        latest.map((l) => l.id),
      ),
    )
    .orderBy(asc(rankingEntries.rank));
  return averageBoards(latest.map((l) => ({ ...l, entries: entries.filter((e) => e.rankingId === l.id) })));
}
