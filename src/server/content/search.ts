import { sql } from 'drizzle-orm';
import { type ListAnswer, previewText, type SearchResult, searchHeader } from '../../common/content.ts';
import { type Db, queryRows } from '../db/client.ts';
import { articleMatch, articleRank, profileMatch, profileRank } from './text-search.ts';

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

/**
 * Visible articles and profiles matching the term, best first, as one list. Ranks and ids are worked
 * out first; bodies are read only for the page that is answered.
 */
export async function searchContent(
  db: Db,
  term: string,
  limit: number,
  page: number,
): Promise<ListAnswer<SearchResult>> {
  const rows = await queryRows<Hit>(
    db,
    sql`
      WITH hits AS (
        SELECT 'article' AS type, id, date, ${articleRank(term)} AS score
          FROM articles WHERE is_visible AND ${articleMatch(term)}
        UNION ALL
        SELECT 'profile' AS type, id, date, ${profileRank(term)} AS score
          FROM profiles WHERE is_visible AND ${profileMatch(term)}
      ), ranked AS (
        SELECT type, id, date, score, count(*) OVER () AS total FROM hits
         ORDER BY score DESC, date DESC, id DESC
         LIMIT ${limit} OFFSET ${(page - 1) * limit}
      )
      SELECT r.type, r.total, coalesce(a.shortname, p.shortname) AS shortname, a.title, p.name,
             p.position, p.school, u.name AS author, r.date, coalesce(a.body, p.body) AS body
        FROM ranked r
        LEFT JOIN articles a ON r.type = 'article' AND a.id = r.id
        LEFT JOIN profiles p ON r.type = 'profile' AND p.id = r.id
        LEFT JOIN users u ON u.id = coalesce(a.contributor_id, p.contributor_id)
       ORDER BY r.score DESC, r.date DESC, r.id DESC`,
  );
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
