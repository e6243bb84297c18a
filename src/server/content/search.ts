import { sql } from 'drizzle-orm';
import { type ListAnswer, previewText, type SearchResult, searchHeader } from '#common/content.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';

interface Hit {
  type: 'article' | 'profile' | 'ranking';
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
  // The query is the function search_content (migration 0130): one round trip, planned once per
  // connection, and run with the GIN indexes (decision 007).
  const rows = await queryRows<Hit>(
    db,
    sql`SELECT * FROM search_content(${term}, ${limit}, ${(page - 1) * limit}, ${CANDIDATES})`,
  );
  return {
    items: rows.map((r) => ({
      type: r.type,
      shortname: r.shortname,
      header:
        r.type !== 'profile'
          ? searchHeader({ type: r.type, title: r.title ?? '' })
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
