-- MFL drafts from visitors' leagues only with the visitor's consent (decision 017).

-- A signed-in user's choice, asked on MFL's log-in form; visitors keep theirs in a cookie.
ALTER TABLE users ADD COLUMN share_mfl_drafts boolean NOT NULL DEFAULT false;

-- Who shared a league's rookie drafts: one row per visitor who consented and is in the league. The
-- contributor is a keyed hash (HMAC) of the MFL username or of the site user's id, never the id
-- itself, so opting out finds that visitor's leagues and nothing else can be read from it. A league's
-- drafts stay while one of its contributors still consents, or while an admin or ADP_LEAGUE_IDS lists it.
CREATE TABLE rookie_adp_contributions (
  service text NOT NULL,
  league_id text NOT NULL,
  contributor text NOT NULL,
  contributed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (service, league_id, contributor),
  FOREIGN KEY (service, league_id) REFERENCES rookie_adp_leagues (service, league_id) ON DELETE CASCADE
);
CREATE INDEX rookie_adp_contributions_contributor_idx ON rookie_adp_contributions (contributor);
