import type { ReactNode } from 'react';
import { usePageTitle } from '#client/components/page-title.tsx';
import { SignedIn } from '#client/components/signed-in.tsx';
import { Link, NavLink } from '#client/router/links.tsx';
import { canUseAdmin } from '#common/roles.ts';
import type { User } from '#common/users.ts';
import { SavedNotice } from './saved-notice.tsx';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 rounded-md px-3 py-1.5 text-sm font-semibold no-underline hover:no-underline ${
    isActive ? 'bg-field-900 text-white' : 'text-field-800 hover:bg-field-100'
  }`;

function AdminNav({ user }: { user: User }) {
  return (
    <nav aria-label="Admin" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
      <NavLink to="/admin" end className={tabClass}>
        Home
      </NavLink>
      <NavLink to="/admin/articles" className={tabClass}>
        Articles
      </NavLink>
      <NavLink to="/admin/profiles" className={tabClass}>
        Profiles
      </NavLink>
      <NavLink to="/admin/rankings" className={tabClass}>
        Rankings
      </NavLink>
      {user.isSuperUser ? (
        <>
          <NavLink to="/admin/users" className={tabClass}>
            Users
          </NavLink>
          <NavLink to="/admin/adp-data" className={tabClass}>
            ADP data
          </NavLink>
        </>
      ) : (
        <NavLink to={`/admin/user/${user.id}`} className={tabClass}>
          My Account
        </NavLink>
      )}
    </nav>
  );
}

function NoAccess({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card mx-auto max-w-lg p-8 text-center">
      <svg
        width="48"
        height="48"
        viewBox="0 0 24 24"
        className="mx-auto mb-3 text-gold-600"
        aria-hidden="true"
      >
        <path
          d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 0 1 6 0v3Z"
          fill="currentColor"
        />
      </svg>
      {/* The page's own heading: the page shows nothing else. */}
      <h1 className="section-title mb-2">{title}</h1>
      <div className="text-slate-700">{children}</div>
    </div>
  );
}

interface AdminFrameProps {
  title: string;
  /**
   * Only super users may see the page: what it lets them do, said to anyone else ("manage users"
   * reads "Only super users can manage users.").
   */
  superOnly?: string;
  /** Buttons beside the title, e.g. + New. */
  actions?: ReactNode;
  children: (user: User) => ReactNode;
}

/**
 * Every admin page sits in this frame: it first loads the logged-in user, sends visitors to the
 * log-in form, tells plain users they have no access, and shows the admin sub-navigation. The
 * server enforces the same rules; this only keeps people from pages that would refuse them.
 */
export function AdminFrame(props: AdminFrameProps) {
  usePageTitle(props.title);
  return <SignedIn>{(user) => <Frame user={user} {...props} />}</SignedIn>;
}

function Frame({ user, title, superOnly, actions, children }: AdminFrameProps & { user: User }) {
  if (!canUseAdmin(user))
    return (
      <NoAccess title="No access">
        <p>
          You are logged in as <strong>{user.name}</strong>, but the admin panel is for contributors and super
          users.
        </p>
        <p className="mt-2">Ask a super user to make you a contributor.</p>
        <Link to="/" className="btn-primary mt-5">
          Back to the site
        </Link>
      </NoAccess>
    );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 border-b border-slate-200 pb-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-display text-sm font-bold uppercase tracking-widest text-gold-800">Admin</p>
        <AdminNav user={user} />
      </div>
      {superOnly && !user.isSuperUser ? (
        <NoAccess title="Super users only">
          <p>Only super users can {superOnly}.</p>
          <Link to="/admin" className="btn-primary mt-5">
            Admin home
          </Link>
        </NoAccess>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="page-title">{title}</h1>
            {actions && <div className="flex gap-2">{actions}</div>}
          </div>
          <SavedNotice />
          {children(user)}
        </>
      )}
    </div>
  );
}
