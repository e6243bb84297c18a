import { queryOptions, useMutation, useQuery, useQueryClient } from '#client/lib/query-client.ts';
import type { LeagueAccountList } from '#common/leagues.ts';
import { api } from './http.ts';
import { refreshLeagueReads } from './leagues.ts';

/*
 * League accounts kept on the site account (signed-in users, decision 022): the account page's list,
 * switching one off and removing one.
 */

const accountsKey = ['league-accounts'] as const;

export const leagueAccountsQueryOptions = () =>
  queryOptions({
    queryKey: accountsKey,
    queryFn: ({ signal }) => api<LeagueAccountList>('league-accounts', { signal }),
  });

export function useLeagueAccounts() {
  return useQuery(leagueAccountsQueryOptions());
}

/** After an account changes, every list that depends on the accounts is asked again. */
function useAfterAccountChange() {
  const client = useQueryClient();
  return () => {
    refreshLeagueReads();
    return client.invalidateQueries({ queryKey: accountsKey });
  };
}

export function useSetLeagueAccountActive() {
  const after = useAfterAccountChange();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api(`league-accounts/${encodeURIComponent(id)}`, { body: { active } }),
    onSettled: after,
  });
}

export function useRemoveLeagueAccount() {
  const after = useAfterAccountChange();
  return useMutation({
    mutationFn: (id: string) => api(`league-accounts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: after,
  });
}
