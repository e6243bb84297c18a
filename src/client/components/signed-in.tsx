import type { ReactNode } from 'react';
import { useCurrentUser } from '#client/api/auth.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Navigate, useLocation } from '#client/router/router.tsx';
import { loginPathFrom } from '#common/next-path.ts';
import type { User } from '#common/users.ts';

/**
 * A page for logged-in people only: shows it with the current user; while the user loads, a spinner;
 * when that fails, the error and Try again; when nobody is logged in, the log-in page, which comes
 * back here afterwards.
 */
export function SignedIn({ children }: { children: (user: User) => ReactNode }) {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  const location = useLocation();

  if (isPending) return <Spinner label="Loading your account" />;
  if (error)
    return (
      <div className="mx-auto flex max-w-lg flex-col gap-3">
        <ErrorAlert title="Error Fetching Logged-In User" error={error} />
        <button type="button" className="btn-ghost self-start" onClick={() => refetch()}>
          Try again
        </button>
      </div>
    );
  if (!user) return <Navigate to={loginPathFrom(location.pathname, location.search)} replace />;
  return children(user);
}
