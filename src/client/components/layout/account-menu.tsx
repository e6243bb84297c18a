import { useCallback, useEffect, useRef, useState } from 'react';
import { useCurrentUser, useLogOut } from '#client/api/auth.ts';
import { Link, NavLink } from '#client/router/links.tsx';
import { useLocation } from '#client/router/router.tsx';
import { loginPathFrom } from '#common/next-path.ts';
import { canUseAdmin } from '#common/roles.ts';
import { useDismiss } from './use-dismiss.ts';

const itemClass =
  'block w-full px-4 py-2 text-left text-sm text-slate-800 no-underline hover:bg-field-100 hover:no-underline';

/**
 * The header's account corner: Log in (returning to this page) for visitors; otherwise the user's
 * name with Your account, Admin (only for those who may use it) and Log out.
 */
export function AccountMenu() {
  const { data: user, isPending } = useCurrentUser();
  const logOut = useLogOut();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const closeDropdown = useCallback(() => setOpen(false), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation
  useEffect(() => setOpen(false), [location.pathname]);
  useDismiss(ref, open, closeDropdown);

  if (isPending) return <span className="hidden w-20 md:block" aria-hidden="true" />;
  if (!user)
    return (
      <NavLink
        to={loginPathFrom(location.pathname, location.search)}
        className="rounded-md px-3 py-2 text-sm font-semibold uppercase tracking-wide text-white no-underline hover:bg-field-800 hover:no-underline"
      >
        Log in
      </NavLink>
    );
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="flex w-full max-w-56 items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-semibold text-white hover:bg-field-800"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((o) => !o)}
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
      {open && (
        <ul
          id="account-menu"
          className="z-40 mt-1 min-w-48 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/10 md:absolute md:right-0"
        >
          <li className="truncate border-b border-slate-100 px-4 pb-2 pt-1 text-xs text-slate-500">
            {user.email}
          </li>
          <li>
            <Link to="/account" className={itemClass}>
              Your account
            </Link>
          </li>
          {/* Only for those who may use it: plain users would meet "No access". */}
          {canUseAdmin(user) && (
            <li>
              <Link to="/admin" className={itemClass}>
                Admin
              </Link>
            </li>
          )}
          <li>
            <button
              type="button"
              className={itemClass}
              onClick={() => logOut.mutate()}
              disabled={logOut.isPending}
            >
              {logOut.isPending ? 'Logging out…' : 'Log out'}
            </button>
          </li>
          {logOut.error && (
            <li role="alert" className="px-4 py-2 text-xs text-red-700">
              Error Logging Out: {logOut.error.message}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
