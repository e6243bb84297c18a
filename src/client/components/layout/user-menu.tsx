import { useCurrentUser, useLogOut } from '#client/api/auth.ts';
import { canUseAdmin } from '#common/roles.ts';
import { HeaderMenu } from './header-menu.tsx';
import { LogInLink } from './log-in-link.tsx';

/**
 * The account corner of a browser that holds a session: the user's name with Your account, Admin
 * (only for those who may use it) and Log out; Log in while the user is asked for, or when the
 * session has ended. Loaded after the page is drawn (account-menu.tsx).
 */
export default function UserMenu() {
  const { data: user, isPending } = useCurrentUser();
  const logOut = useLogOut();
  if (isPending || !user) return <LogInLink known={!isPending} />;
  return (
    <HeaderMenu
      id="account-menu"
      align="end"
      className="min-w-48"
      trigger={
        <button
          type="button"
          className="flex w-full max-w-56 items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-semibold text-white hover:bg-field-800"
        >
          <span
            className="grid size-7 shrink-0 place-items-center rounded-full bg-gold-500 text-xs font-bold uppercase text-field-950"
            aria-hidden="true"
          >
            {user.name.trim().charAt(0) || '?'}
          </span>
          <span className="truncate">{user.name}</span>
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className="shrink-0">
            <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </button>
      }
    >
      {(menu) => (
        <>
          <menu.Label className="truncate border-b border-slate-100 px-4 pb-2 pt-1 text-xs text-slate-500">
            {user.email}
          </menu.Label>
          <menu.Link to="/account">Your account</menu.Link>
          {/* Only for those who may use it: plain users would meet "No access". */}
          {canUseAdmin(user) && <menu.Link to="/admin">Admin</menu.Link>}
          <menu.Item
            className={menu.itemClass}
            disabled={logOut.isPending}
            // The menu stays open while logging out, so the outcome (or an error) shows in it.
            onSelect={(e) => {
              e.preventDefault();
              logOut.mutate();
            }}
          >
            {logOut.isPending ? 'Logging out…' : 'Log out'}
          </menu.Item>
          <p className="px-4 pb-2 text-xs text-slate-500">Also logs this browser out of its leagues.</p>
          {logOut.error && (
            <p role="alert" className="px-4 py-2 text-xs text-red-700">
              Error Logging Out: {logOut.error.message}
            </p>
          )}
        </>
      )}
    </HeaderMenu>
  );
}
