import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LoginInput, SignupInput, User } from '../../common/users.ts';
import { ApiError, api } from './http.ts';

/*
 * Who is logged in, and logging in, signing up and out. A visitor is `null`, not an error: the
 * server answers 401 and the page treats it as "not logged in".
 */

export const authKeys = { currentUser: ['current-user'] as const };

export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await api<User>('users/currentUser', { signal });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

export const logIn = (body: LoginInput) => api<User>('login', { body });
export const signUp = (body: SignupInput) => api<User>('signup', { body });
export const logOut = () => api<{ ok: true }>('logout', { method: 'POST' });

// Each of these ends in a full page load, so nothing cached for the previous visitor survives.
export function useLogIn() {
  return useMutation({ mutationFn: logIn, onSuccess: () => window.location.assign('/admin') });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp, onSuccess: () => window.location.assign('/') });
}

export function useLogOut() {
  return useMutation({
    mutationFn: logOut,
    onSuccess: () => {
      // The admin pages would only send a logged-out visitor to the log-in form: go home instead.
      if (window.location.pathname.startsWith('/admin')) window.location.assign('/');
      else window.location.reload();
    },
  });
}
