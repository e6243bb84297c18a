-- MFL's own ADP kept over time (decision 025). MFL's aggregate (TYPE=adp) counts the season so far as
-- a whole; a daily copy of it, for each filter the Rookie ADP page asks MFL (real rookie-only drafts,
-- PERIOD=ALL, CUTOFF=5, one league size and one IS_PPR value per copy), lets the site derive what
-- happened between two copies: the drafts in between are the difference of the two counts.
CREATE TABLE mfl_adp_copies (
  id serial PRIMARY KEY,
  -- MFL's season (the year in the path; seasons turn over on 1 March UTC).
  season smallint NOT NULL,
  fcount smallint NOT NULL,
  is_ppr smallint NOT NULL CHECK (is_ppr IN (-1, 0, 1)),
  -- The UTC day the copy was taken (one copy per filter and day), and when, by the site's clock.
  taken_on date NOT NULL,
  taken_at timestamptz NOT NULL,
  -- When MFL made the answer (its `timestamp`), when it said.
  mfl_made_at timestamptz,
  total_drafts integer NOT NULL CHECK (total_drafts >= 0),
  UNIQUE (season, fcount, is_ppr, taken_on)
);

-- Each player MFL listed in a copy (those at 5 % of the drafts or more): his average pick, as MFL
-- rounds it (two decimals), and the drafts that took him.
CREATE TABLE mfl_adp_copy_players (
  copy_id integer NOT NULL REFERENCES mfl_adp_copies (id) ON DELETE CASCADE,
  player_id text NOT NULL,
  average_pick numeric(8, 2) NOT NULL,
  drafts_selected_in integer NOT NULL CHECK (drafts_selected_in > 0),
  PRIMARY KEY (copy_id, player_id)
);
