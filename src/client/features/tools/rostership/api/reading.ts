import type { StreamReading } from '#client/api/http.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import {
  type RostershipLeagueLine,
  type RostershipLine,
  rostershipAnswerSchema,
  rostershipLineSchema,
} from '#common/rostership.ts';

/*
 * What Rostership reads, checked against the shared schemas: each streamed line, a whole-chunk JSON
 * answer, and the result stored for the next visit. zod and the schemas come with this module, which
 * loads with the page's first request (loadReading), not with the page.
 */

export { readStored, writeStored } from '../stored-result.ts';

/** How a chunk's answer is read: each line checked, a whole JSON answer taken apart league by league. */
export const rostershipReading = (
  service: LeagueType,
  leagues: readonly League[],
): StreamReading<RostershipLine> => ({
  line: (value) => rostershipLineSchema.parse(value),
  whole: (value) => fromWholeAnswer(service, leagues, value),
});

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
