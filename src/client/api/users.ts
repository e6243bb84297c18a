import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '#client/lib/query-client.ts';
import type { Contributor, ResetLink, User, UserCreate, UserList, UserUpdate } from '#common/users.ts';
import { authKeys } from './auth.ts';
import { api, query } from './http.ts';

/* Users for the admin panel: the contributor select, the paged list, one user, saving. */

export const userKeys = {
  all: ['users'] as const,
  contributors: ['users', 'contributors'] as const,
  list: (page: number, limit: number, contributorsOnly: boolean) =>
    ['users', 'list', { page, limit, contributorsOnly }] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export const fetchContributors = (signal?: AbortSignal) =>
  api<Contributor[]>(`users${query({ isContributor: true })}`, { signal });

export const contributorsQueryOptions = () =>
  queryOptions({ queryKey: userKeys.contributors, queryFn: ({ signal }) => fetchContributors(signal) });

export function useContributors(enabled = true) {
  return useQuery({ ...contributorsQueryOptions(), enabled });
}

export const fetchUsers = (
  opts: { page: number; limit: number; contributorsOnly?: boolean },
  signal?: AbortSignal,
) =>
  api<UserList>(
    `users${query({ isAdmin: true, isContributor: opts.contributorsOnly || undefined, limit: opts.limit, page: opts.page })}`,
    { signal },
  );

export const usersQueryOptions = (opts: { page: number; limit: number; contributorsOnly?: boolean }) =>
  queryOptions({
    queryKey: userKeys.list(opts.page, opts.limit, Boolean(opts.contributorsOnly)),
    queryFn: ({ signal }) => fetchUsers(opts, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(opts: { page: number; limit: number; contributorsOnly?: boolean }, enabled = true) {
  return useQuery({ ...usersQueryOptions(opts), enabled });
}

export const fetchUser = (id: number, signal?: AbortSignal) => api<User>(`users/${id}`, { signal });

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => fetchUser(id, signal) });

export function useUser(id: number, enabled = true) {
  return useQuery({ ...userQueryOptions(id), enabled });
}

export const saveUser = (id: number, body: UserUpdate) => api<User>(`users/${id}`, { body });
export const createUser = (body: UserCreate) => api<User>('users', { body });

/** Saves an existing user (id) or adds one (no id); lists and the header's name refresh after. */
export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: { id: number; body: UserUpdate } | { id?: undefined; body: UserCreate }) =>
      args.id === undefined ? createUser(args.body) : saveUser(args.id, args.body),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: authKeys.currentUser }),
      ]);
    },
  });
}

/** A super user makes a password-reset link for a user, to hand over (shown once). */
export function useIssueResetLink() {
  return useMutation({
    mutationFn: (id: number) => api<ResetLink>(`users/${id}/password-reset`, { method: 'POST' }),
  });
}
