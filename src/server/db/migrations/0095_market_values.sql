-- Market values fitted from the stored trades (decision 036), one set per format, replaced whole by
-- the values job: never computed at a visitor's request.
CREATE TABLE market_value_sets (
  -- The format's key: "12-sf-ppr1-te0", "-idp" appended for IDP.
  format text PRIMARY KEY,
  computed_at timestamptz NOT NULL,
  -- Trades used (weighed for this format), of which of exactly this format; left out as lopsided.
  trades integer NOT NULL,
  exact integer NOT NULL,
  outliers integer NOT NULL,
  -- ["mfl","sleeper"]: the services of the trades used.
  services jsonb NOT NULL,
  first_trade_at timestamptz,
  last_trade_at timestamptz,
  -- Median relative gap of predicted side worths on held-out trades; NULL with too few to hold out.
  held_out_error real
);

CREATE TABLE market_values (
  format text NOT NULL REFERENCES market_value_sets (format) ON DELETE CASCADE,
  -- "player:<players list id>" or "pick:<season>:<round>[:<slot>]".
  asset text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('player', 'pick')),
  name text NOT NULL,
  position text NOT NULL,
  team text NOT NULL,
  rookie boolean NOT NULL,
  -- ["sleeper:4046","mfl:13604"]: the player's ids, for the trades behind the value.
  ids jsonb NOT NULL,
  value real NOT NULL,
  error real NOT NULL,
  -- The value 30 days before, from the trades known then (the trend); NULL when it had none.
  previous real,
  trades integer NOT NULL,
  -- The newest trades behind the value, "<service>:<trade id>".
  trade_ids jsonb NOT NULL,
  thin boolean NOT NULL,
  PRIMARY KEY (format, asset)
);
