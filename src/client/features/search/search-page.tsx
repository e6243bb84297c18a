import { useQuery } from '@tanstack/react-query';
import { searchQuery } from '#client/api/content.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import type { PageQueries } from '#client/lib/page-queries.ts';
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
  const results = useQuery(searchQuery(term));
  return (
    <WithSidebar>
      <h1 className="page-title mb-3">Search Results:</h1>
      {term && results.data && results.data.total > 0 && (
        <p className="mb-4 text-slate-600 wrap-anywhere">
          {results.data.total} {results.data.total === 1 ? 'result' : 'results'} for{' '}
          <q className="font-semibold text-slate-800">{term}</q>
        </p>
      )}
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
