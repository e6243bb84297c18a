import { useState } from 'react';
import { useSignUp } from '#client/api/auth.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Link } from '#client/router/links.tsx';
import { useSearchParams } from '#client/router/router.tsx';
import { safeNextPath } from '#common/next-path.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '#common/users.ts';
import { AuthCard } from './auth-card.tsx';

/** What is wrong with the form before anything is sent, or null. */
function formProblem(password: string, confirm: string): string | null {
  if (password.length < PASSWORD_MIN) return `The password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `The password must be at most ${PASSWORD_MAX} characters.`;
  if (password !== confirm) return 'The passwords do not match.';
  return null;
}

export function Component() {
  usePageTitle('Sign Up');
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signUp = useSignUp(next);
  const [form, setForm] = useState({ name: '', email: '', password: '', confirm: '' });
  const [problem, setProblem] = useState<string | null>(null);
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
        {problem && <ErrorAlert title="Error Signing Up" error={new Error(problem)} />}
        {!problem && signUp.error && <ErrorAlert title="Error Signing Up" error={signUp.error} />}
        <div>
          <label htmlFor="signup-name" className="label">
            Name
          </label>
          <input id="signup-name" className="input" autoComplete="name" maxLength={100} {...field('name')} />
        </div>
        <div>
          <label htmlFor="signup-email" className="label">
            E-mail
          </label>
          <input
            id="signup-email"
            type="email"
            className="input"
            autoComplete="email"
            maxLength={254}
            {...field('email')}
          />
        </div>
        <div>
          <label htmlFor="signup-password" className="label">
            Password
          </label>
          <input
            id="signup-password"
            type="password"
            className="input"
            autoComplete="new-password"
            aria-describedby="signup-password-hint"
            {...field('password')}
          />
          <p id="signup-password-hint" className="mt-1 text-xs text-slate-500">
            At least {PASSWORD_MIN} characters, and not a common password.
          </p>
        </div>
        <div>
          <label htmlFor="signup-confirm" className="label">
            Confirm Password
          </label>
          <input
            id="signup-confirm"
            type="password"
            className="input"
            autoComplete="new-password"
            {...field('confirm')}
          />
        </div>
        <button type="submit" className="btn-primary w-full" disabled={signUp.isPending || signUp.isSuccess}>
          {signUp.isPending || signUp.isSuccess ? 'Creating your account…' : 'Sign Up'}
        </button>
      </form>
    </AuthCard>
  );
}
