import { useEffect, useState } from 'react';
import { useResetLinkCheck, useResetPassword } from '#client/api/auth.ts';
import { fieldError } from '#client/api/http.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { NewPasswordField } from '#client/components/new-password-field.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { PASSWORD_MIN, RESET_TOKEN_PATTERN } from '#common/users.ts';
import { AuthCard } from './auth-card.tsx';

/** The token from the link's fragment (#token=…), which never reaches a server's log. */
function tokenFromAddress(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  return token && RESET_TOKEN_PATTERN.test(token) ? token : null;
}

function formProblem(password: string, confirm: string): { field: string; message: string } | null {
  if (password.length < PASSWORD_MIN)
    return { field: 'password', message: `The password must be at least ${PASSWORD_MIN} characters.` };
  if (password !== confirm) return { field: 'confirm', message: 'The passwords do not match.' };
  return null;
}

/** A reset link's page: choose a new password; every device logged in to the account is logged out. */
export function ResetPasswordPage() {
  usePageTitle('Choose a New Password');
  // Read once; the address bar then loses the token, so it stays out of the history.
  const [token] = useState(tokenFromAddress);
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const check = useResetLinkCheck(token);
  const reset = useResetPassword();
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [problem, setProblem] = useState<ReturnType<typeof formProblem>>(null);
  const errorOf = (name: string) =>
    problem ? (problem.field === name ? problem.message : undefined) : fieldError(reset.error, name);
  const passwordError = errorOf('password') ?? (problem ? undefined : fieldError(reset.error, 'newPassword'));
  const formError = !problem && reset.error && !passwordError ? reset.error : undefined;
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      reset.reset();
    },
  });

  return (
    <AuthCard
      title="New Password"
      footer={
        <Link to="/forgot-password" className="inline-block py-1 underline">
          Ask for a new link
        </Link>
      }
    >
      {reset.isSuccess ? (
        <div className="flex flex-col gap-4" role="status">
          <p className="alert-success">
            Your password is changed. Every device that was logged in to your account has been logged out.
          </p>
          <Link to="/login" className="btn-primary w-full">
            Log In
          </Link>
        </div>
      ) : !token ? (
        <p className="text-sm text-slate-800">
          This page needs the whole link you were given, with the part after the <code>#</code>. Open the link
          again, or ask for a new one.
        </p>
      ) : check.isPending ? (
        <Spinner label="Checking the link" />
      ) : check.error ? (
        <ErrorAlert title="This Link Does Not Work" error={check.error} />
      ) : (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const found = formProblem(form.password, form.confirm);
            setProblem(found);
            if (!found) reset.mutate({ token, newPassword: form.password });
          }}
        >
          {formError && <ErrorAlert title="Error Changing Password" error={formError} />}
          <NewPasswordField
            id="reset-password"
            label="New Password"
            withRule
            error={passwordError}
            {...field('password')}
          />
          <NewPasswordField
            id="reset-confirm"
            label="Confirm New Password"
            error={errorOf('confirm')}
            {...field('confirm')}
          />
          <button type="submit" className="btn-primary w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Saving…' : 'Set New Password'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
