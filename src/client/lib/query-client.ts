import {
  QueryClient,
  useIsMutating as useIsMutatingOf,
  useMutation as useMutationOf,
  useQuery as useQueryOf,
} from '@tanstack/react-query';

/*
 * TanStack Query, for the screens that read and write behind an account or a league connection
 * (tools, admin, account, log-in) and the header's account menu. Every use of it comes through this
 * module, and its hooks are bound to the one client here rather than to a provider at the root, so
 * TanStack Query arrives with the code of the first screen that uses it and stays out of the first
 * load of the public pages, which read through api/public-data.ts (decision 026).
 */

export {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
// What a provider would do when drawn: follow the browser's online state (a query paused offline
// resumes when back).
queryClient.mount();

export const useQuery = ((options: Parameters<typeof useQueryOf>[0]) =>
  useQueryOf(options, queryClient)) as typeof useQueryOf;

export const useMutation = ((options: Parameters<typeof useMutationOf>[0]) =>
  useMutationOf(options, queryClient)) as typeof useMutationOf;

export const useIsMutating = (filters?: Parameters<typeof useIsMutatingOf>[0]) =>
  useIsMutatingOf(filters, queryClient);

export const useQueryClient = () => queryClient;
