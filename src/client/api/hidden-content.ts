import { useHydrated } from '#client/lib/hydrated.ts';
import { useQuery } from '#client/lib/query-client.ts';
import { hasSessionHint } from '#client/lib/session-hint.ts';
import { canUseAdmin } from '#common/roles.ts';
import { useCurrentUser } from './auth.ts';
import { api, query } from './http.ts';

/**
 * A hidden article or profile at its public address, for a contributor or super user: the public
 * answer is "not found" (the same for everyone, and cached so), so theirs is asked for apart, as the
 * admin panel asks for it, and the page shows it as a draft. Never asked for anyone else.
 */
export function useHiddenItem<T>(kind: 'articles' | 'profiles', shortname: string, missing: boolean) {
  const { data: user, isPending: userPending } = useCurrentUser();
  const mayPreview = missing && canUseAdmin(user);
  const hidden = useQuery({
    queryKey: ['hidden-content', kind, shortname],
    queryFn: ({ signal }) =>
      api<T>(`${kind}/${encodeURIComponent(shortname)}${query({ isAdmin: true })}`, { signal }),
    enabled: mayPreview,
    retry: false,
    staleTime: 0,
  });
  // Drawn as the server drew it ("not found") until the page is the browser's; then, while it is
  // asked who holds the session (only where there may be one), and for whose draft, it waits.
  const hydrated = useHydrated();
  return {
    item: mayPreview ? hidden.data : undefined,
    waiting: missing && hydrated && ((userPending && hasSessionHint()) || (mayPreview && hidden.isPending)),
  };
}
