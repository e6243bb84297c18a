import type { League } from '../../../../../common/leagues.ts';
import type { LeagueStatus } from '../../../../../common/player-status.ts';
import { api } from '../../../../api/http.ts';
import { leagueRef } from '../../../../api/leagues.ts';

/** POST /api/players/status for one chunk of at most 5 leagues (any services, each with its type). */
export function fetchPlayerStatus(
  playerId: string,
  leagues: readonly League[],
  signal?: AbortSignal,
): Promise<LeagueStatus[]> {
  return api<LeagueStatus[]>('players/status', {
    body: {
      player: playerId,
      leagues: leagues.map((l) => ({ type: l.type, name: l.name, ...leagueRef(l) })),
    },
    signal,
  });
}
