import { profilesQuery } from '#client/api/content.ts';
import { ProfileTile } from '#client/components/content/profile-tile.tsx';
import { TileSkeletons } from '#client/components/content/tile-skeletons.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import type { PageQueries } from '#client/lib/page-queries.ts';
import { usePublicData } from '#client/lib/public-data.ts';
import { useLocation } from '#client/router/router.tsx';
import { LIST_PAGE_SIZE } from '#common/content-format.ts';

const listQuery = (page: number) => profilesQuery({ page, limit: LIST_PAGE_SIZE });

export const pageQueries: PageQueries = ({ search }) => [listQuery(pageFromSearch(`?${search}`))];

export function Component() {
  const page = pageFromSearch(useLocation().search);
  usePageTitle(page > 1 ? `Prospects, page ${page}` : 'Prospects');
  const profiles = usePublicData(listQuery(page));
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">Prospects</h1>
      <p className="mb-6 text-slate-600">
        Scouting reports on the quarterbacks, backs, receivers and tight ends to know.
      </p>
      {profiles.isError ? (
        <ErrorAlert title="Error getting profiles" error={profiles.error} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" data-testid="profile-tiles">
            {profiles.data ? (
              profiles.data.items.map((p) => <ProfileTile key={p.id} profile={p} heading="h2" />)
            ) : (
              <TileSkeletons count={8} kind="profile" />
            )}
          </div>
          {profiles.data?.items.length === 0 && (
            <p className="card p-6 text-center text-slate-600">
              {page > 1 ? 'Nothing on this page: the list ends sooner.' : 'No prospects yet.'}
            </p>
          )}
          {profiles.data && <Pager page={page} limit={LIST_PAGE_SIZE} total={profiles.data.total} />}
        </>
      )}
    </WithSidebar>
  );
}
