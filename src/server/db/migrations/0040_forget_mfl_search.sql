-- MFL's API terms forbid harvesting league and user data (decision 017): what MFL's league search
-- gathered goes. The MFL leagues it found (source 'discovered'), their rookie drafts with their picks,
-- and the searches themselves ('mfl-search' frontier rows) are deleted, and MFL's monthly totals are
-- rebuilt from the picks that stay, so ADP answers count exactly the drafts that are left. MFL leagues
-- that visitors connected, and those listed by an admin or ADP_LEAGUE_IDS, stay with their drafts.
-- (A league found by the search before a visitor connected it kept the source 'discovered' and goes
-- too; it is read again, with the visitor's consent, the next time that visitor uses Rookie ADP.)

DELETE FROM rookie_adp_drafts d
USING rookie_adp_leagues l
WHERE d.service = 'mfl'
  AND l.service = 'mfl'
  AND l.league_id = d.league_id
  AND l.source = 'discovered'
  AND NOT l.configured;

DELETE FROM rookie_adp_leagues
WHERE service = 'mfl' AND source = 'discovered' AND NOT configured;

DELETE FROM adp_crawl_items WHERE kind = 'mfl-search';

-- rookie_adp_picks went with their drafts (ON DELETE CASCADE); the totals follow the picks.
DELETE FROM rookie_adp_months WHERE service = 'mfl';
INSERT INTO rookie_adp_months (service, month, size, qb_format, idp, ppr, player_id, picks, pick_sum, min_pick, max_pick)
SELECT service, date_trunc('month', started_at AT TIME ZONE 'UTC')::date, size, qb_format, idp, ppr, player_id,
       count(*), sum(overall), min(overall), max(overall)
FROM rookie_adp_picks
WHERE service = 'mfl'
GROUP BY 1, 2, 3, 4, 5, 6, 7;
