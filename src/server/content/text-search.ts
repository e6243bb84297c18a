import { type SQL, sql } from 'drizzle-orm';

// Full-text search over the generated `search` columns, plus trigram similarity on the names people
// misspell (prospect names, article titles), so "Jamar Chase" still finds "Ja'Marr Chase". Each test
// is its own branch of a UNION so that each is answered from its GIN index: as one OR, the planner
// may scan the table and work out the trigram similarity of every row.

const query = (term: string) => sql`websearch_to_tsquery('english', ${term})`;

export const articleMatch = (term: string): SQL =>
  sql`articles.id IN (SELECT id FROM articles WHERE search @@ ${query(term)}
                      UNION SELECT id FROM articles WHERE ${term} <% title)`;

export const articleRank = (term: string): SQL =>
  sql`(ts_rank(articles.search, ${query(term)}) + word_similarity(${term}, articles.title))`;

export const profileMatch = (term: string): SQL =>
  sql`profiles.id IN (SELECT id FROM profiles WHERE search @@ ${query(term)}
                      UNION SELECT id FROM profiles WHERE name % ${term})`;

export const profileRank = (term: string): SQL =>
  sql`(ts_rank(profiles.search, ${query(term)}) + similarity(profiles.name, ${term}))`;
