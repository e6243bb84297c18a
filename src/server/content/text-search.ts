import { type SQL, sql } from 'drizzle-orm';

// Full-text search over the generated `search` columns, plus trigram similarity on the names people
// misspell (prospect names, article titles), so "Jamar Chase" still finds "Ja'Marr Chase". Each test
// is its own branch of a UNION so that each is answered from its GIN index: as one OR, the planner
// may scan the table and work out the trigram similarity of every row.

export const tsQuery = (term: string) => sql`websearch_to_tsquery('english', ${term})`;

/** The visible articles that match, with their dates: each test answered from its own index. */
export const visibleArticleMatches = (term: string): SQL =>
  sql`SELECT id, date FROM articles WHERE is_visible AND search @@ ${tsQuery(term)}
      UNION SELECT id, date FROM articles WHERE is_visible AND ${term} <% title`;

/** The visible profiles that match, with their dates. */
export const visibleProfileMatches = (term: string): SQL =>
  sql`SELECT id, date FROM profiles WHERE is_visible AND search @@ ${tsQuery(term)}
      UNION SELECT id, date FROM profiles WHERE is_visible AND name % ${term}`;

export const articleMatch = (term: string): SQL =>
  sql`articles.id IN (SELECT id FROM articles WHERE search @@ ${tsQuery(term)}
                      UNION SELECT id FROM articles WHERE ${term} <% title)`;

/** The rank of a matching article; tsquery is the parsed term, worked out once per query. */
export const articleRank = (term: string, tsquery: SQL): SQL =>
  sql`(ts_rank(articles.search, ${tsquery}) + word_similarity(${term}, articles.title))`;

export const profileMatch = (term: string): SQL =>
  sql`profiles.id IN (SELECT id FROM profiles WHERE search @@ ${tsQuery(term)}
                      UNION SELECT id FROM profiles WHERE name % ${term})`;

/** The rank of a matching profile; tsquery is the parsed term, worked out once per query. */
export const profileRank = (term: string, tsquery: SQL): SQL =>
  sql`(ts_rank(profiles.search, ${tsquery}) + similarity(profiles.name, ${term}))`;
