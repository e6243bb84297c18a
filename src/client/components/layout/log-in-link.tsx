import { NavLink } from '#client/router/links.tsx';
import { useLocation } from '#client/router/router.tsx';
import { loginPathFrom } from '#common/next-path.ts';

/**
 * Log in. The way back to this page is added once the visitor is known to be one (for the same
 * reason: the server's page does not have it).
 */
export function LogInLink({ known }: { known: boolean }) {
  const location = useLocation();
  return (
    <NavLink
      to={known ? loginPathFrom(location.pathname, location.search) : '/login'}
      className="rounded-md px-3 py-2 text-sm font-semibold uppercase tracking-wide text-white no-underline hover:bg-field-800 hover:no-underline"
    >
      Log in
    </NavLink>
  );
}
