-- Rookie ADP store: rookie drafts read from MFL and Sleeper leagues, with the facts the tool filters on.

-- Each league read: where it came from, and how the last attempts went (a failing league is retried later).
CREATE TABLE rookie_adp_leagues (
  service text NOT NULL CHECK (service IN ('mfl', 'sleeper')),
  league_id text NOT NULL,
  -- MFL's league home URL names its host and season; kept so later reads go straight to that host.
  url text,
  configured boolean NOT NULL DEFAULT false,
  drafts integer NOT NULL DEFAULT 0,
  failures integer NOT NULL DEFAULT 0,
  last_error text,
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  retry_at timestamptz,
  PRIMARY KEY (service, league_id)
);

CREATE TABLE rookie_adp_players (
  id serial PRIMARY KEY,
  service text NOT NULL,
  player_key text NOT NULL,
  name text NOT NULL,
  position text NOT NULL,
  UNIQUE (service, player_key)
);

-- One rookie draft (an MFL draft unit of one season, a Sleeper draft) and its league's facts.
CREATE TABLE rookie_adp_drafts (
  id serial PRIMARY KEY,
  service text NOT NULL,
  draft_key text NOT NULL,
  league_id text NOT NULL,
  season integer NOT NULL,
  size smallint NOT NULL,
  qb_format text NOT NULL CHECK (qb_format IN ('1QB', 'SF', '2QB')),
  idp boolean NOT NULL,
  ppr boolean NOT NULL,
  started_at timestamptz NOT NULL,
  pick_count integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (service, draft_key)
);
CREATE INDEX rookie_adp_drafts_window_idx ON rookie_adp_drafts (service, started_at)
  INCLUDE (size, qb_format, idp, ppr);
CREATE INDEX rookie_adp_drafts_league_idx ON rookie_adp_drafts (service, league_id);

-- Rookie picks only. The draft's facts are copied onto each pick so the ADP query filters and
-- averages one table (an index-only scan) instead of joining hundreds of thousands of rows.
CREATE TABLE rookie_adp_picks (
  draft_id integer NOT NULL REFERENCES rookie_adp_drafts (id) ON DELETE CASCADE,
  overall smallint NOT NULL,
  -- rookie_adp_players.id, written before its picks; no foreign key, to keep bulk writes cheap.
  player_id integer NOT NULL,
  picked_at timestamptz NOT NULL,
  service text NOT NULL,
  started_at timestamptz NOT NULL,
  size smallint NOT NULL,
  qb_format text NOT NULL,
  idp boolean NOT NULL,
  ppr boolean NOT NULL,
  PRIMARY KEY (draft_id, overall)
);
CREATE INDEX rookie_adp_picks_window_idx ON rookie_adp_picks (service, started_at)
  INCLUDE (size, qb_format, idp, ppr, player_id, overall);

-- Per UTC month, league facts and player: how many picks, their sum, the earliest and the latest.
-- The whole months of a date window are read from here and only its partial months from the picks,
-- so the widest filters aggregate tens of thousands of rows instead of every pick. Kept in step by
-- the same transaction that saves a draft.
CREATE TABLE rookie_adp_months (
  service text NOT NULL,
  month date NOT NULL,
  size smallint NOT NULL,
  qb_format text NOT NULL,
  idp boolean NOT NULL,
  ppr boolean NOT NULL,
  player_id integer NOT NULL,
  picks integer NOT NULL,
  pick_sum integer NOT NULL,
  min_pick smallint NOT NULL,
  max_pick smallint NOT NULL,
  PRIMARY KEY (service, month, size, qb_format, idp, ppr, player_id)
);
