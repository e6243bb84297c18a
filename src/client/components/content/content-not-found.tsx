import { Link } from '#client/router/links.tsx';
import { usePageTitle } from '../page-title.tsx';

const WAY_BACK = {
  article: { noun: 'Article', to: '/articles', all: 'All articles' },
  profile: { noun: 'Prospect', to: '/profiles', all: 'All prospects' },
  ranking: { noun: 'Ranking', to: '/rankings', all: 'All rankings' },
} as const;

/** What an unknown (or hidden) article, prospect or ranking address shows: a clear message and ways back. */
export function ContentNotFound({ kind }: { kind: 'article' | 'profile' | 'ranking' }) {
  const { noun, to, all } = WAY_BACK[kind];
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
        <Link to={to} className="btn-primary">
          {all}
        </Link>
        <Link to="/" className="btn-ghost">
          Home
        </Link>
      </div>
    </section>
  );
}
