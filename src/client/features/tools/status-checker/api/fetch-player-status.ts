import { api } from '#client/api/http.ts';
import { leagueRef } from '#client/api/leagues.ts';
import type { League, LeaguePlayer } from '#common/leagues.ts';
import type { LeagueStatus } from '#common/player-status.ts';

/** POST /api/players/status for one chunk of at most 5 leagues (any services, each with its type). */
export function fetchPlayerStatus(
  player: LeaguePlayer,
  leagues: readonly League[],
  signal?: AbortSignal,
): Promise<LeagueStatus[]> {
  return api<LeagueStatus[]>('players/status', {
    body: {
      player: player.id,
      // His ids on each service as the list showed them, for when the server's list is unavailable.
      known: {
        name: player.name.slice(0, 100),
        position: player.position.slice(0, 10),
        team: player.team.slice(0, 5),
        mfl_id: player.mfl_id,
        sleeper_id: player.sleeper_id,
        flea_id: player.flea_id,
      },
      leagues: leagues.map((l) => ({ type: l.type, name: l.name, ...leagueRef(l) })),
    },
    signal,
  });
}
