import { stream } from '#client/api/http.ts';
import { leagueRef } from '#client/api/leagues.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import {
  type RostershipLeagueLine,
  type RostershipLine,
  rostershipAnswerSchema,
  rostershipLineSchema,
} from '#common/rostership.ts';

/**
 * POST /api/{service}/rostership for one chunk (at most 5 leagues of one service), streamed: each
 * league's answer is handed to `onLeague` the moment it lands, so a slow league never holds the
 * others back. Every line is checked against the shared schema. A server that answers the whole
 * chunk as one JSON answer is read too, as one line per league.
 */
export function fetchRostership(
  service: LeagueType,
  leagues: readonly League[],
  onLeague: (line: RostershipLeagueLine) => void,
  signal?: AbortSignal,
): Promise<void> {
  return stream<RostershipLine>(
    `${service}/rostership`,
    {
      line: (value) => rostershipLineSchema.parse(value),
      whole: (value) => fromWholeAnswer(service, leagues, value),
    },
    // The chunk's summary line adds nothing a page shows: each league's line has come by then.
    (line) => line.kind === 'league' && onLeague(line),
    { body: { leagues: leagues.map(leagueRef) }, signal },
  );
}

/** A whole-chunk JSON answer, taken apart league by league. */
function fromWholeAnswer(
  service: LeagueType,
  leagues: readonly League[],
  data: unknown,
): RostershipLeagueLine[] {
  const answer = rostershipAnswerSchema.parse(data);
  return leagues.map((league) => {
    const failed = answer.failed.filter((f) => f.league_id === league.league_id);
    const read = failed.length === 0;
    return {
      kind: 'league',
      league_id: league.league_id,
      leagues: read ? 1 : 0,
      players: read
        ? answer.players.flatMap((p) => {
            const mine = p.leagues.filter((l) => l.type === service && l.league_id === league.league_id);
            return mine.length > 0 ? [{ ...p, leagues: mine }] : [];
          })
        : [],
      failed,
      missing: read ? answer.missing : [],
    };
  });
}
