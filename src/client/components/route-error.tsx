import { Link } from '../router/links.tsx';

/** Shown when a screen fails to load (for example after a deploy replaced its file). */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <div className="mx-auto max-w-xl p-8 text-center">
      <h1 className="page-title mb-4">Something went wrong</h1>
      <p className="mb-6 text-slate-700">{message}</p>
      <div className="flex justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/" className="btn-ghost">
          Go home
        </Link>
      </div>
    </div>
  );
}
