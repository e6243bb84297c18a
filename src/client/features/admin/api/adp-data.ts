import { api } from '#client/api/http.ts';
import { useMutation, useQuery, useQueryClient } from '#client/lib/query-client.ts';
import type {
  AdpAddLeague,
  AdpAddLeagueAnswer,
  AdpData,
  AdpDiscoveryAction,
  AdpListedLeagues,
} from '#common/adp-data.ts';

const key = ['admin', 'adp-data'] as const;
const listedKey = ['admin', 'adp-listed-leagues'] as const;

/** The Rookie ADP data page's figures, refreshed every 15 seconds while a run may be going. */
export const useAdpData = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<AdpData>('admin/adp', { signal }),
    refetchInterval: 15_000,
  });

export function useAddAdpLeague() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdpAddLeague) => api<AdpAddLeagueAnswer>('admin/adp/leagues', { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: listedKey });
    },
  });
}

/** The leagues listed on this page (with the MFL and Fleaflicker caps). */
export const useListedAdpLeagues = () =>
  useQuery({
    queryKey: listedKey,
    queryFn: ({ signal }) => api<AdpListedLeagues>('admin/adp/leagues', { signal }),
  });

export function useRemoveAdpLeague() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (league: { service: 'mfl' | 'sleeper' | 'flea'; leagueId: string }) =>
      api<{ removed: boolean; drafts: number }>('admin/adp/leagues/remove', { body: league }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: listedKey });
    },
  });
}

export function useDiscoveryAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: AdpDiscoveryAction) => api<AdpData>('admin/adp/discovery', { body: { action } }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}
