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
import { signupSchema, USER_LIMITS } from '#common/users.ts';
import { AuthCard } from './auth-card.tsx';

type Problems = Partial<Record<'name' | 'username' | 'password' | 'confirm', string>>;

/**
 * Everything wrong with the form before anything is sent, field by field, all at once: the shared
 * sign-up schema the server checks, and the confirmation.
 */
function formProblems(form: { name: string; email: string; password: string; confirm: string }): Problems {
  const problems: Problems = {};
  const parsed = signupSchema.safeParse({ name: form.name, username: form.email, password: form.password });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof Problems;
    problems[field] ??= issue.message;
  }
  if (!problems.password && form.password !== form.confirm) problems.confirm = 'The passwords do not match.';
  return problems;
}

export function SignupPage() {
  usePageTitle('Sign Up');
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signUp = useSignUp(next);
  const [form, setForm] = useState({ name: '', email: '', password: '', confirm: '' });
  const [problems, setProblems] = useState<Problems | null>(null);
  // A problem with a field is said beside it (the server names the field); any other above the form.
  const errorOf = (name: keyof Problems) => (problems ? problems[name] : fieldError(signUp.error, name));
  const formError =
    !problems && signUp.error && !(['name', 'username', 'password'] as const).some((f) => errorOf(f))
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
          const found = formProblems(form);
          const ok = Object.keys(found).length === 0;
          setProblems(ok ? null : found);
          if (ok)
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
