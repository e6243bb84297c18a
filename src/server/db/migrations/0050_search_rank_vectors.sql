-- Ranking reads a small vector of the words that say what an item is about (title and description;
-- a prospect's name, school, position and description), kept in the row. The full `search` vector,
-- body included, is large and stored out of line: reading it for every candidate made a broad
-- search slow. Matching still uses the full vector through its GIN index.
ALTER TABLE articles ADD COLUMN rank_search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(description, '')), 'B')
) STORED;

ALTER TABLE profiles ADD COLUMN rank_search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(school, '') || ' ' || coalesce(position, '')), 'B') ||
  setweight(to_tsvector('english', coalesce(description, '')), 'B')
) STORED;
