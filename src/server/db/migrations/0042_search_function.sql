-- Site search as one function (decision 007): one round trip instead of four (a transaction to set
-- enable_seqscan), and PL/pgSQL keeps the query's plan for the connection, so it is not planned
-- again on each search (planning alone was a fifth of the query's time on the 10k-article bench).
-- The text tests are those of src/server/content/text-search.ts; change both together.
CREATE FUNCTION search_content(term text, page_limit integer, page_offset integer, candidates integer)
RETURNS TABLE (
  type text, total bigint, shortname text, title text, name text, "position" text, school text,
  author text, date timestamptz, body text
)
LANGUAGE plpgsql STABLE
-- For a broad term the planner would read every row's large out-of-line `search` vector rather
-- than the GIN index (its cost model does not charge for the read): ten times the work.
SET enable_seqscan = off
-- Its plan is the same for every term (the indexes, then at most `candidates` rows ranked), so it is
-- made once per connection instead of on each call.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  -- Parsed once: written in the query, a generic plan would parse it again for each row whose match
  -- the index leaves to be checked (every row of a phrase search).
  tsq tsquery := websearch_to_tsquery('english', term);
BEGIN
  -- The candidates keep their row's address (ctid), so ranking reads each row straight from the
  -- table instead of through the primary key again (a quarter of a broad term's reads). One
  -- statement, one snapshot: an address stays that row's until the statement ends.
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
  ), hits AS (
    SELECT 'article' AS kind, ar.id, ar.date,
           ts_rank(ar.search, tsq) + word_similarity(term, ar.title) AS score
      FROM a JOIN articles ar ON ar.ctid = a.ctid
    UNION ALL
    SELECT 'profile' AS kind, pr.id, pr.date,
           ts_rank(pr.search, tsq) + similarity(pr.name, term) AS score
      FROM p JOIN profiles pr ON pr.ctid = p.ctid
  ), ranked AS (
    SELECT h.kind, h.id, h.date, h.score FROM hits h
     ORDER BY h.score DESC, h.date DESC, h.id DESC
     LIMIT page_limit OFFSET page_offset
  )
  SELECT r.kind, coalesce((SELECT max(a.matches) FROM a), 0) + coalesce((SELECT max(p.matches) FROM p), 0),
         coalesce(ar.shortname, pr.shortname), ar.title, pr.name, pr.position, pr.school,
         u.name, r.date, coalesce(ar.body, pr.body)
    FROM ranked r
    LEFT JOIN articles ar ON r.kind = 'article' AND ar.id = r.id
    LEFT JOIN profiles pr ON r.kind = 'profile' AND pr.id = r.id
    LEFT JOIN users u ON u.id = coalesce(ar.contributor_id, pr.contributor_id)
   ORDER BY r.score DESC, r.date DESC, r.id DESC;
END
$$;
