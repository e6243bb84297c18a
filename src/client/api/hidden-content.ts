import { useEffect, useState } from 'react';
import { useHydrated } from '#client/lib/hydrated.ts';
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts';
import { api, query } from './http.ts';

/**
 * Whether this browser's session may be a contributor's or super user's (the hint says staff). Kept
 * here beside its one reader, not in lib/session-hint.ts: that module is in every page's first load,
 * and this test is only wanted by an article's or profile's page (bench/bundle-size.ts).
 */
const staffHint = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=staff(?:;|$)`);

/**
 * A hidden article or profile at its public address, for a contributor or super user: the public
 * answer is "not found" (the same for everyone, and cached so), so a browser whose session hint says
 * staff asks for it again as the admin panel does, and the page shows it as a draft; the server
 * refuses anyone else, and the page stays "not found"; a reader's browser does not ask. Drawn as the
 * server drew it until the browser has the page. Plain `api` and state, not the query cache: a public
 * page's first load leaves TanStack Query out (bench/bundle-size.ts).
 */
export function useHiddenItem<T>(kind: 'articles' | 'profiles', shortname: string, missing: boolean) {
  const hydrated = useHydrated();
  const ask = missing && hydrated && staffHint.test(document.cookie);
  const key = `${kind}/${shortname}`;
  const [answer, setAnswer] = useState<{ key: string; item?: T }>();
  useEffect(() => {
    if (!ask) return;
    const end = new AbortController();
    api<T>(`${kind}/${encodeURIComponent(shortname)}${query({ isAdmin: true })}`, {
      signal: end.signal,
    }).then(
      (item) => setAnswer({ key, item }),
      () => {
        if (!end.signal.aborted) setAnswer({ key });
      },
    );
    return () => end.abort();
  }, [ask, key, kind, shortname]);
  const answered = answer?.key === key;
  return { item: ask && answered ? answer.item : undefined, waiting: ask && !answered };
}
