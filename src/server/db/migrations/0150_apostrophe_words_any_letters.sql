-- The joined-up names of migration 0140 on every database alike. Its pattern took a word as
-- [[:alnum:]], which follows the database's locale: on PGlite (collation C) only ASCII letters are
-- letters, so "Ja'Quán" was added as "jaqu" and "jaquán" found nothing, while PostgreSQL in en_US
-- added "jaquán". A word is now any run without spaces or apostrophes: the text search parser, which
-- reads what this returns, splits off any punctuation the run holds, as it does for the text itself.
CREATE OR REPLACE FUNCTION apostrophe_words(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(translate(m[1], '''’', ''), ' '), '')
  FROM regexp_matches(t, '([^[:space:]''’]+(?:[''’][^[:space:]''’]+)+)', 'g') AS m
$$;

-- The stored vectors are computed again with it (only rows with an apostrophe can change).
UPDATE articles SET title = title WHERE title ~ '[''’]' OR description ~ '[''’]';
UPDATE profiles SET name = name WHERE name ~ '[''’]';
UPDATE rankings SET title = title WHERE title ~ '[''’]' OR player_names ~ '[''’]';
