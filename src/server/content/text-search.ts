import { type SQL, sql } from 'drizzle-orm';

// Full-text search over the generated `search` columns, plus trigram similarity on the names people
// misspell (prospect names, article titles), so "Jamar Chase" still finds "Ja'Marr Chase". Each test
// is its own branch of a UNION so that each is answered from its GIN index: as one OR, the planner
// may scan the table and work out the trigram similarity of every row. The list routes' `search`
// filter uses these; site search (ranked) is the database function search_content (migration 0130,
// first written in 0042), which makes the same two tests: change both together.

const tsQuery = (term: string) => sql`websearch_to_tsquery('english', ${term})`;

export const articleMatch = (term: string): SQL =>
  sql`articles.id IN (SELECT id FROM articles WHERE search @@ ${tsQuery(term)}
                      UNION SELECT id FROM articles WHERE ${term} <% title)`;

export const profileMatch = (term: string): SQL =>
  sql`profiles.id IN (SELECT id FROM profiles WHERE search @@ ${tsQuery(term)}
                      UNION SELECT id FROM profiles WHERE name % ${term})`;
