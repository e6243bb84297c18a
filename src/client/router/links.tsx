import { type AnchorHTMLAttributes, type MouseEvent, use } from 'react';
import type { NavigateOptions } from './history.ts';
import { navigate, PrefetchContext, useLocation } from './router.tsx';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & NavigateOptions & { to: string };

/**
 * A real link (it opens in a new tab with a modifier key or middle click, and works before the
 * script runs) that navigates inside the site without reloading the page. Pointing at it or
 * focusing it fetches its screen's code, so the click rarely waits for it.
 */
export function Link({
  to,
  replace,
  preventScrollReset,
  onClick,
  onMouseEnter,
  onFocus,
  ...rest
}: LinkProps) {
  const prefetch = use(PrefetchContext);
  const fetchScreen = () => {
    const url = new URL(to, window.location.href);
    if (url.origin === window.location.origin) prefetch(url.pathname);
  };
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    const newTab = rest.target && rest.target !== '_self';
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (newTab || rest.download !== undefined) return;
    if (new URL(to, window.location.href).origin !== window.location.origin) return;
    e.preventDefault();
    navigate(to, { replace, preventScrollReset });
  };
  return (
    <a
      {...rest}
      href={to}
      onClick={follow}
      onMouseEnter={(e) => {
        onMouseEnter?.(e);
        fetchScreen();
      }}
      onFocus={(e) => {
        onFocus?.(e);
        fetchScreen();
      }}
    />
  );
}

/**
 * A link that knows whether it points at the current page (or, without `end`, a page below it): it
 * gets aria-current="page", and className may be a function of { isActive }. A link to one view of a
 * page (`?draft=startup`) is current only in that view; `notIn` names such a view that a link to the
 * plain page is not current in.
 */
export function NavLink({
  className,
  end,
  notIn,
  ...rest
}: Omit<LinkProps, 'className'> & {
  className?: string | ((s: { isActive: boolean }) => string);
  end?: boolean;
  /** A query parameter (`draft=startup`) whose view of the page another link names. */
  notIn?: string;
}) {
  const { pathname, search } = useLocation();
  // Resolved against the router's address, not the window's: the server renders links too.
  const to = new URL(rest.to, `http://site${pathname}${search}`);
  const target = to.pathname.replace(/(.)\/$/, '$1');
  // A view is its query as the site's own links write it (one parameter, `draft=startup`).
  const isActive =
    (pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`))) &&
    search.includes(to.search.slice(1)) &&
    !(notIn && search.includes(notIn));
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
