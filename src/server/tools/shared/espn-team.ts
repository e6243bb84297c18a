import { leagueError } from '#server/leagues/errors.ts';
import type { EspnAuth, EspnView } from '#server/leagues/espn/client.ts';
import { decodeEspnConnection } from '#server/leagues/espn/connection.ts';
import type { EspnLeague } from '#server/leagues/espn/schemas.ts';
import { ESPN_BENCH_SLOT, ESPN_IR_SLOT } from '#server/leagues/espn/vocabulary.ts';
import type { LeagueServices } from '#server/leagues/services.ts';

type EspnTeam = NonNullable<EspnLeague['teams']>[number];
export type EspnRosterEntry = NonNullable<EspnTeam['roster']>['entries'][number];

/** Whether the entry's lineup slot is a starting one (not the bench, not injured reserve). */
export const espnStarts = (e: EspnRosterEntry) =>
  e.lineupSlotId !== ESPN_BENCH_SLOT && e.lineupSlotId !== ESPN_IR_SLOT;

/**
 * The visitor's team in an ESPN league, read with the connection's cookies (a public league needs
 * none): the league with the views asked (mRoster always), and the team the reference names.
 */
export async function espnTeamOf(
  services: LeagueServices,
  ref: { league_id: string; team_id: string },
  credential: string,
  views: readonly EspnView[] = [],
  week?: number,
): Promise<{ league: EspnLeague; team: EspnTeam; entries: EspnRosterEntry[]; auth?: EspnAuth }> {
  const { auth } = decodeEspnConnection(credential);
  const league = await services.espn.league(ref.league_id, ['mRoster', ...views], { auth, week });
  const team = league.teams?.find((t) => String(t.id) === ref.team_id);
  if (!team) throw leagueError('espn', 'not-found', 'ESPN has no such team in this league');
  if (!team.roster) throw leagueError('espn', 'unreadable');
  return { league, team, entries: team.roster.entries, auth };
}
