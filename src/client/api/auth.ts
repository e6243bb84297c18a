import { queryOptions, useMutation, useQuery } from '#client/lib/query-client.ts';
import { destinationAfterLogIn } from '#common/next-path.ts';
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts';
import type {
  AccountDelete,
  LoginInput,
  PasswordChange,
  PasswordReset,
  PasswordResetCheck,
  PasswordResetInfo,
  PasswordResetRequest,
  SignupInput,
  User,
} from '#common/users.ts';
import { showAfterLoad } from '../lib/after-load.ts';
import { hasSessionHint } from '../lib/session-hint.ts';
import { ApiError, api } from './http.ts';

/*
 * Who is logged in, and logging in, signing up and out. A visitor is `null`, not an error: the
 * server answers 401 and the page treats it as "not logged in".
 */

export const authKeys = { currentUser: ['current-user'] as const };

export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  // Without the hint there is no session to ask about (the session cookie itself is unreadable).
  if (!hasSessionHint()) return null;
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
export const signUp = (body: SignupInput) => api<{ ok: true }>('signup', { body });
export const logOut = () => api<{ ok: true }>('logout', { method: 'POST' });
export const changePassword = (body: PasswordChange) => api<User>('users/currentUser/password', { body });

// Each of these ends in a full page load, so nothing cached for the previous visitor survives.
// `next` is where the visitor came from (checked by destinationAfterLogIn).
export function useLogIn(next?: string | null) {
  return useMutation({
    mutationFn: logIn,
    onSuccess: (user) => window.location.assign(destinationAfterLogIn(user, next)),
  });
}

/**
 * Sign-up answers the same whether or not the e-mail already has an account (so it reveals none);
 * the new account is then logged in with the same e-mail and password.
 */
export function useSignUp(next?: string | null) {
  return useMutation({
    mutationFn: async (body: SignupInput) => {
      await signUp(body);
      try {
        return await logIn({ username: body.username, password: body.password });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401)
          throw new Error(
            'We could not log you in with that password. If you already have an account with this e-mail address, log in with its password.',
          );
        throw e;
      }
    },
    onSuccess: (user) => window.location.assign(destinationAfterLogIn(user, next)),
  });
}

/** Changing one's password ends every other session; this browser keeps a fresh one. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
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

export const deleteAccount = (body: AccountDelete) =>
  api<{ deleted: number }>('users/currentUser', { method: 'DELETE', body });

/**
 * Deleting one's own account (the password confirms it). The browser is logged out with it, so the
 * page loads the home page afresh, which says what happened.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      showAfterLoad('Your account is deleted, and you are logged out. Thank you for having been here.');
      window.location.assign('/');
    },
  });
}

/** Whether "Forgot password" mails a link (else a site administrator issues one). */
export function usePasswordResetInfo() {
  return useQuery({
    queryKey: ['password-reset-info'],
    queryFn: ({ signal }) => api<PasswordResetInfo>('password-reset', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Asks for a reset link by mail; the answer is the same whether the address has an account or not. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) => api<{ ok: true }>('password-reset/request', { body }),
  });
}

/**
 * Whether a reset link's token still works, asked once when its page opens (it is not used up). A
 * refusal (400) is the answer, not a hiccup worth asking again.
 */
export function useResetLinkCheck(token: string | null) {
  return useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: ({ signal }) =>
      api<{ ok: true }>('password-reset/check', {
        body: { token: token ?? '' } satisfies PasswordResetCheck,
        signal,
      }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sets a new password with a reset link's token; every session of the account ends. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: PasswordReset) => api<{ ok: true }>('password-reset', { body }) });
}
