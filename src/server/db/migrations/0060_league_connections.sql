-- League connections kept on site accounts (decision 022): several per service, each with its label,
-- an on/off switch and when it was last used. The credential (MFL's session cookie, the Sleeper user
-- id, the Fleaflicker e-mail) is sealed with AES-256-GCM under the server's CONNECTIONS_KEY; key_id
-- names the key that sealed it, so rotation finds the rows still under an old key. MFL passwords are
-- never kept.
CREATE TABLE league_connections (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  service text NOT NULL CHECK (service IN ('mfl', 'sleeper', 'flea')),
  -- A hash of the service's account (MFL user name, Sleeper user id, Fleaflicker e-mail): connecting
  -- the same account again replaces its row instead of adding one.
  account_hash text NOT NULL,
  label text NOT NULL,
  key_id text NOT NULL,
  credential text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  -- MFL answered that the session is no longer valid: the account page asks to log in again.
  session_ended boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  UNIQUE (user_id, service, account_hash)
);
CREATE INDEX league_connections_key_idx ON league_connections (key_id);
