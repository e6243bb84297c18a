-- A Fleaflicker league may be listed by an admin with its commissioner's permission (decision 035).
-- It is read for trade values only: the ADP crawl claims Sleeper and MFL leagues alone, and a
-- Fleaflicker row is never due to it nor ever read by it (no next read, no ADP success).
ALTER TABLE rookie_adp_leagues DROP CONSTRAINT rookie_adp_leagues_service_check;
ALTER TABLE rookie_adp_leagues
  ADD CONSTRAINT rookie_adp_leagues_service_check CHECK (service IN ('mfl', 'sleeper', 'flea'));
ALTER TABLE rookie_adp_leagues
  ADD CONSTRAINT rookie_adp_leagues_flea_trades_only CHECK (
    service <> 'flea' OR (next_read_at IS NULL AND last_success_at IS NULL AND drafts = 0));
