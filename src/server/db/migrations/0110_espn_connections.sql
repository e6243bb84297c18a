-- ESPN joins the services a league connection may be kept for (decision 034). Its credential is the
-- connection's leagues and teams, with the member's espn_s2 and SWID cookies when given.
ALTER TABLE league_connections DROP CONSTRAINT league_connections_service_check;
ALTER TABLE league_connections
  ADD CONSTRAINT league_connections_service_check CHECK (service IN ('mfl', 'sleeper', 'flea', 'espn'));
