import { api } from '#client/api/http.ts';
import { useLeagueRead } from '#client/api/leagues.ts';
import type { PlayerList } from '#common/leagues.ts';

/**
 * GET /api/players: every player across the services (cached a day on the server, an hour here),
 * and what the list lacks while a service is down.
 */
export function fetchPlayers(signal?: AbortSignal): Promise<PlayerList> {
  return api<PlayerList>('players', { signal });
}

export function usePlayers(enabled: boolean) {
  return useLeagueRead<PlayerList>('players', 60 * 60_000, enabled);
}
