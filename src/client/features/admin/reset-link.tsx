import { useState } from 'react';
import { useIssueResetLink } from '#client/api/users.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { RESET_LINK_MINUTES, type User } from '#common/users.ts';

/**
 * A super user makes a password-reset link for the user (the way to reset a password when the site
 * sends no mail). The link is shown once, to copy and hand over privately; a newer one replaces it.
 */
export function ResetLinkPanel({ user }: { user: User }) {
  const issue = useIssueResetLink();
  const [copied, setCopied] = useState(false);
  const expires = issue.data
    ? new Date(issue.data.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : '';
  return (
    <section className="card flex max-w-2xl flex-col gap-3 p-4 sm:p-6" aria-label="Password reset">
      <h2 className="font-display text-xl font-bold uppercase tracking-wide text-field-900">
        Password-Reset Link
      </h2>
      <p className="text-sm text-slate-700">
        A link lets {user.name} choose a new password: it works once, for {RESET_LINK_MINUTES} minutes, and
        logs them out everywhere. Hand it over privately; anyone with it can take over the account.
      </p>
      {issue.error && <ErrorAlert title="Error making the link" error={issue.error} />}
      {issue.data && (
        <div className="flex flex-col gap-2" role="status">
          <label htmlFor="reset-link" className="text-sm font-semibold text-slate-800">
            Link for {user.email} (works until {expires}, shown only now)
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="reset-link"
              className="input flex-1 font-mono text-xs"
              readOnly
              value={issue.data.link}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="btn-ghost"
              onClick={async () => {
                await navigator.clipboard?.writeText(issue.data.link).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        </div>
      )}
      <button
        type="button"
        className="btn-ghost self-start"
        disabled={issue.isPending}
        onClick={() => {
          setCopied(false);
          issue.mutate(user.id);
        }}
      >
        {issue.isPending
          ? 'Making the link…'
          : issue.data
            ? 'Make a New Link'
            : 'Issue a Password-Reset Link'}
      </button>
    </section>
  );
}
