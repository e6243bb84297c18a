-- Names written with an apostrophe are found typed without it: "jaquan" finds Ja'Quan Underwood,
-- "jamarr chase" the articles about Ja'Marr Chase. PostgreSQL's parser splits "Ja'Quan" into "ja"
-- and "quan", which a search typed with the apostrophe still matches (as a phrase); the vectors now
-- also hold each such word joined up ("jaquan"), stemmed as the query's words are. Only words with an
-- apostrophe inside are added (names, and the odd contraction), so other words keep their weight in
-- the ranking. Folded: profiles' names, articles' titles and descriptions, rankings' titles and
-- player lists; bodies are left as they were.

CREATE FUNCTION apostrophe_words(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(translate(m[1], '''’', ''), ' '), '')
  FROM regexp_matches(t, '([[:alnum:]]+(?:[''’][[:alnum:]]+)+)', 'g') AS m
$$;

-- PostgreSQL before 17 cannot change a generated column's expression: each column is made again,
-- with its index and its storage (migration 0130), and every row written again to be stored so.
ALTER TABLE articles DROP COLUMN search;
ALTER TABLE articles ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', apostrophe_words(coalesce(title, ''))), 'A') ||
  setweight(to_tsvector('english', coalesce(description, '')), 'B') ||
  setweight(to_tsvector('english', apostrophe_words(coalesce(description, ''))), 'B') ||
  setweight(to_tsvector('english', coalesce(body, '')), 'C')
) STORED;
ALTER TABLE articles ALTER COLUMN search SET STORAGE MAIN;
UPDATE articles SET title = title;
CREATE INDEX articles_search_idx ON articles USING gin (search);

ALTER TABLE profiles DROP COLUMN search;
ALTER TABLE profiles ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
  setweight(to_tsvector('english', apostrophe_words(coalesce(name, ''))), 'A') ||
  setweight(to_tsvector('english', coalesce(school, '') || ' ' || coalesce(position, '')), 'B') ||
  setweight(to_tsvector('english', coalesce(description, '')), 'B') ||
  setweight(to_tsvector('english', coalesce(body, '')), 'C')
) STORED;
ALTER TABLE profiles ALTER COLUMN search SET STORAGE MAIN;
UPDATE profiles SET name = name;
CREATE INDEX profiles_search_idx ON profiles USING gin (search);

ALTER TABLE rankings DROP COLUMN search;
ALTER TABLE rankings ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', apostrophe_words(coalesce(title, ''))), 'A') ||
  setweight(to_tsvector('english', coalesce(description, '')), 'B') ||
  setweight(to_tsvector('simple', coalesce(player_names, '')), 'C') ||
  setweight(to_tsvector('english', apostrophe_words(coalesce(player_names, ''))), 'C')
) STORED;
ALTER TABLE rankings ALTER COLUMN search SET STORAGE MAIN;
UPDATE rankings SET title = title;
CREATE INDEX rankings_search_idx ON rankings USING gin (search);
