import { api } from '#client/api/http.ts';
import { queryOptions, useQuery } from '#client/lib/query-client.ts';
import type {
  AdpAnswer,
  AdpMonthsAnswer,
  AdpMonthsRequestInput,
  AdpRequestInput,
} from '#common/rookie-adp.ts';
import type { StartupAnswer, StartupRequestInput } from '#common/startup-adp.ts';

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

/** POST /api/mfl/adp/startup: startup ADP (snake) or auction shares for the filter. */
export function useStartupAdp(request: StartupRequestInput, enabled: boolean) {
  return useQuery({
    queryKey: ['startup-adp', request] as const,
    queryFn: ({ signal }) => api<StartupAnswer>('mfl/adp/startup', { method: 'POST', body: request, signal }),
    enabled,
    staleTime: 60_000,
  });
}
