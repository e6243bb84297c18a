import { lazy, Suspense, useEffect, useState } from 'react';
import { hasSessionHint } from '#client/lib/session-hint.ts';
import { LogInLink } from './log-in-link.tsx';

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
