import { useState } from 'react';
import { useSignUp } from '#client/api/auth.ts';
import { fieldError } from '#client/api/http.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { NewPasswordField } from '#client/components/new-password-field.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { TextField } from '#client/components/text-field.tsx';
import { Link } from '#client/router/links.tsx';
import { useSearchParams } from '#client/router/router.tsx';
import { safeNextPath } from '#common/next-path.ts';
import { PASSWORD_MAX, PASSWORD_MIN, USER_LIMITS } from '#common/users.ts';
import { AuthCard } from './auth-card.tsx';

/** What is wrong with the form before anything is sent (which field, and why), or null. */
function formProblem(password: string, confirm: string): { field: string; message: string } | null {
  if (password.length < PASSWORD_MIN)
    return { field: 'password', message: `The password must be at least ${PASSWORD_MIN} characters.` };
  if (password.length > PASSWORD_MAX)
    return { field: 'password', message: `The password must be at most ${PASSWORD_MAX} characters.` };
  if (password !== confirm) return { field: 'confirm', message: 'The passwords do not match.' };
  return null;
}

export function Component() {
  usePageTitle('Sign Up');
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signUp = useSignUp(next);
  const [form, setForm] = useState({ name: '', email: '', password: '', confirm: '' });
  const [problem, setProblem] = useState<ReturnType<typeof formProblem>>(null);
  // A problem with one field is said beside it (the server names the field); any other above the form.
  const errorOf = (name: string) =>
    problem ? (problem.field === name ? problem.message : undefined) : fieldError(signUp.error, name);
  const formError =
    !problem && signUp.error && !['name', 'username', 'password'].some((f) => errorOf(f))
      ? signUp.error
      : undefined;
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  return (
    <AuthCard
      title="Sign Up"
      footer={
        <>
          Already have an account?{' '}
          <Link to={next ? `/login?next=${encodeURIComponent(next)}` : '/login'} className="underline">
            Log in
          </Link>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const found = formProblem(form.password, form.confirm);
          setProblem(found);
          if (!found)
            signUp.mutate({ name: form.name.trim(), username: form.email.trim(), password: form.password });
        }}
      >
        {formError && <ErrorAlert title="Error Signing Up" error={formError} />}
        <TextField
          id="signup-name"
          label="Name"
          autoComplete="name"
          limit={USER_LIMITS.name}
          error={errorOf('name')}
          {...field('name')}
        />
        <TextField
          id="signup-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          limit={USER_LIMITS.email}
          counterFrom={USER_LIMITS.email * 0.8}
          error={errorOf('username')}
          {...field('email')}
        />
        <NewPasswordField
          id="signup-password"
          label="Password"
          withRule
          error={errorOf('password')}
          {...field('password')}
        />
        <NewPasswordField
          id="signup-confirm"
          label="Confirm Password"
          error={errorOf('confirm')}
          {...field('confirm')}
        />
        <button type="submit" className="btn-primary w-full" disabled={signUp.isPending || signUp.isSuccess}>
          {signUp.isPending || signUp.isSuccess ? 'Creating your account…' : 'Sign Up'}
        </button>
        <p className="text-xs text-slate-600">
          The site keeps your name, e-mail and a hash of your password until you delete the account yourself.{' '}
          <Link to="/privacy" className="underline">
            What we keep, and why
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
