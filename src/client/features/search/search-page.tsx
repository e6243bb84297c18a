import { playerFindQuery, searchQuery, statusCheckerPath } from '#client/api/content.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import type { PageQueries } from '#client/lib/page-queries.ts';
import { usePublicData } from '#client/lib/public-data.ts';
import { Link } from '#client/router/links.tsx';
import { useSearchParams } from '#client/router/router.tsx';
import type { SearchResult } from '#common/content.ts';
import { formatDate } from '#common/content-format.ts';

const termFrom = (params: URLSearchParams) => (params.get('search') ?? '').trim();

// Nothing to look for, nothing to load (the page then only says what to type).
export const pageQueries: PageQueries = ({ search }) => {
  const term = termFrom(search);
  return term ? [searchQuery(term)] : [];
};

export function Component() {
  const [params] = useSearchParams();
  const term = termFrom(params);
  usePageTitle(term ? `Search: ${term}` : 'Search');
  const results = usePublicData(searchQuery(term));
  return (
    <WithSidebar>
      <h1 className="page-title mb-3">Search Results:</h1>
      {term && results.data && results.data.total > 0 && (
        <p className="mb-4 text-slate-600 wrap-anywhere">
          {results.data.total} {results.data.total === 1 ? 'result' : 'results'} for{' '}
          <q className="font-semibold text-slate-800">{term}</q>
        </p>
      )}
      {term && <PlayerHits term={term} />}
      {!term ? (
        <p className="card p-6 text-slate-600">
          Type a prospect, school or topic in the search box to find articles and profiles.
        </p>
      ) : results.isError ? (
        <ErrorAlert title="Error getting search results" error={results.error} />
      ) : !results.data ? (
        <Spinner label="Searching" />
      ) : results.data.items.length === 0 ? (
        <p className="card p-6 text-slate-700 wrap-anywhere" role="status">
          No matching results for "{term}"
        </p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Results">
          {results.data.items.map((r) => (
            <li key={`${r.type}:${r.shortname}`}>
              <SearchHit hit={r} />
            </li>
          ))}
        </ol>
      )}
    </WithSidebar>
  );
}

function SearchHit({ hit }: { hit: SearchResult }) {
  const date = formatDate(hit.date);
  const to = `/${hit.type}/${hit.shortname}`;
  return (
    // A word too long for the card (a long name or title with no spaces) breaks at its edge.
    <article className="card flex min-w-0 flex-col gap-2 p-5 wrap-anywhere" data-testid="search-result">
      <p className="self-start rounded bg-gold-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-field-900">
        {hit.type === 'article' ? 'Article' : 'Prospect'}
      </p>
      <h2 className="font-display text-xl font-bold text-field-900">{hit.header}</h2>
      <p className="text-xs text-slate-600">
        {hit.author && (
          <>
            <span className="font-semibold text-slate-700">{hit.author}</span>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <time dateTime={date}>{date}</time>
      </p>
      <p className="text-sm leading-relaxed text-slate-700">{hit.preview}</p>
      <Link to={to} className="inline-flex min-h-6 items-center gap-1 self-start text-sm font-semibold">
        Read more<span className="sr-only">: {hit.header}</span> →
      </Link>
    </article>
  );
}

/**
 * NFL players whose name matches, each opening the Player Status Checker with him chosen. Only from
 * the player list the server already holds: a search never costs calls to the league services.
 */
function PlayerHits({ term }: { term: string }) {
  const found = usePublicData(playerFindQuery(term));
  const players = found.data?.players ?? [];
  if (players.length === 0) return null;
  return (
    <section className="card mb-4 p-4" aria-labelledby="player-hits-title">
      <h2 id="player-hits-title" className="section-title mb-2">
        NFL players
      </h2>
      <ul className="flex flex-wrap gap-2">
        {players.map((p) => (
          <li key={p.id}>
            <Link
              to={statusCheckerPath(p.id)}
              className="inline-flex min-h-6 items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm"
            >
              <span className="font-semibold">{p.name}</span>
              <span className="text-slate-600">
                {p.position} · {p.team}
              </span>
              <span className="sr-only">: check his status in your leagues</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">Opens the Player Status Checker with the player chosen.</p>
    </section>
  );
}
