import { stream } from '#client/api/http.ts';
import { leagueRef } from '#client/api/leagues.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import type { RostershipLeagueLine, RostershipLine } from '#common/rostership.ts';
import { loadReading } from './load-reading.ts';

/**
 * POST /api/{service}/rostership for one chunk (at most 5 leagues of one service), streamed: each
 * league's answer is handed to `onLeague` the moment it lands, so a slow league never holds the
 * others back. Every line is checked against the shared schema (the checks load with the first
 * request). A server that answers the whole chunk as one JSON answer is read too, as one line per
 * league.
 */
export function fetchRostership(
  service: LeagueType,
  leagues: readonly League[],
  onLeague: (line: RostershipLeagueLine) => void,
  signal?: AbortSignal,
): Promise<void> {
  return stream<RostershipLine>(
    `${service}/rostership`,
    loadReading().then((reading) => reading.rostershipReading(service, leagues)),
    // The chunk's summary line adds nothing a page shows: each league's line has come by then.
    (line) => line.kind === 'league' && onLeague(line),
    { body: { leagues: leagues.map(leagueRef) }, signal },
  );
}
