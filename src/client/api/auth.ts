import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { SESSION_HINT_COOKIE } from '../../common/session-hint.ts';
import type { LoginInput, SignupInput, User } from '../../common/users.ts';
import { ApiError, api } from './http.ts';

/*
 * Who is logged in, and logging in, signing up and out. A visitor is `null`, not an error: the
 * server answers 401 and the page treats it as "not logged in".
 */

export const authKeys = { currentUser: ['current-user'] as const };

const hintPattern = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=`);

export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  // Without the hint there is no session to ask about (the session cookie itself is unreadable).
  if (!hintPattern.test(document.cookie)) return null;
  try {
    return await api<User>('users/currentUser', { signal });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      // The session ended on the server (expired, or ended elsewhere): stop asking.
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
      document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
      return null;
    }
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
