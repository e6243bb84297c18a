-- Rookie ADP discovery: public leagues found by MFL's league search and Sleeper's user graph, read at
-- a share of each service's rate by jobs that run once however many servers share the database.

-- Every league the store knows is also the crawl's frontier: where it came from, whether it is worth
-- reading, when it is due again, and which server holds it right now (a lease that a crash lets lapse).
ALTER TABLE rookie_adp_leagues
  ADD COLUMN source text NOT NULL DEFAULT 'visitor'
    CHECK (source IN ('configured', 'admin', 'discovered', 'visitor')),
  ADD COLUMN name text,
  -- 'not-dynasty' and 'mock' are never read again; 'no-rookie-draft' is looked at again next season.
  ADD COLUMN skip_reason text,
  -- 'none', 'scheduled', 'drafting' or 'complete': the state of the league's rookie draft when last read.
  ADD COLUMN draft_state text,
  ADD COLUMN next_read_at timestamptz,
  ADD COLUMN lease_owner text,
  ADD COLUMN lease_until timestamptz,
  -- Sleeper: when the league's members were listed (the next step of the user graph).
  ADD COLUMN users_listed_at timestamptz,
  ADD COLUMN found_at timestamptz NOT NULL DEFAULT now();
UPDATE rookie_adp_leagues SET source = 'configured' WHERE configured;
UPDATE rookie_adp_leagues SET users_listed_at = now() WHERE service <> 'sleeper';
CREATE INDEX rookie_adp_leagues_due_idx ON rookie_adp_leagues (next_read_at) WHERE next_read_at IS NOT NULL;
CREATE INDEX rookie_adp_leagues_unlisted_idx ON rookie_adp_leagues (found_at)
  WHERE users_listed_at IS NULL AND skip_reason IS NULL;

-- The rest of the frontier: MFL searches (kind 'mfl-search', key '<year>:<term>') and Sleeper users
-- whose leagues are to be listed (kind 'sleeper-user', key the user id).
CREATE TABLE adp_crawl_items (
  kind text NOT NULL CHECK (kind IN ('mfl-search', 'sleeper-user')),
  key text NOT NULL,
  due_at timestamptz,
  lease_owner text,
  lease_until timestamptz,
  failures integer NOT NULL DEFAULT 0,
  last_error text,
  done_at timestamptz,
  found integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, key)
);
CREATE INDEX adp_crawl_items_due_idx ON adp_crawl_items (kind, due_at) WHERE due_at IS NOT NULL;

-- Scheduled jobs: one row per job; a server runs it only while it holds the row's lease.
CREATE TABLE adp_jobs (
  name text PRIMARY KEY,
  run_at timestamptz NOT NULL DEFAULT now(),
  paused boolean NOT NULL DEFAULT false,
  lease_owner text,
  lease_until timestamptz,
  failures integer NOT NULL DEFAULT 0,
  last_error text
);

-- One row per run of a job, for the admin data page.
CREATE TABLE adp_runs (
  id serial PRIMARY KEY,
  job text NOT NULL,
  owner text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ok', 'failed', 'abandoned')),
  mfl_requests integer NOT NULL DEFAULT 0,
  sleeper_requests integer NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  leagues_read integer NOT NULL DEFAULT 0,
  leagues_found integer NOT NULL DEFAULT 0,
  drafts integer NOT NULL DEFAULT 0,
  error text
);
CREATE INDEX adp_runs_started_idx ON adp_runs (started_at DESC);
