import { useState } from 'react';
import { usePasswordResetInfo, useRequestPasswordReset } from '#client/api/auth.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { TextField } from '#client/components/text-field.tsx';
import { Link } from '#client/router/links.tsx';
import { RESET_LINK_MINUTES, USER_LIMITS } from '#common/users.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * "Forgot password": with mail set up, a link is mailed to the address (the page says the same
 * whether it has an account or not); without, the page says to ask a site administrator.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const info = usePasswordResetInfo();
  return (
    <AuthCard
      title="Forgot Password"
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className="underline">
            Log in
          </Link>
        </>
      }
    >
      {info.isPending ? (
        <Spinner label="Loading" />
      ) : info.error ? (
        <ErrorAlert title="Error Loading the Page" error={info.error} />
      ) : info.data.byMail ? (
        <RequestForm />
      ) : (
        <div className="flex flex-col gap-3 text-sm text-slate-800">
          <p>This site does not send e-mail, so it cannot mail you a reset link.</p>
          <p>
            Ask a site administrator: they can make you a link to choose a new password. It works once, for{' '}
            {RESET_LINK_MINUTES} minutes.
          </p>
          {info.data.contact && (
            <p>
              Write to them at{' '}
              <a
                href={`mailto:${info.data.contact}?subject=${encodeURIComponent('Password reset')}`}
                className="font-semibold underline wrap-anywhere"
              >
                {info.data.contact}
              </a>{' '}
              from your account’s e-mail address.
            </p>
          )}
        </div>
      )}
    </AuthCard>
  );
}

function RequestForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  if (request.isSuccess)
    return (
      <div className="flex flex-col gap-3 text-sm text-slate-800" role="status">
        <p className="alert-success">
          If <strong>{email.trim()}</strong> belongs to an account here, a link to choose a new password is on
          its way.
        </p>
        <p>
          The link works once, for {RESET_LINK_MINUTES} minutes. Nothing arrived? Look in your spam folder, or
          ask again in a few minutes.
        </p>
      </div>
    );
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        request.mutate({ email: email.trim() });
      }}
    >
      <p className="text-sm text-slate-700">
        Enter your account’s e-mail address and we will mail you a link.
      </p>
      {request.error && <ErrorAlert title="Error Sending the Link" error={request.error} />}
      <TextField
        id="forgot-email"
        label="E-mail"
        type="email"
        autoComplete="username"
        required
        limit={USER_LIMITS.email}
        counterFrom={USER_LIMITS.email * 0.8}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="btn-primary w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send Me a Link'}
      </button>
    </form>
  );
}
