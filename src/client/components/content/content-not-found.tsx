import { Link } from '#client/router/links.tsx';
import { usePageTitle } from '../page-title.tsx';

/** What an unknown (or hidden) article or prospect address shows: a clear message and ways back. */
export function ContentNotFound({ kind }: { kind: 'article' | 'profile' }) {
  const noun = kind === 'article' ? 'Article' : 'Prospect';
  usePageTitle(`${noun} not found`);
  return (
    <section className="card mx-auto max-w-xl p-8 text-center">
      <p className="font-display text-6xl font-bold text-field-700" aria-hidden="true">
        404
      </p>
      <h1 className="page-title mb-3">{noun} not found</h1>
      <p className="mb-6 text-slate-700">
        We couldn't find that {noun.toLowerCase()}. It may have been moved or taken down.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={kind === 'article' ? '/articles' : '/profiles'} className="btn-primary">
          {kind === 'article' ? 'All articles' : 'All prospects'}
        </Link>
        <Link to="/" className="btn-ghost">
          Home
        </Link>
      </div>
    </section>
  );
}
