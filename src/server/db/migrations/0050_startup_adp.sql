-- Startup ADP (issue 26, decision 021): a dynasty league's first draft, of veterans and rookies,
-- kept apart from the rookie drafts (rookie_adp_drafts / rookie_adp_picks never hold one). A snake
-- (or linear) draft gives each player his overall pick; an auction his price's share of the league's
-- budget. The two kinds are never added together: every row names its kind and every query asks for one.

CREATE TABLE startup_adp_drafts (
  id serial PRIMARY KEY,
  service text NOT NULL CHECK (service IN ('mfl', 'sleeper')),
  -- Unique per service: MFL `<league>:<season>:<unit>:<kind>`, Sleeper's draft id.
  draft_key text NOT NULL,
  league_id text NOT NULL,
  season integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('snake', 'auction')),
  size smallint NOT NULL,
  qb_format text NOT NULL CHECK (qb_format IN ('1QB', 'SF', '2QB')),
  idp boolean NOT NULL,
  ppr boolean NOT NULL,
  -- An auction's budget per team (the shares are price / budget); none for a snake draft.
  budget integer CHECK ((kind = 'auction') = (budget IS NOT NULL AND budget > 0)),
  started_at timestamptz NOT NULL,
  pick_count integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (service, draft_key)
);
CREATE INDEX startup_adp_drafts_window_idx ON startup_adp_drafts (service, kind, started_at)
  INCLUDE (size, qb_format, idp, ppr);
CREATE INDEX startup_adp_drafts_league_idx ON startup_adp_drafts (service, league_id);

-- One row per player a startup draft took. `overall` is the overall pick (snake) or the price's
-- share of the budget, 0 to 1 (auction); the name is the rookie store's, so one query serves both.
-- The draft's facts are copied onto each pick, as in rookie_adp_picks.
CREATE TABLE startup_adp_picks (
  draft_id integer NOT NULL REFERENCES startup_adp_drafts (id) ON DELETE CASCADE,
  -- rookie_adp_players.id (the players of both stores), written before its picks.
  player_id integer NOT NULL,
  overall double precision NOT NULL,
  service text NOT NULL,
  kind text NOT NULL,
  started_at timestamptz NOT NULL,
  size smallint NOT NULL,
  qb_format text NOT NULL,
  idp boolean NOT NULL,
  ppr boolean NOT NULL,
  PRIMARY KEY (draft_id, player_id)
);
CREATE INDEX startup_adp_picks_window_idx ON startup_adp_picks (service, kind, started_at)
  INCLUDE (size, qb_format, idp, ppr, player_id, overall);

-- Per UTC month, kind, league facts and player: the count, sum, least and greatest of the values, as
-- rookie_adp_months keeps them for rookie picks; kept in step by the transaction that saves a draft.
CREATE TABLE startup_adp_months (
  service text NOT NULL,
  kind text NOT NULL,
  month date NOT NULL,
  size smallint NOT NULL,
  qb_format text NOT NULL,
  idp boolean NOT NULL,
  ppr boolean NOT NULL,
  player_id integer NOT NULL,
  picks integer NOT NULL,
  pick_sum double precision NOT NULL,
  min_pick double precision NOT NULL,
  max_pick double precision NOT NULL,
  PRIMARY KEY (service, kind, month, size, qb_format, idp, ppr, player_id)
);

-- The same totals over every league size and format the page can choose (10, 12 and 14 teams, any QB
-- format, IDP and PPR): the page's widest filter, and its default, reads these few rows per month
-- instead of adding up every combination of facts.
CREATE TABLE startup_adp_months_wide (
  service text NOT NULL,
  kind text NOT NULL,
  month date NOT NULL,
  player_id integer NOT NULL,
  picks integer NOT NULL,
  pick_sum double precision NOT NULL,
  min_pick double precision NOT NULL,
  max_pick double precision NOT NULL,
  PRIMARY KEY (service, kind, month, player_id)
);
