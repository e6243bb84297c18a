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
