-- Search reads less per match (decision 007, "Rows read once").
--
-- The text vectors stay in their rows (storage MAIN: compressed there if it helps, moved out of line
-- only when a row cannot fit otherwise), so ranking a candidate and checking a phrase read the row's
-- page instead of its TOAST chunks through a second index. Only rows written after the change are
-- stored so: the UPDATE writes every row again (the generated vectors are worked out anew).
ALTER TABLE articles ALTER COLUMN search SET STORAGE MAIN;
ALTER TABLE profiles ALTER COLUMN search SET STORAGE MAIN;
ALTER TABLE rankings ALTER COLUMN search SET STORAGE MAIN;
UPDATE articles SET title = title;
UPDATE profiles SET name = name;
UPDATE rankings SET title = title;

-- search_content of migration 0100, with the candidates' rows fetched in one scan of their addresses
-- (ctid = ANY) instead of one scan per candidate.
CREATE OR REPLACE FUNCTION search_content(term text, page_limit integer, page_offset integer, candidates integer)
RETURNS TABLE (
  type text, total bigint, shortname text, title text, name text, "position" text, school text,
  author text, date timestamptz, body text
)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  tsq tsquery := websearch_to_tsquery('english', term);
BEGIN
  RETURN QUERY
  WITH a AS (
    SELECT m.id, m.ctid, count(*) OVER () AS matches FROM (
      SELECT ar.id, ar.date, ar.ctid FROM articles ar WHERE ar.is_visible AND ar.search @@ tsq
      UNION SELECT ar.id, ar.date, ar.ctid FROM articles ar WHERE ar.is_visible AND term <% ar.title
    ) m
    ORDER BY m.date DESC, m.id DESC LIMIT candidates
  ), p AS (
    SELECT m.id, m.ctid, count(*) OVER () AS matches FROM (
      SELECT pr.id, pr.date, pr.ctid FROM profiles pr WHERE pr.is_visible AND pr.search @@ tsq
      UNION SELECT pr.id, pr.date, pr.ctid FROM profiles pr WHERE pr.is_visible AND pr.name % term
    ) m
    ORDER BY m.date DESC, m.id DESC LIMIT candidates
  ), rk AS (
    -- Player names are indexed as 'simple' words (no stemming), so the term is asked both ways.
    SELECT m.id, m.ctid, count(*) OVER () AS matches FROM (
      SELECT rr.id, rr.date, rr.ctid FROM rankings rr
       WHERE rr.is_visible AND rr.search @@ (tsq || websearch_to_tsquery('simple', term))
      UNION SELECT rr.id, rr.date, rr.ctid FROM rankings rr WHERE rr.is_visible AND term <% rr.title
    ) m
    ORDER BY m.date DESC, m.id DESC LIMIT candidates
  ), hits AS (
    SELECT 'article' AS kind, ar.id, ar.date,
           ts_rank(ar.search, tsq) + word_similarity(term, ar.title) AS score
      FROM articles ar WHERE ar.ctid = ANY (ARRAY(SELECT a.ctid FROM a))
    UNION ALL
    SELECT 'profile' AS kind, pr.id, pr.date,
           ts_rank(pr.search, tsq) + similarity(pr.name, term) AS score
      FROM profiles pr WHERE pr.ctid = ANY (ARRAY(SELECT p.ctid FROM p))
    UNION ALL
    SELECT 'ranking' AS kind, rr.id, rr.date,
           ts_rank(rr.search, tsq || websearch_to_tsquery('simple', term)) + word_similarity(term, rr.title) AS score
      FROM rankings rr WHERE rr.ctid = ANY (ARRAY(SELECT rk.ctid FROM rk))
  ), ranked AS (
    SELECT h.kind, h.id, h.date, h.score FROM hits h
     ORDER BY h.score DESC, h.date DESC, h.id DESC
     LIMIT page_limit OFFSET page_offset
  )
  SELECT r.kind,
         coalesce((SELECT max(a.matches) FROM a), 0) + coalesce((SELECT max(p.matches) FROM p), 0)
           + coalesce((SELECT max(rk.matches) FROM rk), 0),
         coalesce(ar.shortname, pr.shortname, rr.shortname), coalesce(ar.title, rr.title), pr.name,
         pr.position, pr.school, u.name, r.date,
         coalesce(ar.body, pr.body, nullif(rr.description, ''), rr.player_names)
    FROM ranked r
    LEFT JOIN articles ar ON r.kind = 'article' AND ar.id = r.id
    LEFT JOIN profiles pr ON r.kind = 'profile' AND pr.id = r.id
    LEFT JOIN rankings rr ON r.kind = 'ranking' AND rr.id = r.id
    LEFT JOIN users u ON u.id = coalesce(ar.contributor_id, pr.contributor_id, rr.contributor_id)
   ORDER BY r.score DESC, r.date DESC, r.id DESC;
END
$$;
