import { useMemo } from 'react';
import { ApiError, fieldError } from '#client/api/http.ts';
import { useSaveUser, useUser } from '#client/api/users.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { useLeaveGuard } from '#client/components/leave-guard.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useNavigate, useParams } from '#client/router/router.tsx';
import { PASSWORD_MAX, PASSWORD_MIN, twitterHandleLength, USER_LIMITS, type User } from '#common/users.ts';
import { AdminFrame } from './admin-frame.tsx';
import { DeleteUser } from './delete-user.tsx';
import { CheckboxField, FormActions, TextField } from './form-fields.tsx';
import { ResetLinkPanel } from './reset-link.tsx';
import { noteSaved } from './saved-notice.tsx';
import { useDraft } from './use-draft.ts';

export function AdminEditUserPage() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  return (
    <AdminFrame title={isNew ? 'New User' : 'Edit User'}>
      {(me) => <UserEditor key={id ?? 'new'} id={isNew ? undefined : Number(id)} me={me} />}
    </AdminFrame>
  );
}

function UserEditor({ id, me }: { id: number | undefined; me: User }) {
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const user = useUser(id ?? 0, valid && id !== undefined);
  if (id === undefined)
    return me.isSuperUser ? (
      <UserForm me={me} />
    ) : (
      <ErrorAlert title="Error saving user" error={new Error('Only super users can add accounts.')} />
    );
  if (!valid || (user.error instanceof ApiError && user.error.status === 404))
    return (
      <div className="card p-6 text-center">
        <p className="mb-3 text-slate-700">There is no user at this address.</p>
        <Link to={me.isSuperUser ? '/admin/users' : '/admin'} className="btn-ghost">
          Back
        </Link>
      </div>
    );
  if (user.error) return <ErrorAlert title="Error getting users" error={user.error} />;
  if (user.isPending) return <Spinner label="Loading the user" />;
  return (
    <div className="flex flex-col gap-6">
      <UserForm me={me} user={user.data} />
      {me.isSuperUser && <ResetLinkPanel user={user.data} />}
    </div>
  );
}

interface Draft {
  name: string;
  email: string;
  twitter: string;
  isContributor: boolean;
  isSuperUser: boolean;
  /** Only when a super user adds an account: its first password. */
  password: string;
  /** Only when changing one's own e-mail: the current password. */
  currentPassword: string;
}

function UserForm({ me, user }: { me: User; user?: User }) {
  const navigate = useNavigate();
  const save = useSaveUser();
  const loaded = useMemo<Draft>(
    () => ({
      name: user?.name ?? '',
      email: user?.email ?? '',
      twitter: user?.twitter ?? '',
      isContributor: user?.isContributor ?? true,
      isSuperUser: user?.isSuperUser ?? false,
      password: '',
      currentPassword: '',
    }),
    [user],
  );
  const { draft, set, dirty, reset } = useDraft(loaded);
  const guard = useLeaveGuard(dirty);
  const isNew = user === undefined;
  // One's own address moves only with the password (another user's, by a super user, without).
  const ownEmailChange =
    user !== undefined && user.id === me.id && draft.email.trim().toLowerCase() !== user.email.toLowerCase();

  const submit = () => {
    const { name, email, twitter, isContributor, isSuperUser, password, currentPassword } = draft;
    // Roles are sent only by super users: the server refuses them from anyone else.
    const roles = me.isSuperUser ? { isContributor, isSuperUser } : {};
    const confirm = ownEmailChange ? { currentPassword } : {};
    const args = isNew
      ? { body: { name, email, twitter, password, ...roles } }
      : { id: user.id, body: { name, email, twitter, ...roles, ...confirm } };
    save.mutate(args, {
      onSuccess: (saved) => {
        guard.allowLeaving();
        const to = me.isSuperUser ? '/admin/users' : '/admin';
        noteSaved(to, { name: saved.name, at: new Date() });
        navigate(to);
      },
    });
  };

  return (
    <form
      className="card flex max-w-2xl flex-col gap-5 p-4 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {guard.prompt}
      {save.error && !fieldError(save.error, 'currentPassword') && (
        <ErrorAlert title="Error saving user" error={save.error} />
      )}
      <fieldset disabled={save.isPending} className="flex flex-col gap-5">
        <TextField
          id="name"
          label="Name"
          value={draft.name}
          onChange={(v) => set('name', v)}
          limit={USER_LIMITS.name}
          autoComplete="off"
        />
        <TextField
          id="email"
          label="Email"
          type="email"
          value={draft.email}
          onChange={(v) => set('email', v)}
          limit={USER_LIMITS.email}
          counterFrom={USER_LIMITS.email * 0.8}
          autoComplete="off"
        />
        {ownEmailChange && (
          <TextField
            id="currentPassword"
            label="Current Password"
            type="password"
            value={draft.currentPassword}
            onChange={(v) => set('currentPassword', v)}
            autoComplete="current-password"
            limit={PASSWORD_MAX}
            counterFrom={PASSWORD_MAX * 0.8}
            hint="Your e-mail address changes only with your password."
            error={fieldError(save.error, 'currentPassword')}
          />
        )}
        <TextField
          id="twitter"
          label="Twitter Handle"
          value={draft.twitter}
          onChange={(v) => set('twitter', v)}
          placeholder="@handle"
          limit={USER_LIMITS.twitter}
          countOf={twitterHandleLength}
          maxLength={USER_LIMITS.twitter + 1}
          autoComplete="off"
        />
        {isNew && (
          <TextField
            id="password"
            label="First Password"
            type="password"
            value={draft.password}
            onChange={(v) => set('password', v)}
            autoComplete="new-password"
            limit={PASSWORD_MAX}
            counterFrom={PASSWORD_MAX * 0.8}
            hint={`At least ${PASSWORD_MIN} characters. Hand it over privately.`}
          />
        )}
        {me.isSuperUser && (
          <div className="grid gap-3 sm:grid-cols-2">
            <CheckboxField
              id="isContributor"
              label="Is Contributor"
              hint="May write articles and profiles."
              checked={draft.isContributor}
              onChange={(v) => set('isContributor', v)}
            />
            <CheckboxField
              id="isSuperUser"
              label="Is Super User"
              hint="May do everything, users included."
              checked={draft.isSuperUser}
              onChange={(v) => set('isSuperUser', v)}
            />
          </div>
        )}
      </fieldset>
      <FormActions
        saving={save.isPending}
        dirty={dirty}
        canSave
        onReset={() => {
          reset();
          save.reset();
        }}
        danger={
          user &&
          me.isSuperUser &&
          user.id !== me.id && (
            <DeleteUser
              user={user}
              onDeleted={() => {
                guard.allowLeaving();
                navigate('/admin/users');
              }}
            />
          )
        }
        cancel={
          <Link to={me.isSuperUser ? '/admin/users' : '/admin'} className="btn-ghost">
            Cancel
          </Link>
        }
      />
    </form>
  );
}
