import { type ReactNode, useState } from 'react';
import { useChangePassword, useDeleteAccount } from '#client/api/auth.ts';
import { fieldError } from '#client/api/http.ts';
import { useSaveUser } from '#client/api/users.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Modal } from '#client/components/modal.tsx';
import { NewPasswordField } from '#client/components/new-password-field.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { SignedIn } from '#client/components/signed-in.tsx';
import { TextField } from '#client/components/text-field.tsx';
import { Link } from '#client/router/links.tsx';
import { canUseAdmin } from '#common/roles.ts';
import { PASSWORD_MAX, PASSWORD_MIN, twitterHandleLength, USER_LIMITS, type User } from '#common/users.ts';
import { LeagueAccounts } from './league-accounts.tsx';

/** Everyone's own account: name and Twitter handle, the password, and deleting the account. */
export function AccountPage() {
  usePageTitle('Your Account');
  return <SignedIn>{(user) => <AccountSettings user={user} />}</SignedIn>;
}

function AccountSettings({ user }: { user: User }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-1 border-b border-slate-200 pb-3">
        <h1 className="font-display text-3xl font-bold uppercase tracking-wide text-field-900">
          Your Account
        </h1>
        <p className="break-all text-sm text-slate-600">
          Logged in as <strong>{user.email}</strong>
          {canUseAdmin(user) && (
            <>
              {' · '}
              <Link to="/admin" className="underline">
                Admin panel
              </Link>
            </>
          )}
        </p>
      </div>
      <ProfileForm key={user.id} user={user} />
      <EmailForm key={`email-${user.id}`} user={user} />
      <LeagueAccounts />
      <PasswordForm user={user} />
      <DeleteAccount user={user} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card p-4 sm:p-6" aria-label={title}>
      <h2 className="mb-4 font-display text-xl font-bold uppercase tracking-wide text-field-900">{title}</h2>
      {children}
    </section>
  );
}

function ProfileForm({ user }: { user: User }) {
  const save = useSaveUser();
  const [name, setName] = useState(user.name);
  const [twitter, setTwitter] = useState(user.twitter);
  const [saved, setSaved] = useState(false);
  const dirty = name !== user.name || twitter !== user.twitter;

  return (
    <Section title="Name and Twitter">
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { id: user.id, body: { name, twitter } },
            {
              onSuccess: (stored) => {
                // The server tidies the values (an @ dropped, spaces trimmed): show what it kept.
                setName(stored.name);
                setTwitter(stored.twitter);
                setSaved(true);
              },
            },
          );
        }}
      >
        {save.error && <ErrorAlert title="Error Saving Your Account" error={save.error} />}
        {saved && !save.error && (
          <p className="alert-success" role="status">
            Saved.
          </p>
        )}
        <TextField
          id="account-name"
          label="Name"
          autoComplete="name"
          limit={USER_LIMITS.name}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setSaved(false);
          }}
        />
        <TextField
          id="account-twitter"
          label="Twitter Handle"
          placeholder="@handle"
          autoComplete="off"
          limit={USER_LIMITS.twitter}
          countOf={twitterHandleLength}
          maxLength={USER_LIMITS.twitter + 1}
          hint="Shown with your articles and profiles."
          value={twitter}
          onChange={(e) => {
            setTwitter(e.target.value);
            setSaved(false);
          }}
        />
        <button type="submit" className="btn-primary self-start" disabled={save.isPending || !dirty}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </form>
    </Section>
  );
}

/**
 * Changing the account's e-mail address asks for the password: a session left open somewhere must
 * not be enough to move the account's mail (and its password resets) elsewhere.
 */
function EmailForm({ user }: { user: User }) {
  const save = useSaveUser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [changed, setChanged] = useState(false);
  const emailError = fieldError(save.error, 'email');
  const passwordError = fieldError(save.error, 'currentPassword');
  const formError = save.error && !emailError && !passwordError ? save.error : undefined;
  const edit = (set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    setChanged(false);
    save.reset();
  };

  return (
    <Section title="E-mail Address">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { id: user.id, body: { email, currentPassword: password } },
            {
              onSuccess: () => {
                setEmail('');
                setPassword('');
                setChanged(true);
              },
            },
          );
        }}
      >
        {formError && <ErrorAlert title="Error Changing Your E-mail Address" error={formError} />}
        {changed && (
          <p className="alert-success" role="status">
            Your e-mail address is changed. Every other device that was logged in has been logged out.
          </p>
        )}
        <p className="text-sm text-slate-700">
          You log in with the address above, and password-reset links are sent to it.
        </p>
        <TextField
          id="account-email"
          label="New E-mail Address"
          type="email"
          autoComplete="email"
          limit={USER_LIMITS.email}
          counterFrom={USER_LIMITS.email * 0.8}
          error={emailError}
          value={email}
          onChange={edit(setEmail)}
        />
        {/* Lets password managers fill in this account's password. */}
        <input type="text" hidden readOnly autoComplete="username" value={user.email} />
        <TextField
          id="account-email-password"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          limit={PASSWORD_MAX}
          counterFrom={PASSWORD_MAX * 0.8}
          hint="Asked so that only you can move your account to another address."
          error={passwordError}
          value={password}
          onChange={edit(setPassword)}
        />
        <button
          type="submit"
          className="btn-primary self-start"
          disabled={save.isPending || !email.trim() || !password}
        >
          {save.isPending ? 'Changing…' : 'Change E-mail Address'}
        </button>
      </form>
    </Section>
  );
}

const emptyPasswords = { current: '', next: '', confirm: '' };

/** The form's own check before sending: which field is wrong, and why. */
function passwordProblem(form: typeof emptyPasswords): { field: 'next' | 'confirm'; message: string } | null {
  if (form.next.length < PASSWORD_MIN)
    return { field: 'next', message: `The new password must be at least ${PASSWORD_MIN} characters.` };
  if (form.next !== form.confirm) return { field: 'confirm', message: 'The new passwords do not match.' };
  return null;
}

function PasswordForm({ user }: { user: User }) {
  const change = useChangePassword();
  const [form, setForm] = useState(emptyPasswords);
  const [problem, setProblem] = useState<ReturnType<typeof passwordProblem>>(null);
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      change.reset();
    },
  });
  // A problem with one field is said beside it; any other in the box above the form.
  const serverError = change.error;
  const newPasswordError =
    problem?.field === 'next' ? problem.message : fieldError(serverError, 'newPassword');
  const confirmError = problem?.field === 'confirm' ? problem.message : undefined;
  const formError = !problem && serverError && !newPasswordError ? serverError : undefined;

  return (
    <Section title="Change Password">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const found = passwordProblem(form);
          setProblem(found);
          if (found) return;
          change.mutate(
            { currentPassword: form.current, newPassword: form.next },
            { onSuccess: () => setForm(emptyPasswords) },
          );
        }}
      >
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" hidden readOnly autoComplete="username" value={user.email} />
        {formError && <ErrorAlert title="Error Changing Password" error={formError} />}
        {change.isSuccess && (
          <p className="alert-success" role="status">
            Your password is changed. Every other device that was logged in has been logged out.
          </p>
        )}
        <TextField
          id="account-current-password"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          limit={PASSWORD_MAX}
          counterFrom={PASSWORD_MAX * 0.8}
          {...field('current')}
        />
        <NewPasswordField
          id="account-new-password"
          label="New Password"
          withRule
          error={newPasswordError}
          {...field('next')}
        />
        <NewPasswordField
          id="account-confirm-password"
          label="Confirm New Password"
          error={confirmError}
          {...field('confirm')}
        />
        <button type="submit" className="btn-primary self-start" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change Password'}
        </button>
      </form>
    </Section>
  );
}

/**
 * Deleting one's own account, confirmed with the password in a dialog. What goes and what stays is
 * said before anything is asked; the privacy page says the rest.
 */
function DeleteAccount({ user }: { user: User }) {
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const deleting = remove.isPending || remove.isSuccess;
  const authored = user.isContributor || user.isSuperUser;
  return (
    <Section title="Delete Your Account">
      <div className="flex flex-col gap-3 text-sm text-slate-800">
        <p>
          Your account, its log-ins on every device and the league connections saved with it are deleted at
          once. MFL rookie drafts that only you shared for Rookie ADP go too.
        </p>
        {authored && (
          <p>Articles and profiles you wrote stay on the site, credited to a former contributor.</p>
        )}
        {user.isSuperUser && <p>As a super user, you can only leave while another super user remains.</p>}
        <Link to="/privacy" className="self-start py-1 underline">
          What the site keeps, and for how long
        </Link>
        <button
          type="button"
          className="btn-danger-ghost self-start"
          onClick={() => {
            remove.reset();
            setPassword('');
            setOpen(true);
          }}
        >
          Delete My Account
        </button>
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        preventClose={deleting}
        size="sm"
        title="Delete Your Account"
        footer={
          <>
            <button type="button" className="btn-ghost" disabled={deleting} onClick={() => setOpen(false)}>
              Keep it
            </button>
            <button type="submit" form="delete-account-form" className="btn-danger" disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete My Account'}
            </button>
          </>
        }
      >
        <form
          id="delete-account-form"
          className="flex flex-col gap-3 text-sm text-slate-800"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            remove.mutate({ password });
          }}
        >
          <p>
            Delete the account <strong className="font-semibold break-all">{user.email}</strong>? This cannot
            be undone.
          </p>
          {/* Lets password managers fill in this account's password. */}
          <input type="text" hidden readOnly autoComplete="username" value={user.email} />
          {remove.error && <ErrorAlert title="Error Deleting Your Account" error={remove.error} />}
          <TextField
            id="delete-account-password"
            label="Your Password"
            type="password"
            autoComplete="current-password"
            required
            limit={PASSWORD_MAX}
            counterFrom={PASSWORD_MAX * 0.8}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              remove.reset();
            }}
          />
        </form>
      </Modal>
    </Section>
  );
}
