import { rankingsQuery } from '#client/api/content.ts';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { RankingCard } from '#client/components/content/ranking-card.tsx';
import { TileSkeletons } from '#client/components/content/tile-skeletons.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import { Link } from '#client/router/links.tsx';
import { useLocation } from '#client/router/router.tsx';
import { LIST_PAGE_SIZE } from '#common/content-format.ts';
import { consensusPath, FormatFilters, filtersFrom } from './format-filters.tsx';

const listQuery = (search: string) =>
  rankingsQuery({ page: pageFromSearch(search), limit: LIST_PAGE_SIZE, ...filtersFrom(search) });

export const pageQueries: PageQueries = ({ search }) => [listQuery(`?${search}`)];

export function RankingListPage() {
  const { search } = useLocation();
  const page = pageFromSearch(search);
  usePageTitle(page > 1 ? `Rankings, page ${page}` : 'Rankings');
  const rankings = usePublicData(listQuery(search));
  const filters = filtersFrom(search);
  const filtered = Object.values(filters).some(Boolean);
  // The consensus of the newest board shown: a format writers have written, not an empty default.
  const newest = rankings.data?.items[0];
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">Rankings</h1>
      <p className="mb-4 text-slate-600">
        Our writers' boards, tiers and notes, each beside what real drafts say.{' '}
        <Link to={newest ? consensusPath(newest) : '/rankings/consensus'} className="font-semibold">
          See the consensus
        </Link>
      </p>
      <FormatFilters action="/rankings" value={filters} any />
      {rankings.isError ? (
        <ErrorAlert title="Error getting rankings" error={rankings.error} />
      ) : (
        <>
          <div className="grid gap-5 sm:grid-cols-2" data-testid="ranking-cards">
            {rankings.data ? (
              rankings.data.items.map((r) => <RankingCard key={r.id} ranking={r} />)
            ) : (
              <TileSkeletons count={4} kind="article" />
            )}
          </div>
          {rankings.data?.total === 0 && (
            <p className="card p-6 text-center text-slate-600">
              {filtered ? 'No rankings of this format yet.' : 'No rankings yet.'}
            </p>
          )}
          {rankings.data && <Pager page={page} limit={LIST_PAGE_SIZE} total={rankings.data.total} />}
        </>
      )}
    </WithSidebar>
  );
}
