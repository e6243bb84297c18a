import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#client/api/http.ts';
import type {
  AdpAnswer,
  AdpMonthsAnswer,
  AdpMonthsRequestInput,
  AdpRequestInput,
} from '#common/rookie-adp.ts';

/** POST /api/mfl/adp: rookie ADP for the filter. A refused filter throws the server's first message. */
export function fetchAdp(filter: AdpRequestInput, signal?: AbortSignal): Promise<AdpAnswer> {
  return api<AdpAnswer>('mfl/adp', { method: 'POST', body: filter, signal });
}

export const adpQueryOptions = (filter: AdpRequestInput, enabled = true) =>
  queryOptions({
    queryKey: ['rookie-adp', filter] as const,
    queryFn: ({ signal }) => fetchAdp(filter, signal),
    enabled,
    // The server caches answers for a minute; so may the page.
    staleTime: 60_000,
  });

export function useAdp(filter: AdpRequestInput, enabled: boolean) {
  return useQuery(adpQueryOptions(filter, enabled));
}

/** POST /api/mfl/adp/months: one player's ADP month by month under the filter (an opened row). */
export function usePlayerMonths(request: AdpMonthsRequestInput) {
  return useQuery({
    queryKey: ['rookie-adp-months', request] as const,
    queryFn: ({ signal }) =>
      api<AdpMonthsAnswer>('mfl/adp/months', { method: 'POST', body: request, signal }),
    staleTime: 60_000,
  });
}
