import { sql } from 'drizzle-orm';
import { type ListAnswer, previewText, type SearchResult, searchHeader } from '#common/content.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import {
  articleRank,
  profileRank,
  tsQuery,
  visibleArticleMatches,
  visibleProfileMatches,
} from './text-search.ts';

interface Hit {
  type: 'article' | 'profile';
  total: string | number;
  shortname: string;
  title: string | null;
  name: string | null;
  position: string | null;
  school: string | null;
  author: string | null;
  date: Date | string;
  body: string;
}

// A very broad term can match most of the catalogue; ranking is done over the newest matches of
// each kind, so such a search stays fast. The total still counts every match.
const CANDIDATES = 500;

/**
 * Visible articles and profiles matching the term, best first, as one list. Ranks are worked out
 * for the candidates first; bodies are read only for the page that is answered.
 */
export async function searchContent(
  db: Db,
  term: string,
  limit: number,
  page: number,
): Promise<ListAnswer<SearchResult>> {
  const query = sql`
      WITH q AS (SELECT ${tsQuery(term)} AS tsq),
      a AS (
        SELECT id, count(*) OVER () AS matches FROM (${visibleArticleMatches(term)}) m
         ORDER BY date DESC, id DESC LIMIT ${CANDIDATES}
      ), p AS (
        SELECT id, count(*) OVER () AS matches FROM (${visibleProfileMatches(term)}) m
         ORDER BY date DESC, id DESC LIMIT ${CANDIDATES}
      ), hits AS (
        SELECT 'article' AS type, articles.id, articles.date, ${articleRank(term, sql`q.tsq`)} AS score
          FROM a JOIN articles ON articles.id = a.id CROSS JOIN q
        UNION ALL
        SELECT 'profile' AS type, profiles.id, profiles.date, ${profileRank(term, sql`q.tsq`)} AS score
          FROM p JOIN profiles ON profiles.id = p.id CROSS JOIN q
      ), ranked AS (
        SELECT type, id, date, score FROM hits
         ORDER BY score DESC, date DESC, id DESC
         LIMIT ${limit} OFFSET ${(page - 1) * limit}
      )
      SELECT r.type, coalesce((SELECT max(matches) FROM a), 0) + coalesce((SELECT max(matches) FROM p), 0) AS total,
             coalesce(ar.shortname, pr.shortname) AS shortname, ar.title, pr.name, pr.position, pr.school,
             u.name AS author, r.date, coalesce(ar.body, pr.body) AS body
        FROM ranked r
        LEFT JOIN articles ar ON r.type = 'article' AND ar.id = r.id
        LEFT JOIN profiles pr ON r.type = 'profile' AND pr.id = r.id
        LEFT JOIN users u ON u.id = coalesce(ar.contributor_id, pr.contributor_id)
       ORDER BY r.score DESC, r.date DESC, r.id DESC`;
  // A broad term matches half the catalogue, and the planner then prefers reading every row's
  // large out-of-line `search` vector to the GIN index, at ten times the cost: the planner's cost
  // model does not charge for reading the vector. This query alone is told to use the indexes.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return queryRows<Hit>(tx, query);
  });
  return {
    items: rows.map((r) => ({
      type: r.type,
      shortname: r.shortname,
      header:
        r.type === 'article'
          ? searchHeader({ type: 'article', title: r.title ?? '' })
          : searchHeader({
              type: 'profile',
              name: r.name ?? '',
              position: r.position ?? '',
              school: r.school ?? '',
            }),
      author: r.author ?? '',
      date: new Date(r.date).toISOString(),
      preview: previewText(r.body),
    })),
    total: rows.length ? Number(rows[0].total) : 0,
    page,
    limit,
  };
}
