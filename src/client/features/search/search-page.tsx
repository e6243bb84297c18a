import { useEffect } from 'react';
import { playerFindQuery, searchQuery, statusCheckerPath } from '#client/api/content.ts';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData, usePublicDataStore } from '#client/api/public-data.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useSearchParams } from '#client/router/router.tsx';
import type { SearchResult } from '#common/content.ts';
import { formatDate } from '#common/content-format.ts';
import type { PlayerFind } from '#common/leagues.ts';

const termFrom = (params: URLSearchParams) => (params.get('search') ?? '').trim();

// Nothing to look for, nothing to load (the page then only says what to type).
export const pageQueries: PageQueries = ({ search }) => {
  const term = termFrom(search);
  return term ? [searchQuery(term)] : [];
};

export function SearchPage() {
  const [params] = useSearchParams();
  const term = termFrom(params);
  usePageTitle(term ? `Search: ${term}` : 'Search');
  const results = usePublicData(searchQuery(term));
  const found = usePlayerFind(term);
  const players = found?.players ?? [];
  return (
    <WithSidebar>
      <h1 className="page-title mb-3">Search Results:</h1>
      {/* The NFL players first, under their own heading; the count that follows is of the site's pages below it. */}
      {term && <PlayerHits found={found} />}
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
          {/* With NFL players found (or on their way), the site has results: only its own pages lack them. */}
          {players.length > 0 || found?.loading
            ? `No articles or prospect profiles match "${term}".`
            : `No matching results for "${term}"`}
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

/** How long to wait before asking again while the server loads its player list. */
const PLAYERS_LOADING_RETRY_MS = 2000;

/**
 * The NFL players matching the term, from the list the server holds; while the server is still
 * loading that list (just after it started), asked for again every two seconds until it has it.
 */
function usePlayerFind(term: string): PlayerFind | undefined {
  const read = playerFindQuery(term);
  const store = usePublicDataStore();
  const found = usePublicData(read).data;
  useEffect(() => {
    if (!found?.loading) return;
    const timer = setTimeout(() => store.load(read.path, 0), PLAYERS_LOADING_RETRY_MS);
    return () => clearTimeout(timer);
  }, [found, store, read.path]);
  return read.enabled === false ? undefined : found;
}

function SearchHit({ hit }: { hit: SearchResult }) {
  const date = formatDate(hit.date);
  const to = `/${hit.type}/${hit.shortname}`;
  return (
    // A word too long for the card (a long name or title with no spaces) breaks at its edge.
    <article className="card flex min-w-0 flex-col gap-2 p-5 wrap-anywhere" data-testid="search-result">
      <p className="self-start rounded bg-gold-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-field-900">
        {hit.type === 'article' ? 'Article' : hit.type === 'ranking' ? 'Ranking' : 'Prospect'}
      </p>
      {/* A long title wraps between words and stops after two lines with an ellipsis (decision 031). */}
      <h2 className="line-clamp-2 font-display text-xl font-bold text-field-900" title={hit.header}>
        {hit.header}
      </h2>
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
function PlayerHits({ found }: { found: PlayerFind | undefined }) {
  const players = found?.players ?? [];
  if (found?.loading)
    return (
      <p className="card mb-4 p-4 text-sm text-slate-600" role="status">
        Loading NFL players…
      </p>
    );
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
              <span className="sr-only">: status in your leagues</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">Opens the Player Status Checker with the player chosen.</p>
    </section>
  );
}
