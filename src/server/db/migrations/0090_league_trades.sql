-- Completed trades of the leagues the site reads within each service's terms (decision 035): the
-- market that trade values are estimated from. Each trade is kept once, by its service's own id (MFL
-- gives none: the reader builds a stable one from the league, season, time and what changed hands).
-- No team or owner names are kept: each side is only what it received.
CREATE TABLE league_trades (
  service text NOT NULL CHECK (service IN ('mfl', 'sleeper', 'flea')),
  trade_id text NOT NULL,
  league_id text NOT NULL,
  season integer NOT NULL,
  traded_at timestamptz NOT NULL,
  -- The league's facts when it was read.
  size smallint NOT NULL CHECK (size > 0),
  qb_format text NOT NULL CHECK (qb_format IN ('1QB', 'SF', '2QB')),
  -- Points per reception.
  ppr real NOT NULL,
  -- Extra points per reception by a tight end; 0 when none.
  te_premium real NOT NULL,
  idp boolean NOT NULL,
  -- [{"players":["<service id>"],"picks":[{"season":2026,"round":1,"slot":"early"|"mid"|"late"|null}],"faab":0}],
  -- each side as what it received.
  sides jsonb NOT NULL CHECK (jsonb_typeof(sides) = 'array'),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (service, trade_id)
);
CREATE INDEX league_trades_traded_at_idx ON league_trades (traded_at);
CREATE INDEX league_trades_league_idx ON league_trades (service, league_id);

-- Every player who changed hands in a trade, by his service's id: finds a player's trades without
-- reading the sides of all others.
CREATE TABLE league_trade_players (
  service text NOT NULL,
  trade_id text NOT NULL,
  player_id text NOT NULL,
  PRIMARY KEY (service, trade_id, player_id),
  FOREIGN KEY (service, trade_id) REFERENCES league_trades (service, trade_id) ON DELETE CASCADE
);
CREATE INDEX league_trade_players_player_idx ON league_trade_players (service, player_id);

-- Where reading each league's trades stands, so a restart resumes instead of starting over: the last
-- Sleeper round read (rounds before it are settled), when the league was last read and when next.
CREATE TABLE league_trade_reads (
  service text NOT NULL CHECK (service IN ('mfl', 'sleeper', 'flea')),
  league_id text NOT NULL,
  season integer,
  last_round smallint,
  last_read_at timestamptz,
  next_read_at timestamptz,
  failures integer NOT NULL DEFAULT 0,
  last_error text,
  PRIMARY KEY (service, league_id)
);
