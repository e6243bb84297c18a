-- Password-reset links (decision 023). A link carries a random 256-bit token; only its SHA-256 is
-- kept here, as for sessions, so a leaked table opens no account. A link works once, for 30 minutes,
-- and goes with its account.
CREATE TABLE password_resets (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
