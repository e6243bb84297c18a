-- Rankings by the site's writers (decision 037): content like articles (shortname, author,
-- visibility, date), whose body is an ordered list of players with tiers and notes.
CREATE TABLE rankings (
  id serial PRIMARY KEY,
  shortname text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- overall, position (then `position` names it), rookie, idp.
  kind text NOT NULL CHECK (kind IN ('overall', 'position', 'rookie', 'idp')),
  position text NOT NULL DEFAULT '',
  qb_format text NOT NULL CHECK (qb_format IN ('1QB', 'SF')),
  ppr boolean NOT NULL DEFAULT true,
  te_premium boolean NOT NULL DEFAULT false,
  date timestamptz NOT NULL DEFAULT now(),
  contributor_id integer REFERENCES users (id) ON DELETE SET NULL,
  is_visible boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The players' names are in the search too, so "Bijan" finds the boards that rank him.
  player_names text NOT NULL DEFAULT '',
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(description, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(player_names, '')), 'C')
  ) STORED,
  CHECK ((kind = 'position') = (position <> ''))
);
CREATE INDEX rankings_search_idx ON rankings USING gin (search);
CREATE INDEX rankings_title_trgm_idx ON rankings USING gin (title gin_trgm_ops);
CREATE INDEX rankings_visible_date_idx ON rankings (is_visible, date DESC, id DESC);
CREATE INDEX rankings_contributor_idx ON rankings (contributor_id);
CREATE INDEX rankings_format_idx ON rankings (kind, qb_format, ppr, te_premium) WHERE is_visible;

-- The current board. The name, position and team are those of the player list when the row was
-- saved, so a page never needs the league services to show it; the ids match the ADP stores.
CREATE TABLE ranking_entries (
  ranking_id integer NOT NULL REFERENCES rankings (id) ON DELETE CASCADE,
  rank smallint NOT NULL CHECK (rank >= 1),
  -- The player list's id (an MFL id, sleeper:<id>, flea:<id>) or profile:<id> for a site prospect.
  player_id text NOT NULL,
  mfl_id text,
  sleeper_id text,
  name text NOT NULL,
  position text NOT NULL DEFAULT '',
  team text NOT NULL DEFAULT '',
  tier smallint NOT NULL CHECK (tier >= 1),
  note text NOT NULL DEFAULT '',
  PRIMARY KEY (ranking_id, rank),
  UNIQUE (ranking_id, player_id)
);
CREATE INDEX ranking_entries_player_idx ON ranking_entries (player_id);

-- Each published state of a ranking, numbered per ranking, with who saved it and what changed.
CREATE TABLE ranking_versions (
  id serial PRIMARY KEY,
  ranking_id integer NOT NULL REFERENCES rankings (id) ON DELETE CASCADE,
  number integer NOT NULL,
  editor_id integer REFERENCES users (id) ON DELETE SET NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  title text NOT NULL,
  -- [{ playerId, name, position, team, tier, note }] in rank order.
  entries jsonb NOT NULL,
  -- Sentences: "Moved Bijan Robinson from 4 to 2.", "Added …".
  changes text[] NOT NULL DEFAULT '{}',
  UNIQUE (ranking_id, number)
);

-- Site search finds rankings too: search_content of migration 0042 with a third kind, made the same
-- way (its own candidates from the GIN indexes, ranked with the others). The text tests are those
-- of src/server/content/text-search.ts; change both together.
DROP FUNCTION search_content(text, integer, integer, integer);
CREATE FUNCTION search_content(term text, page_limit integer, page_offset integer, candidates integer)
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
      FROM a JOIN articles ar ON ar.ctid = a.ctid
    UNION ALL
    SELECT 'profile' AS kind, pr.id, pr.date,
           ts_rank(pr.search, tsq) + similarity(pr.name, term) AS score
      FROM p JOIN profiles pr ON pr.ctid = p.ctid
    UNION ALL
    SELECT 'ranking' AS kind, rr.id, rr.date,
           ts_rank(rr.search, tsq || websearch_to_tsquery('simple', term)) + word_similarity(term, rr.title) AS score
      FROM rk JOIN rankings rr ON rr.ctid = rk.ctid
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
