import { Link } from '../router/links.tsx';
import { useLocation } from '../router/router.tsx';

/**
 * Previous / next links for a paged list; the page lives in the address (?page=N). An address past
 * the list's end (an old link, a list that has shrunk) says so and links to the last page.
 */
export function Pager({ page, limit, total }: { page: number; limit: number; total: number }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / limit));
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p === 1) params.delete('page');
    else params.set('page', String(p));
    const q = params.toString();
    return `${location.pathname}${q ? `?${q}` : ''}`;
  };
  if (page > pages && total > 0)
    return (
      <p className="card p-6 text-center text-slate-700" role="status">
        There is no page {page}: the list ends on page {pages}.{' '}
        <Link to={href(pages)} className="font-semibold">
          {pages === 1 ? 'Go to the list' : `Go to page ${pages}`}
        </Link>
      </p>
    );
  if (pages <= 1) return null;
  const link = (p: number, label: string, rel: 'prev' | 'next') =>
    p < 1 || p > pages ? (
      <span className="btn-ghost pointer-events-none opacity-40" aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link to={href(p)} rel={rel} className="btn-ghost">
        {label}
      </Link>
    );
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 pt-4">
      {link(page - 1, '← Previous', 'prev')}
      <span className="text-sm text-slate-600">
        Page {page} of {pages} · {total} in all
      </span>
      {link(page + 1, 'Next →', 'next')}
    </nav>
  );
}

/** The page number from ?page=N: a positive whole number, else 1. */
export function pageFromSearch(search: string): number {
  const n = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(n) && n > 0 ? n : 1;
}
