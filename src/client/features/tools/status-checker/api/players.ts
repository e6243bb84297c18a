import { api } from '#client/api/http.ts';
import { queryOptions, useQuery } from '#client/lib/query-client.ts';
import type { PlayerList } from '#common/leagues.ts';

/**
 * GET /api/players: every player across the three services (cached a day on the server, an hour
 * here), and what the list lacks while a service is down.
 */
export function fetchPlayers(signal?: AbortSignal): Promise<PlayerList> {
  return api<PlayerList>('players', { signal });
}

export const playersQueryOptions = () =>
  queryOptions({
    queryKey: ['league-players'],
    queryFn: ({ signal }) => fetchPlayers(signal),
    staleTime: 60 * 60_000,
    gcTime: 2 * 60 * 60_000,
  });

export function usePlayers(enabled: boolean) {
  return useQuery({ ...playersQueryOptions(), enabled });
}
