import { useState } from 'react';
import { useCurrentUser, useLogIn } from '#client/api/auth.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { TextField } from '#client/components/text-field.tsx';
import { Link } from '#client/router/links.tsx';
import { useSearchParams } from '#client/router/router.tsx';
import { safeNextPath } from '#common/next-path.ts';
import { canUseAdmin } from '#common/roles.ts';
import { PASSWORD_MAX, USER_LIMITS } from '#common/users.ts';
import { AuthCard } from './auth-card.tsx';

export function LoginPage() {
  usePageTitle('Log In');
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const logIn = useLogIn(next);
  const { data: user, error: userError } = useCurrentUser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  return (
    <AuthCard
      title="Log In"
      footer={
        <>
          New here?{' '}
          <Link to={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}>Create an account</Link>
        </>
      }
    >
      {user && (
        <p className="alert-success mb-4">
          You are logged in as {user.name}.{' '}
          {/* Underlined: a link in a line of text is told apart by more than its colour. */}
          {canUseAdmin(user) ? (
            <Link to="/admin" className="underline">
              Go to the admin panel
            </Link>
          ) : (
            <Link to="/account" className="underline">
              Your account
            </Link>
          )}
        </p>
      )}
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          logIn.mutate({ username: email.trim(), password });
        }}
      >
        {logIn.error && <ErrorAlert title="Error Logging In" error={logIn.error} />}
        {userError && <ErrorAlert title="Error Fetching Logged-In User" error={userError} />}
        <TextField
          id="login-email"
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          limit={USER_LIMITS.email}
          counterFrom={USER_LIMITS.email * 0.8}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          limit={PASSWORD_MAX}
          counterFrom={PASSWORD_MAX * 0.8}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn-primary w-full" disabled={logIn.isPending || logIn.isSuccess}>
          {logIn.isPending || logIn.isSuccess ? 'Logging in…' : 'Log In'}
        </button>
        <Link to="/forgot-password" className="self-center py-1 text-sm underline">
          Forgot your password?
        </Link>
      </form>
    </AuthCard>
  );
}
