import { type SQL, sql } from 'drizzle-orm';

// Full-text search over the generated `search` columns, plus trigram similarity on the names people
// misspell (prospect names, article titles), so "Jamar Chase" still finds "Ja'Marr Chase". The
// operators (@@, %, <%) are the ones the GIN indexes serve.

const query = (term: string) => sql`websearch_to_tsquery('english', ${term})`;

export const articleMatch = (term: string): SQL =>
  sql`(articles.search @@ ${query(term)} OR ${term} <% articles.title)`;

export const articleRank = (term: string): SQL =>
  sql`(ts_rank(articles.search, ${query(term)}) + word_similarity(${term}, articles.title))`;

export const profileMatch = (term: string): SQL =>
  sql`(profiles.search @@ ${query(term)} OR profiles.name % ${term})`;

export const profileRank = (term: string): SQL =>
  sql`(ts_rank(profiles.search, ${query(term)}) + similarity(profiles.name, ${term}))`;
