import { lazy, Suspense, useEffect, useState } from 'react';
import { hasSessionHint } from '#client/lib/session-hint.ts';
import { NavLink } from '#client/router/links.tsx';
import { useLocation } from '#client/router/router.tsx';
import { loginPathFrom } from '#common/next-path.ts';

// Who is there is asked only in a browser that holds a session, and that code (with TanStack
// Query) loads after the page is drawn: a visitor's first load carries none of it.
const UserMenu = lazy(() => import('./user-menu.tsx'));

/**
 * The header's account corner: Log in (returning to this page) for visitors; the user's menu
 * (user-menu.tsx) in a browser that holds a session.
 */
export function AccountMenu() {
  // Until the page is drawn in the browser the header is a visitor's: that is also what the server
  // renders (one page for every reader, cached), so the first render in the browser matches it.
  const [session, setSession] = useState<boolean>();
  useEffect(() => setSession(hasSessionHint()), []);
  if (!session) return <LogInLink known={session === false} />;
  return (
    <Suspense fallback={<LogInLink known={false} />}>
      <UserMenu />
    </Suspense>
  );
}

/**
 * Log in. The way back to this page is added once the visitor is known to be one (for the same
 * reason: the server's page does not have it).
 */
export function LogInLink({ known }: { known: boolean }) {
  const location = useLocation();
  return (
    <NavLink
      to={known ? loginPathFrom(location.pathname, location.search) : '/login'}
      className="rounded-md px-3 py-2 text-sm font-semibold uppercase tracking-wide text-white no-underline hover:bg-field-800 hover:no-underline"
    >
      Log in
    </NavLink>
  );
}
