import { canUseAdmin } from './roles.ts';
import type { User } from './users.ts';

/**
 * The page to return to after logging in, from `?next=`: only a path on this site (one leading
 * slash, no `//` or `/\`, which browsers read as another host), never the log-in forms themselves.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  // Control characters (a tab or newline is dropped by URL parsing, turning /\t/x into //x).
  if ([...next].some((c) => c.charCodeAt(0) < 32)) return undefined;
  const path = next.split(/[?#]/)[0];
  if (path === '/login' || path === '/signup') return undefined;
  return next;
}

/** Where a log-in ends: where the visitor came from, else the admin panel for those who may use it, else home. */
export function destinationAfterLogIn(
  user: Pick<User, 'isContributor' | 'isSuperUser'>,
  next?: string | null,
) {
  return safeNextPath(next) ?? (canUseAdmin(user) ? '/admin' : '/');
}

/** `/login?next=…` for the page being left (nothing to add on the home page or the forms). */
export function loginPathFrom(pathname: string, search = ''): string {
  const here = safeNextPath(pathname + search);
  return here && here !== '/' ? `/login?next=${encodeURIComponent(here)}` : '/login';
}
