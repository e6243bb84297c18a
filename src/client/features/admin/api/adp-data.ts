import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/api/http.ts';
import type { AdpAddLeagueAnswer, AdpData, AdpDiscoveryAction } from '#common/adp-data.ts';

const key = ['admin', 'adp-data'] as const;

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
    mutationFn: (league: string) => api<AdpAddLeagueAnswer>('admin/adp/leagues', { body: { league } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDiscoveryAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: AdpDiscoveryAction) => api<AdpData>('admin/adp/discovery', { body: { action } }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}
